/**
 * Deliveries a receiver has accepted (2xx) that the database does not know of yet. The relay
 * (src/server/webhook-delivery/relay.ts) adds each as it is answered and writes them a batch at a time, and at least
 * every second while it works, so a crash or a failed write makes it send again only what was answered
 * since the last write. What a failed write leaves here is written by a later call, before the
 * subscription's deliveries are read again: it is not sent again while the database refuses writes.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import type { RelayLog } from "./log.js";

export type Answered = {
  propertyId: string;
  deliveryId: string;
  status: number;
  /** The delivery's `created_at` when it was read: a redelivery asked for since resets it (see `write`). */
  createdAt: string;
};

type Owed = { answered: Answered[]; writing: Promise<boolean> };

/** A Postgres array literal; every value here (uuid, integer, timestamp) is safe inside double quotes. */
const arrayLiteral = (values: (string | number)[]) => `{${values.map((value) => `"${value}"`).join(",")}}`;

export class Ledger {
  private readonly owed = new Map<string, Owed>();

  constructor(
    private readonly db: Db,
    private readonly log: RelayLog,
  ) {}

  add(webhookId: string, answered: Answered): void {
    let owed = this.owed.get(webhookId);
    if (!owed) {
      owed = { answered: [], writing: Promise.resolve(true) };
      this.owed.set(webhookId, owed);
    }
    owed.answered.push(answered);
  }

  /** Subscriptions with answered deliveries not written yet. */
  owing(): string[] {
    return [...this.owed.keys()];
  }

  /**
   * Writes what these subscriptions' receivers accepted, in one statement; false (logged) if it failed, and
   * then they stay here. A subscription's writes go one at a time, so when this resolves none of its
   * answered deliveries is still being written: a read of its pending deliveries after it never sees one.
   */
  async write(webhookIds: string[]): Promise<boolean> {
    const owing = webhookIds.flatMap((id) => {
      const owed = this.owed.get(id);
      return owed ? [{ id, owed }] : [];
    });
    await Promise.all(owing.map(({ owed }) => owed.writing));
    const taken = owing.map(({ owed }) => owed.answered.splice(0));
    const rows = taken.flat();
    if (rows.length === 0) return true;
    const writing = this.record(rows).then(
      () => true,
      (err: unknown) => {
        // Back in front, before anyone waiting on this write reads them.
        for (const [i, { owed }] of owing.entries()) owed.answered.unshift(...(taken[i] ?? []));
        this.log.error(
          { err, webhookIds: owing.map(({ id }) => id), deliveryIds: rows.map((row) => row.deliveryId) },
          "accepted webhook deliveries were not recorded; they are written on a later try",
        );
        return false;
      },
    );
    for (const { owed } of owing) owed.writing = writing;
    const written = await writing;
    for (const { id, owed } of owing) {
      if (owed.answered.length === 0 && owed.writing === writing) this.owed.delete(id);
    }
    return written;
  }

  /**
   * Marks them delivered. One whose `created_at` changed since it was read was asked to be sent again
   * meanwhile (redelivery): it stays pending, so that request is not lost.
   */
  private async record(rows: Answered[]): Promise<void> {
    await this.db.execute(sql`
      update webhook_deliveries d set status = 'delivered', attempts = d.attempts + 1, last_attempt_at = now(),
        delivered_at = now(), response_status = o.status, error = null
      from unnest(${arrayLiteral(rows.map((row) => row.propertyId))}::uuid[],
                  ${arrayLiteral(rows.map((row) => row.deliveryId))}::uuid[],
                  ${arrayLiteral(rows.map((row) => row.status))}::int[],
                  ${arrayLiteral(rows.map((row) => row.createdAt))}::timestamptz[])
        as o(property_id, id, status, created_at)
      where d.property_id = o.property_id and d.id = o.id and d.created_at = o.created_at`);
  }
}
