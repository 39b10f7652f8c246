/**
 * A subscription's pending deliveries as the relay (src/server/webhook-delivery/relay.ts) reads them, and what it
 * writes when an attempt fails: the next attempt after exponential back-off, or `failed` once the delivery's
 * retry window has passed. Accepted deliveries are written by src/server/webhook-delivery/ledger.ts.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { queryRows } from "../db/rows.js";
import type { OutboxRow } from "../live/outbox.js";
import type { Outcome } from "./send.js";

export type Pending = OutboxRow & {
  delivery_id: string;
  /** Text, so that it compares equal when written back (src/server/webhook-delivery/ledger.ts). */
  delivery_created_at: string;
  due: boolean;
  age_ms: string | number;
  attempts: number;
};

export type RetryTiming = { retryBaseMs: number; maxBackoffMs: number; retryWindowMs: number };

/** Deliveries read per statement. */
export const BATCH = 50;

/** The subscription's oldest pending deliveries with their events, in event order. */
export function readPending(db: Db, webhookId: string): Promise<Pending[]> {
  return queryRows<Pending>(
    db,
    sql`
    select d.id as delivery_id, d.created_at::text as delivery_created_at, d.attempts,
           d.next_attempt_at <= now() as due, extract(epoch from now() - d.created_at) * 1000 as age_ms,
           a.id, a.property_id, a.property_seq, a.action, a.entity_type, a.entity_id, a.at, a.actor_name, a.changes
    from webhook_deliveries d
    join activity a on a.property_id = d.property_id and a.id = d.event_id
    where d.webhook_id = ${webhookId} and d.status = 'pending'
    order by d.event_seq limit ${BATCH}`,
  );
}

/** Records a failed attempt; answers the delay before the next one, or null when it was given up (failed). */
export async function recordFailure(
  db: Db,
  timing: RetryTiming,
  head: Pending,
  outcome: Outcome,
): Promise<number | null> {
  const where = sql`property_id = ${head.property_id} and id = ${head.delivery_id}`;
  const error = outcome.error?.slice(0, 500) ?? null;
  const attempt = sql`attempts = attempts + 1, last_attempt_at = now(), response_status = ${outcome.status}, error = ${error}`;
  if (Number(head.age_ms) >= timing.retryWindowMs) {
    await db.execute(sql`update webhook_deliveries set status = 'failed', ${attempt} where ${where}`);
    return null;
  }
  const delay = backoff(timing, head.attempts + 1);
  await db.execute(sql`
    update webhook_deliveries set ${attempt}, next_attempt_at = now() + make_interval(secs => ${delay / 1000})
    where ${where}`);
  return delay;
}

function backoff(timing: RetryTiming, attempts: number): number {
  const exponential = Math.min(timing.retryBaseMs * 2 ** Math.min(attempts - 1, 30), timing.maxBackoffMs);
  // ±20 %: receivers that come back are not hit by every sender at the same instant.
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}
