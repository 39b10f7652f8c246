/**
 * API tokens of a property (DESIGN §9.5). The secret exists only in the create answer; the table keeps its
 * SHA-256. Revoking deletes the row, so the very next request with it is refused (and a trigger ends the
 * live streams opened with it, on every instance).
 */
import { and, desc, eq } from "drizzle-orm";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import type { ApiToken, ApiTokenInput, CreatedApiToken } from "../../../domain/integration-schemas.js";
import { isRole } from "../../../domain/permissions.js";
import { newApiTokenSecret } from "../../auth/api-tokens.js";
import { hashToken } from "../../auth/sessions.js";
import type { Db } from "../../db/connect.js";
import { apiTokens } from "../../db/schema.js";
import { toIso } from "../../http/present.js";

type TokenRow = typeof apiTokens.$inferSelect;

export function presentApiToken(row: TokenRow): ApiToken {
  if (!isRole(row.role)) throw new Error(`api token ${row.id} has an unknown role`);
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    createdAt: toIso(row.createdAt),
    lastUsedAt: row.lastUsedAt ? toIso(row.lastUsedAt) : null,
    expiresAt: row.expiresAt ? toIso(row.expiresAt) : null,
  };
}

export async function listApiTokens(db: Db, propertyId: string): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.propertyId, propertyId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(presentApiToken);
}

export async function createApiToken(
  db: Db,
  propertyId: string,
  createdBy: string | null,
  input: ApiTokenInput,
  now: Date,
): Promise<CreatedApiToken> {
  // Nobody grants "owner", whoever asks (DESIGN §9.3).
  if (input.role === "owner") throw new AppError("forbidden", MESSAGES.forbidden);
  if (input.expiresAt && Date.parse(input.expiresAt) <= now.getTime()) {
    throw new AppError("validation", "expiresAt: must be in the future");
  }
  const token = newApiTokenSecret();
  const [row] = await db
    .insert(apiTokens)
    .values({
      propertyId,
      name: input.name,
      role: input.role,
      tokenHash: hashToken(token),
      createdBy,
      expiresAt: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return { ...presentApiToken(row), token };
}

export async function revokeApiToken(db: Db, propertyId: string, id: string): Promise<ApiToken> {
  const [row] = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.propertyId, propertyId), eq(apiTokens.id, id)))
    .returning();
  if (!row) throw new AppError("not_found", MESSAGES.notFound);
  return presentApiToken(row);
}
