/**
 * API tokens of a property (docs/product.md#api-tokens). The secret exists only in the create answer; the
 * table keeps its SHA-256. Revoking deletes the row, so the very next request with it is refused (and a
 * trigger ends the live streams opened with it, on every instance). A token is created for a member, its
 * creator, and never with a role beyond the creator's (a token making a token passes its own creator on): the
 * team service revokes a member's tokens when they are removed or demoted below them.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { AppError, fieldError, MESSAGES } from "../../../domain/errors.js";
import { canGrant } from "../../../domain/permissions.js";
import type { ApiToken, ApiTokenInput, CreatedApiToken } from "../../../domain/schemas/api-tokens.js";
import { newApiTokenSecret } from "../../auth/api-tokens.js";
import type { Grantor } from "../../auth/grantor.js";
import { hashToken } from "../../auth/sessions.js";
import { announceRevoked } from "../../db/changes-channel.js";
import type { Db } from "../../db/connect.js";
import { apiTokens, users } from "../../db/schema.js";
import { type Actor, created, deleteRecord, type RecordTarget, withActivity } from "../activity/index.js";
import { presentApiToken } from "./presenter.js";

/** How a member is named in lists: the display name, else the email. */
const creatorName = sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.email}, '')`;

export async function listApiTokens(db: Db, propertyId: string): Promise<ApiToken[]> {
  const rows = await db
    .select({ token: apiTokens, createdByName: creatorName })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .where(eq(apiTokens.propertyId, propertyId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((row) => presentApiToken(row.token, row.createdByName));
}

async function insertApiToken(
  db: Db,
  propertyId: string,
  grantor: Grantor,
  input: ApiTokenInput,
  now: Date,
): Promise<CreatedApiToken> {
  // Nobody grants "owner" or a role beyond their own, whoever asks (docs/product.md#roles-and-permissions).
  if (!canGrant(grantor.role, input.role)) throw new AppError("forbidden", MESSAGES.forbidden);
  const createdBy = grantor.memberId;
  if (createdBy === null) throw new AppError("forbidden", MESSAGES.forbidden);
  if (input.expiresAt && Date.parse(input.expiresAt) <= now.getTime()) {
    throw fieldError("expiresAt", "must be in the future");
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
  return { ...presentApiToken(row, await memberName(db, createdBy)), token };
}

async function memberName(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ name: creatorName }).from(users).where(eq(users.id, userId));
  return row?.name ?? "";
}

async function dropApiToken(db: Db, propertyId: string, id: string): Promise<ApiToken> {
  const [row] = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.propertyId, propertyId), eq(apiTokens.id, id)))
    .returning();
  if (!row) throw new AppError("not_found", MESSAGES.notFound);
  await announceRevoked(db, [{ revoked: "session", tokenHash: row.tokenHash }]);
  return presentApiToken(row, await memberName(db, row.createdBy));
}

const LOGGED = ["name", "role", "expiresAt"] as const;

/** Creates a token and its entry, in one transaction. */
export async function createApiToken(
  db: Db,
  propertyId: string,
  actor: Actor,
  grantor: Grantor,
  input: ApiTokenInput,
  now: Date,
): Promise<CreatedApiToken> {
  return withActivity(
    db,
    propertyId,
    actor,
    (tx) => insertApiToken(tx, propertyId, grantor, input, now),
    (made) => ({
      action: "api_token.created",
      entityType: "api_token",
      entityId: made.id,
      changes: created(made, LOGGED),
    }),
  );
}

/** Revokes (deletes) a token and writes the entry, in one transaction. */
export async function revokeApiToken(db: Db, target: RecordTarget): Promise<ApiToken> {
  return deleteRecord(
    db,
    target,
    "api_token.revoked",
    { type: "api_token", present: (token: ApiToken) => token, fields: LOGGED },
    (tx) => dropApiToken(tx, target.propertyId, target.id),
  );
}
