/**
 * Database sessions. The browser holds an opaque random token; the database stores only its SHA-256, so a
 * leaked database dump cannot be replayed as cookies.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Language } from "../../domain/languages.js";
import { isRole, type Role } from "../../domain/permissions.js";
import type { SessionUser } from "../../domain/schemas/session.js";
import { announceRevoked } from "../db/changes-channel.js";
import type { Db } from "../db/connect.js";
import { queryRows } from "../db/rows.js";
import { sessions, users } from "../db/schema.js";

export const SESSION_COOKIE = "innkeep_session";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type IdentityClaims = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
};

/** Creates or refreshes the user for an OIDC identity (issuer + subject), returning its id. */
export async function upsertUser(db: Db, claims: IdentityClaims): Promise<string> {
  const [row] = await db
    .insert(users)
    .values(claims)
    .onConflictDoUpdate({
      target: [users.issuer, users.subject],
      set: { email: claims.email, emailVerified: claims.emailVerified, displayName: claims.displayName },
    })
    .returning({ id: users.id });
  if (!row) throw new Error("user upsert returned no row");
  return row.id;
}

export async function createSession(db: Db, userId: string, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ttlMs).toISOString(),
  });
  // Opportunistic cleanup keeps the table small without a scheduler.
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  return token;
}

/** What `innkeep_session` answers (migration 0016). */
type SessionRow = {
  id: string;
  expiresMs: number;
  email: string | null;
  displayName: string | null;
  emailVerified: boolean;
  role: string | null;
  invited: boolean;
};

/** `role`: the user's role in the property asked about, null when they are not one of its members. */
export type SessionRecord = {
  user: Omit<SessionUser, "isAdmin">;
  emailVerified: boolean;
  role: Role | null;
  /** An invitation waits for this user's verified email (it is accepted before the request goes on). */
  invited: boolean;
  tokenHash: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
};

/**
 * The session's user and, for a request under /api/properties/:pid, whether that user is a member of the
 * property: both in one statement, because every API request needs them before anything else.
 */
export async function findSession(
  db: Db,
  token: string,
  propertyId: string | null = null,
): Promise<SessionRecord | undefined> {
  const tokenHash = hashToken(token);
  const [row] = await queryRows<SessionRow>(
    db,
    sql`select * from innkeep_session(${tokenHash}, ${propertyId}::uuid)`,
  );
  if (!row) return undefined;
  return {
    user: { id: row.id, email: row.email, displayName: row.displayName },
    emailVerified: row.emailVerified,
    role: isRole(row.role) ? row.role : null,
    invited: row.invited === true,
    tokenHash,
    expiresAt: row.expiresMs,
  };
}

/** Signs the session out, and ends its live streams on every instance. */
export async function deleteSession(db: Db, token: string): Promise<void> {
  const tokenHash = hashToken(token);
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    await announceRevoked(tx as unknown as Db, [{ revoked: "session", tokenHash }]);
  });
}

/** The language the user chose in the header (null: the browser's). */
export async function userLanguageOf(db: Db, userId: string): Promise<Language | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return (row?.language as Language | null | undefined) ?? null;
}

export async function setUserLanguage(db: Db, userId: string, language: Language | null): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}
