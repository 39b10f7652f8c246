/**
 * The channel on which a writing transaction tells every server instance to look: at a property's new event
 * (the live feed and the webhook relay then read the outbox, src/server/live/change-feed.ts), or at access
 * that is gone (a session or API token deleted, a membership changed or removed: its live streams end).
 *
 * The application sends these, inside the transaction (so only a commit sends them), as statements of their
 * own that touch no table. Not from triggers: on Citus a trigger runs where the row lives, and a NOTIFY there
 * would reach a worker's listeners, never the coordinator's (and fails two-phase commits). A wake-up is a
 * hint: a lost one costs latency, never an event (the readers also poll).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "./connect.js";
import { queryRows } from "./rows.js";

export const CHANGES_CHANNEL = "innkeep_changes";

export const accessRevoked = z.discriminatedUnion("revoked", [
  z.object({ revoked: z.literal("session"), tokenHash: z.string() }),
  z.object({ revoked: z.literal("member"), propertyId: z.string(), userId: z.string() }),
]);
export type AccessRevoked = z.infer<typeof accessRevoked>;

export const wakeUp = z.object({
  propertyId: z.string(),
  seq: z.number().int(),
  /** How many webhook deliveries the event has (0: the webhook relay need not look). */
  deliveries: z.number().int().optional(),
});
export type WakeUp = z.infer<typeof wakeUp>;

async function notify(db: Db, message: AccessRevoked | WakeUp): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(message)})`);
}

/**
 * Announces the property's event `seq` (its latest when omitted: the one this transaction just wrote, since
 * writing it locked the property's counter), with the number of webhook deliveries it queued.
 */
export async function announceEvent(db: Db, propertyId: string, seq?: number): Promise<void> {
  const [row] = await queryRows<{ seq: string | number; deliveries: string | number }>(
    db,
    sql`select p.event_seq as seq,
      (select count(*) from webhook_deliveries d where d.property_id = p.id and d.event_seq = p.event_seq)
        as deliveries
      from properties p where p.id = ${propertyId}`,
  );
  if (!row) return;
  if (seq !== undefined && Number(row.seq) !== seq) {
    throw new Error(`event ${seq} is not the property's latest (${row.seq})`);
  }
  await notify(db, { propertyId, seq: Number(row.seq), deliveries: Number(row.deliveries) });
}

/** Announces that these credentials or memberships no longer give access (their streams end). */
export async function announceRevoked(db: Db, revoked: readonly AccessRevoked[]): Promise<void> {
  for (const message of revoked) await notify(db, message);
}
