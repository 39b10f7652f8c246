/**
 * The webhook relay: sends each subscription's pending deliveries in event order, signed, at least once.
 *
 * - A subscription is worked on by one server instance at a time: the instance takes a lease on its row
 *   (`lease_owner`, `lease_until`, longer than a delivery's timeout) and renews it per batch, so two
 *   instances never send the same event at the same time, and a crashed instance's lease simply runs out.
 * - Order: only the oldest pending delivery of a subscription is ever sent; while it is retried, later ones
 *   wait. A failure is retried with exponential back-off (and jitter) for at least 24 hours from the
 *   delivery's creation, then marked failed and the next one goes.
 * - Isolation: subscriptions are sent concurrently, each with a timeout; a slow, failing or hanging receiver
 *   holds only its own subscription. Nothing here runs inside a write: events and deliveries were committed
 *   with the change, and the relay learns of them from the change feed's wake-ups, a poll, or its own timers.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { sql } from "drizzle-orm";
import { WEBHOOK_RETRY_WINDOW_HOURS, WEBHOOK_TIMEOUT_SECONDS } from "../../domain/integration-schemas.js";
import type { Db } from "../db/connect.js";
import { queryRows } from "../db/rows.js";
import { type OutboxRow, webhookEventOf } from "../live/outbox.js";
import { literalRefusal, publicOnlyLookup, refuseNonPublicPeer } from "./receivers.js";
import { signatureHeader } from "./signature.js";

export type RelayOptions = {
  allowPrivate: boolean;
  /** First retry delay; doubles per attempt up to `maxBackoffMs`. */
  retryBaseMs?: number;
  maxBackoffMs?: number;
  retryWindowMs?: number;
  timeoutMs?: number;
  pollMs?: number;
  /** Subscriptions one instance sends to at once. */
  concurrency?: number;
  /** Wake-ups within this long are answered together: a busy property's events go out in batches. */
  coalesceMs?: number;
};

type Timing = Required<Omit<RelayOptions, "allowPrivate">>;

const DEFAULTS: Timing = {
  // A receiver that blinked gets the event again within a second or two; a long outage backs off to hourly.
  retryBaseMs: 1_000,
  maxBackoffMs: 3_600_000,
  retryWindowMs: WEBHOOK_RETRY_WINDOW_HOURS * 3_600_000,
  timeoutMs: WEBHOOK_TIMEOUT_SECONDS * 1000,
  pollMs: 5_000,
  concurrency: 32,
  // Webhooks are not a live screen: a tenth of a second buys batches of a busy property's events.
  coalesceMs: 100,
};

type Subscription = { id: string; property_id: string; url: string; secret: string };
type Pending = OutboxRow & { delivery_id: string; due: boolean; age_ms: string | number; attempts: number };

/** Deliveries read (and their outcomes written) per statement. */
const BATCH = 50;
type Outcome = { ok: boolean; status: number | null; error: string | null };

export class WebhookRelay {
  private readonly instance = randomUUID();
  private readonly timing: Timing;
  private readonly working = new Set<string>();
  private poll: NodeJS.Timeout | undefined;
  private retries = new Set<NodeJS.Timeout>();
  private ticking = false;
  private soon: NodeJS.Timeout | undefined;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly options: RelayOptions,
  ) {
    this.timing = {
      ...DEFAULTS,
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
    };
  }

  start(): void {
    this.poll = setInterval(() => this.wake(), this.timing.pollMs);
    this.poll.unref();
    this.wake();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.poll);
    clearTimeout(this.soon);
    for (const timer of this.retries) clearTimeout(timer);
    // Give leases back so another instance can go on at once (in-flight sends finish or time out).
    await this.db
      .execute(
        sql`update webhooks set lease_owner = null, lease_until = null where lease_owner = ${this.instance}`,
      )
      .catch(() => {});
  }

  /**
   * Something may be due: claim what is and send it, shortly. Under a stream of writes the wake-ups of
   * `coalesceMs` are answered with one claim and one batch per subscription, so the relay's statements do
   * not grow with the writes it follows.
   */
  wake(): void {
    if (this.closed || this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      this.tick();
    }, this.timing.coalesceMs);
  }

  /** Claims and sends now; calls during a claim are folded into one more. */
  private tick(): void {
    if (this.closed) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    void this.claimAndSend().finally(() => {
      this.ticking = false;
      if (this.again) {
        this.again = false;
        this.tick();
      }
    });
  }

  private async claimAndSend(): Promise<void> {
    const room = this.timing.concurrency - this.working.size;
    if (room <= 0) return;
    let claimed: Subscription[];
    try {
      claimed = await queryRows<Subscription>(
        this.db,
        sql`
        update webhooks w set lease_owner = ${this.instance}, lease_until = now() + ${this.leaseSql()}
        where (w.property_id, w.id) in (
          select c.property_id, c.id from webhooks c
          where c.active and (c.lease_until is null or c.lease_until < now())
            and (select d.next_attempt_at from webhook_deliveries d
                 where d.webhook_id = c.id and d.status = 'pending' order by d.event_seq limit 1) <= now()
          limit ${room} for update skip locked)
        returning w.id, w.property_id, w.url, w.secret`,
      );
    } catch {
      return; // the database is unavailable: the next wake-up or poll tries again
    }
    for (const subscription of claimed) {
      this.working.add(subscription.id);
      void this.work(subscription).finally(() => {
        this.working.delete(subscription.id);
        // Its next delivery may be due, or another subscription waited for a free slot.
        this.wake();
      });
    }
  }

  private leaseSql() {
    // Long enough for a timed-out attempt plus the bookkeeping around it.
    return sql`make_interval(secs => ${(this.timing.timeoutMs * 3) / 1000})`;
  }

  /**
   * Sends the subscription's deliveries in order until one fails or none is due, then gives the lease back.
   * Deliveries are read and their outcomes written a batch at a time: the database work per event is a
   * small share of a statement, so the relay keeps up with writes without competing with them.
   */
  private async work(subscription: Subscription): Promise<void> {
    let first = true;
    try {
      for (;;) {
        if (this.closed) return;
        const batch = await this.pending(subscription);
        if (!batch[0]?.due) return;
        // The claim has just taken the lease; a later batch renews it.
        if (!first && !(await this.renewLease(subscription))) return;
        first = false;
        let renewedAt = performance.now();
        const delivered: { id: string; status: number }[] = [];
        let failed: { head: Pending; outcome: Outcome } | undefined;
        for (const head of batch) {
          if (this.closed) break;
          // A long batch to a slow receiver must not outlive the lease.
          if (performance.now() - renewedAt > this.timing.timeoutMs) {
            if (!(await this.renewLease(subscription))) break;
            renewedAt = performance.now();
          }
          const outcome = await this.send(subscription, head, JSON.stringify(webhookEventOf(head)));
          if (!outcome.ok) {
            failed = { head, outcome };
            break;
          }
          delivered.push({ id: head.delivery_id, status: outcome.status ?? 200 });
        }
        await this.recordDelivered(subscription, delivered);
        if (failed) {
          const retryIn = await this.recordFailure(subscription, failed.head, failed.outcome);
          if (retryIn !== null) {
            this.retryAfter(retryIn);
            return;
          }
        } else if (batch.length < BATCH) return;
      }
    } catch {
      // The database failed mid-way: the lease runs out and the deliveries are sent again (at least once).
    } finally {
      await this.db
        .execute(
          sql`update webhooks set lease_owner = null, lease_until = null
              where id = ${subscription.id} and lease_owner = ${this.instance}`,
        )
        .catch(() => {});
    }
  }

  /** The subscription's oldest pending deliveries with their events, in event order. */
  private pending(subscription: Subscription): Promise<Pending[]> {
    return queryRows<Pending>(
      this.db,
      sql`
      select d.id as delivery_id, d.attempts, d.next_attempt_at <= now() as due,
             extract(epoch from now() - d.created_at) * 1000 as age_ms,
             a.id, a.property_id, a.property_seq, a.action, a.entity_type, a.entity_id, a.at, a.actor_name, a.changes
      from webhook_deliveries d
      join activity a on a.property_id = d.property_id and a.id = d.event_id
      where d.webhook_id = ${subscription.id} and d.status = 'pending'
      order by d.event_seq limit ${BATCH}`,
    );
  }

  /** Extends this instance's lease on the subscription; false if it was lost (then another instance sends). */
  private async renewLease(subscription: Subscription): Promise<boolean> {
    const renewed = await queryRows<{ id: string }>(
      this.db,
      sql`update webhooks set lease_until = now() + ${this.leaseSql()}
          where property_id = ${subscription.property_id} and id = ${subscription.id}
            and lease_owner = ${this.instance} and lease_until > now()
          returning id`,
    );
    return renewed.length === 1;
  }

  private async recordDelivered(subscription: Subscription, delivered: { id: string; status: number }[]) {
    if (delivered.length === 0) return;
    const ids = `{${delivered.map((one) => one.id).join(",")}}`;
    const statuses = `{${delivered.map((one) => one.status).join(",")}}`;
    await this.db.execute(sql`
      update webhook_deliveries d set status = 'delivered', attempts = d.attempts + 1, last_attempt_at = now(),
        delivered_at = now(), response_status = o.status, error = null
      from unnest(${ids}::uuid[], ${statuses}::int[]) as o(id, status)
      where d.property_id = ${subscription.property_id} and d.id = o.id`);
  }

  /** Records a failed attempt; answers the delay before the next one, or null when it was given up (failed). */
  private async recordFailure(
    subscription: Subscription,
    head: Pending,
    outcome: Outcome,
  ): Promise<number | null> {
    const where = sql`property_id = ${subscription.property_id} and id = ${head.delivery_id}`;
    const error = outcome.error?.slice(0, 500) ?? null;
    const attempt = sql`attempts = attempts + 1, last_attempt_at = now(), response_status = ${outcome.status}, error = ${error}`;
    if (Number(head.age_ms) >= this.timing.retryWindowMs) {
      await this.db.execute(sql`update webhook_deliveries set status = 'failed', ${attempt} where ${where}`);
      return null;
    }
    const delay = this.backoff(head.attempts + 1);
    await this.db.execute(sql`
      update webhook_deliveries set ${attempt}, next_attempt_at = now() + make_interval(secs => ${delay / 1000})
      where ${where}`);
    return delay;
  }

  private backoff(attempts: number): number {
    const exponential = Math.min(
      this.timing.retryBaseMs * 2 ** Math.min(attempts - 1, 30),
      this.timing.maxBackoffMs,
    );
    // ±20 %: receivers that come back are not hit by every sender at the same instant.
    return Math.round(exponential * (0.8 + Math.random() * 0.4));
  }

  private retryAfter(delayMs: number): void {
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      this.wake();
    }, delayMs + 10);
    timer.unref();
    this.retries.add(timer);
  }

  /**
   * One signed POST; any 2xx is success. Redirects are not followed. Unless private receivers are allowed,
   * only public addresses are connected to (src/server/webhooks/receivers.ts), whatever the URL was when
   * it was saved.
   */
  private send(subscription: Subscription, head: Pending, body: string): Promise<Outcome> {
    const url = new URL(subscription.url);
    const guarded = !this.options.allowPrivate;
    const refused = guarded ? literalRefusal(url) : null;
    if (refused) return Promise.resolve({ ok: false, status: null, error: refused });
    const request = url.protocol === "https:" ? https.request : http.request;
    return new Promise((resolve) => {
      let settled = false;
      const done = (outcome: Outcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const req = request(
        url,
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "user-agent": "Innkeep-Webhooks/1",
            "innkeep-signature": signatureHeader(subscription.secret, body, new Date()),
            "innkeep-event-id": head.id,
            "innkeep-delivery-id": head.delivery_id,
          },
          ...(guarded ? { lookup: publicOnlyLookup } : {}),
        },
        (res) => {
          // The answer's body is not needed: drain it so the socket is freed.
          res.resume();
          res.on("end", () => {
            const status = res.statusCode ?? 0;
            const ok = status >= 200 && status < 300;
            done({ ok, status, error: ok ? null : `HTTP ${status}` });
          });
          res.on("error", (error) =>
            done({ ok: false, status: res.statusCode ?? null, error: error.message }),
          );
        },
      );
      // The whole exchange, not just the connection, must finish in time: a receiver that never answers
      // (or trickles its answer) is cut off.
      const timer = setTimeout(() => {
        req.destroy();
        done({ ok: false, status: null, error: `No answer within ${this.timing.timeoutMs / 1000} s` });
      }, this.timing.timeoutMs);
      if (guarded) refuseNonPublicPeer(req);
      req.on("error", (error) => done({ ok: false, status: null, error: error.message }));
      req.end(body);
    });
  }
}
