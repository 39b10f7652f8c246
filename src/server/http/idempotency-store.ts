/**
 * The SQL of idempotency keys (see idempotency.ts for the protocol). The claim, the stored answer and the
 * request's work run in the request's one transaction, so they commit together or not at all; only the purge
 * stands alone. Times are the database's `now()`, never the app's clock (tests move that one to another year).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { idempotencyKeys } from "../db/schema.js";

/** Past this age a key is treated as absent: replaced when used again, deleted by `purgeExpired`. */
export const KEY_TTL = sql.raw(`interval '24 hours'`);

export type KeyId = { principal: string; key: string };
export type StoredKey = { requestHash: string; responseStatus: number | null; responseBody: string | null };

// A row without an answer was claimed under the protocol before keys committed with their answers (decision
// 015): nothing will answer it any more.
const replaceable = sql`${idempotencyKeys.createdAt} < now() - ${KEY_TTL} or ${idempotencyKeys.responseStatus} is null`;

/**
 * Claims the key in the request's transaction: inserts it, or takes over an expired row. False when the key
 * holds a committed answer. A concurrent request with the same key waits here, on the key's row, until the
 * first commits (then it finds the answer) or rolls back (then it claims the key itself).
 */
export async function claimKey(tx: Db, id: KeyId, requestHash: string): Promise<boolean> {
  // An insert, then a takeover: not one upsert, since Citus refuses now() in an upsert's DO UPDATE. A
  // concurrent insert of the same key waits for the first request's transaction just the same.
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ ...id, requestHash })
    .onConflictDoNothing({ target: [idempotencyKeys.principal, idempotencyKeys.key] })
    .returning({ claimedAt: idempotencyKeys.createdAt });
  if (inserted.length > 0) return true;
  const taken = await tx
    .update(idempotencyKeys)
    .set({ requestHash, responseStatus: null, responseBody: null, createdAt: sql`now()` })
    .where(and(ownedBy(id), replaceable))
    .returning({ claimedAt: idempotencyKeys.createdAt });
  return taken.length > 0;
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

/** Stores the answer on the key claimed in the same transaction. */
export async function storeAnswer(tx: Db, id: KeyId, status: number, body: string | null): Promise<void> {
  await tx.update(idempotencyKeys).set({ responseStatus: status, responseBody: body }).where(ownedBy(id));
}

/** One indexed range delete (`idempotency_keys_created_at_idx`). */
export async function purgeExpired(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - ${KEY_TTL}`);
}

function ownedBy(id: KeyId) {
  return and(eq(idempotencyKeys.principal, id.principal), eq(idempotencyKeys.key, id.key));
}
