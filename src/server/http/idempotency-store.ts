/**
 * The SQL of idempotency keys (see idempotency.ts for the protocol). Every statement stands alone, outside
 * the handler's transaction: a claim must be visible to concurrent requests before the handler starts, and
 * the answer must stay stored even though the handler's transaction has long committed.
 * Times are the database's `now()`, never the app's clock (tests move that one to another year).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { idempotencyKeys } from "../db/schema.js";

/** Past this age a key is treated as absent: replaced when used again, deleted by `purgeExpired`. */
export const KEY_TTL = sql.raw(`interval '24 hours'`);
/**
 * A claim without an answer this old belongs to a process that died mid-request; it may be claimed again.
 * Requests here finish in well under a second, so a live request is not mistaken for a dead one.
 */
export const ABANDONED_AFTER = sql.raw(`interval '60 seconds'`);

export type KeyId = { principal: string; key: string };
/** A claim is ours only while the row still carries the creation time our claim gave it. */
export type Claim = KeyId & { claimedAt: string };
export type StoredKey = { requestHash: string; responseStatus: number | null; responseBody: string | null };

const replaceable = sql`${idempotencyKeys.createdAt} < now() - ${KEY_TTL}
  or (${idempotencyKeys.responseStatus} is null and ${idempotencyKeys.createdAt} < now() - ${ABANDONED_AFTER})`;

/**
 * Claims the key for this request: inserts it, or takes over an expired or abandoned row, in one statement
 * (the row lock makes concurrent claimers agree on one winner). Null when someone else holds the key.
 */
export async function claimKey(db: Db, id: KeyId, requestHash: string): Promise<Claim | null> {
  const [row] = await db
    .insert(idempotencyKeys)
    .values({ ...id, requestHash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.principal, idempotencyKeys.key],
      set: { requestHash, responseStatus: null, responseBody: null, createdAt: sql`now()` },
      where: replaceable,
    })
    .returning({ claimedAt: idempotencyKeys.createdAt });
  return row ? { ...id, claimedAt: row.claimedAt } : null;
}

export async function findKey(db: Db, id: KeyId): Promise<StoredKey | undefined> {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      responseStatus: idempotencyKeys.responseStatus,
      responseBody: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(ownedBy(id));
  return row;
}

/** Stores the first answer, unless the claim was taken over meanwhile (then the newer claim answers). */
export async function storeAnswer(db: Db, claim: Claim, status: number, body: string | null): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(
      and(
        ownedBy(claim),
        eq(idempotencyKeys.createdAt, claim.claimedAt),
        isNull(idempotencyKeys.responseStatus),
      ),
    );
}

/** Gives the key back so that a retry runs the request again. */
export async function releaseClaim(db: Db, claim: Claim): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        ownedBy(claim),
        eq(idempotencyKeys.createdAt, claim.claimedAt),
        isNull(idempotencyKeys.responseStatus),
      ),
    );
}

/** One indexed range delete (`idempotency_keys_created_at_idx`). */
export async function purgeExpired(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - ${KEY_TTL}`);
}

function ownedBy(id: KeyId) {
  return and(eq(idempotencyKeys.principal, id.principal), eq(idempotencyKeys.key, id.key));
}
