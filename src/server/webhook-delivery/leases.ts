/**
 * Which server instance sends to a subscription: the one holding the lease on its row (`lease_owner`,
 * `lease_until`). Leases are short and renewed together every quarter lease, whatever the requests in
 * flight are doing, so a crashed instance's leases run out within seconds, and the instance that takes them
 * over can tell when (`nextRunOut`) instead of waiting for its next poll. Used by the relay
 * (src/server/webhook-delivery/relay.ts), which gives a lease back whenever its work on it ends.
 */
import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { arrayLiteral, queryRows } from "../db/rows.js";
import type { RelayLog } from "./log.js";

export type Subscription = { id: string; property_id: string; url: string; secret: string };
/** This instance's hold on a subscription: `until` (performance.now()) is when it runs out unless renewed. */
export type Lease = { until: number; lost: boolean };

/**
 * A subscription `c` is due when its oldest pending delivery is: later ones wait for it (order). Matched by
 * property too, so that on Citus the subquery stays within the subscription's shard.
 */
const DUE = sql`(select d.next_attempt_at from webhook_deliveries d
  where d.property_id = c.property_id and d.webhook_id = c.id and d.status = 'pending'
  order by d.event_seq limit 1) <= now()`;

export class Leases {
  /** The subscriptions this instance works on. */
  readonly held = new Map<string, Lease>();
  private readonly owner = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly leaseMs: number,
    private readonly log: RelayLog,
  ) {}

  /**
   * Leases up to `room` due subscriptions that no other instance holds, except `skipped`. Its own lease
   * left after a failed release may be claimed again, but not one it works on. Throws a database error.
   */
  async claim(room: number, skipped: string[]): Promise<{ subscription: Subscription; lease: Lease }[]> {
    const asked = performance.now();
    const free = sql`(lease_until is null or lease_until < now() or lease_owner = ${this.owner})`;
    // Two steps, not SELECT … FOR UPDATE SKIP LOCKED (which Citus refuses across shards): find due
    // subscriptions, then take those still free. The UPDATE re-checks `free` on each row it locks, so when
    // two instances race for one, the second finds it taken and skips it.
    const candidates = await queryRows<{ id: string; property_id: string }>(
      this.db,
      sql`select c.id, c.property_id from webhooks c
        where c.active and c.id <> all(${arrayLiteral([...this.held.keys(), ...skipped])}::uuid[]) and ${free}
          and ${DUE}
        limit ${room}`,
    );
    if (candidates.length === 0) return [];
    const claimed = await queryRows<Subscription>(
      this.db,
      sql`update webhooks set lease_owner = ${this.owner}, lease_until = now() + ${this.interval()}
        where property_id = any(${arrayLiteral(candidates.map((c) => c.property_id))}::uuid[])
          and id = any(${arrayLiteral(candidates.map((c) => c.id))}::uuid[]) and active and ${free}
        returning id, property_id, url, secret`,
    );
    return claimed.map((subscription) => {
      const lease: Lease = { until: asked + this.leaseMs, lost: false };
      this.held.set(subscription.id, lease);
      return { subscription, lease };
    });
  }

  /** In how many milliseconds the first lease of another instance on a due subscription runs out. */
  async nextRunOut(): Promise<number | null> {
    const [next] = await queryRows<{ ms: string | number | null }>(
      this.db,
      sql`select extract(epoch from min(c.lease_until) - now()) * 1000 as ms from webhooks c
          where c.active and c.lease_owner <> ${this.owner} and c.lease_until >= now() and ${DUE}`,
    );
    return next?.ms === null || next?.ms === undefined ? null : Number(next.ms);
  }

  holds(lease: Lease): boolean {
    return !lease.lost && performance.now() < lease.until;
  }

  /** Extends every lease held; one another instance has taken is marked lost (its work then stops). */
  async renew(): Promise<void> {
    const ids = [...this.held.keys()];
    if (ids.length === 0) return;
    const asked = performance.now();
    try {
      // Whether or not it ran out: while the owner is still this instance, no other has taken it.
      const renewed = await queryRows<{ id: string }>(
        this.db,
        sql`update webhooks set lease_until = now() + ${this.interval()}
            where id = any(${arrayLiteral(ids)}::uuid[]) and lease_owner = ${this.owner}
            returning id`,
      );
      const kept = new Set(renewed.map((row) => row.id));
      for (const id of ids) {
        const lease = this.held.get(id);
        if (lease && kept.has(id)) lease.until = asked + this.leaseMs;
        else if (lease) lease.lost = true;
      }
    } catch (err) {
      this.log.warn(
        { err, webhookIds: ids },
        "webhook leases were not renewed; sending stops when they run out unless a renewal succeeds",
      );
    }
  }

  /** Gives one lease back. If that fails it runs out within a lease, or this instance claims it again. */
  async release(webhookId: string): Promise<void> {
    this.held.delete(webhookId);
    await this.giveBack(sql`id = ${webhookId} and lease_owner = ${this.owner}`, { webhookId });
  }

  /** Gives every lease of this instance back (closing), so another instance can go on at once. */
  async releaseAll(): Promise<void> {
    this.held.clear();
    await this.giveBack(sql`lease_owner = ${this.owner}`, {});
  }

  private async giveBack(where: SQL, context: { webhookId?: string }): Promise<void> {
    try {
      await this.db.execute(sql`update webhooks set lease_owner = null, lease_until = null where ${where}`);
    } catch (err) {
      this.log.warn({ err, ...context }, "a webhook lease was not given back; it runs out within seconds");
    }
  }

  private interval() {
    return sql`make_interval(secs => ${this.leaseMs / 1000})`;
  }
}
