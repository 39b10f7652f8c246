/**
 * API tokens (docs/product.md#api-tokens): `Authorization: Bearer <token>` acts on one property with the
 * token's role. Only the SHA-256 of a token is stored. A token is looked up on every request, so a revoked
 * (deleted) or expired one is refused at once; `lastUsedAt` is written at most once a minute per token, not
 * per request. A token is bounded by its creator's current membership: the team service revokes it when they
 * are removed or demoted below it, and the lookup refuses it should their role no longer cover it by any
 * other path.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { isRole, type Role, roleCovers } from "../../domain/permissions.js";
import { API_TOKEN_PREFIX } from "../../domain/schemas/api-tokens.js";
import type { Db } from "../db/connect.js";
import { apiTokens, propertyMembers } from "../db/schema.js";
import { hashToken } from "./sessions.js";

/** How stale `lastUsedAt` may be before a request refreshes it. */
const LAST_USED_RESOLUTION_MS = 60_000;

export type TokenPrincipal = {
  id: string;
  name: string;
  propertyId: string;
  role: Role;
  /** The member the token acts for: its tokens' creator too, and never changed by it. */
  createdBy: string;
  tokenHash: string;
  /** Milliseconds since the epoch; Infinity for a token that does not expire. */
  expiresAt: number;
};

export function newApiTokenSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** The bearer token of an `Authorization` header, or null when the header is not a bearer one. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+(\S{1,200})[ \t]*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

/** The unexpired token with this secret, or undefined. */
export async function findApiToken(db: Db, secret: string): Promise<TokenPrincipal | undefined> {
  const tokenHash = hashToken(secret);
  const [row] = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      propertyId: apiTokens.propertyId,
      role: apiTokens.role,
      createdBy: apiTokens.createdBy,
      creatorRole: propertyMembers.role,
      expiresAt: apiTokens.expiresAt,
      stale: sql<boolean>`${apiTokens.lastUsedAt} is null
        or ${apiTokens.lastUsedAt} < now() - make_interval(secs => ${LAST_USED_RESOLUTION_MS / 1000})`,
    })
    .from(apiTokens)
    .innerJoin(
      propertyMembers,
      and(
        eq(propertyMembers.propertyId, apiTokens.propertyId),
        eq(propertyMembers.userId, apiTokens.createdBy),
      ),
    )
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        sql`(${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > now())`,
      ),
    )
    .limit(1);
  if (!row || !isRole(row.role) || !isRole(row.creatorRole) || !roleCovers(row.creatorRole, row.role)) {
    return undefined;
  }
  if (row.stale) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiTokens.propertyId, row.propertyId), eq(apiTokens.id, row.id)));
  }
  return {
    id: row.id,
    name: row.name,
    propertyId: row.propertyId,
    role: row.role,
    createdBy: row.createdBy,
    tokenHash,
    expiresAt: row.expiresAt ? Date.parse(row.expiresAt) : Number.POSITIVE_INFINITY,
  };
}
