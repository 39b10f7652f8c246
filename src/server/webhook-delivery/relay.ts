/**
 * The webhook relay: sends each subscription's pending deliveries in event order, signed, at least once.
 *
 * - A subscription is worked on by one server instance at a time: the instance takes a short lease on its
 *   row (`lease_owner`, `lease_until`) and renews every lease it holds each quarter lease, whatever its
 *   requests are doing, so two instances never send the same event at the same time, and a crashed
 *   instance's leases run out within seconds. A lease is given back whenever the work on it ends, error or
 *   not. At start and on each poll an instance looks up when other instances' leases on due subscriptions
 *   run out, and takes them over then: after a crash and restart, delivery resumes within a lease.
 * - Order: only the oldest pending delivery of a subscription is ever sent; while it is retried, later ones
 *   wait. A failure is retried with exponential back-off (and jitter) for at least 24 hours from the
 *   delivery's creation, then marked failed and the next one goes.
 * - Isolation: subscriptions are sent concurrently, each with a timeout; a slow, failing or hanging receiver
 *   holds only its own subscription. Nothing here runs inside a write: events and deliveries were committed
 *   with the change, and the relay learns of them from the change feed's wake-ups, a poll, or its own timers.
 * - Faults: every error is logged with the subscription and deliveries it concerns (never an event's
 *   contents); after one the subscription rests briefly (this instance does not claim it), and deliveries
 *   its receiver accepted that are not recorded yet are recorded before anything is sent again
 *   (src/server/webhook-delivery/ledger.ts).
 */
import { WEBHOOK_RETRY_WINDOW_HOURS, WEBHOOK_TIMEOUT_SECONDS } from "../../domain/schemas/webhooks.js";
import type { Db } from "../db/connect.js";
import type { TaskReporter } from "../db/task-health.js";
import { webhookEventOf } from "../live/outbox.js";
import { BATCH, type Pending, readPending, recordFailure } from "./attempts.js";
import { type Lease, Leases, type Subscription } from "./leases.js";
import { Ledger } from "./ledger.js";
import type { RelayLog } from "./log.js";
import { type Outcome, sendWebhook } from "./send.js";

export type RelayOptions = {
  allowPrivate: boolean;
  log?: RelayLog;
  /** Told whether claiming works (GET /api/health reports a relay that cannot claim). */
  health?: TaskReporter;
  /** First retry delay; doubles per attempt up to `maxBackoffMs`. */
  retryBaseMs?: number;
  maxBackoffMs?: number;
  retryWindowMs?: number;
  timeoutMs?: number;
  pollMs?: number;
  /** How long a lease lasts unrenewed: how soon the subscriptions of a crashed instance are taken over. */
  leaseMs?: number;
  /** Subscriptions one instance sends to at once. */
  concurrency?: number;
  /** Wake-ups within this long are answered together: a busy property's events go out in batches. */
  coalesceMs?: number;
};

type Timing = Required<Omit<RelayOptions, "allowPrivate" | "log" | "health">>;

const DEFAULTS: Timing = {
  // A receiver that blinked gets the event again within a second or two; a long outage backs off to hourly.
  retryBaseMs: 1_000,
  maxBackoffMs: 3_600_000,
  retryWindowMs: WEBHOOK_RETRY_WINDOW_HOURS * 3_600_000,
  timeoutMs: WEBHOOK_TIMEOUT_SECONDS * 1000,
  pollMs: 5_000,
  // Renewed every second: three renewals in a row may be late or fail before another instance takes over.
  leaseMs: 4_000,
  concurrency: 32,
  // Webhooks are not a live screen: a tenth of a second buys batches of a busy property's events.
  coalesceMs: 100,
};

/** Until the server passes its logger, failures still reach standard error. */
const STDERR_LOG: RelayLog = {
  warn: (details, message) => console.warn(`webhook relay: ${message}`, details),
  error: (details, message) => console.error(`webhook relay: ${message}`, details),
};

/** After a database error a subscription rests this long, doubling per error in a row up to the maximum. */
const FAULT_REST_MS = 500;
export const MAX_FAULT_REST_MS = 5_000;

export class WebhookRelay {
  private readonly timing: Timing;
  private readonly log: RelayLog;
  private readonly leases: Leases;
  private readonly ledger: Ledger;
  private readonly works = new Set<Promise<void>>();
  /** Subscriptions resting after a database error, until when (performance.now()), and errors in a row. */
  private readonly resting = new Map<string, { until: number; errors: number }>();
  private readonly aborts = new AbortController();
  private poll: NodeJS.Timeout | undefined;
  private keeper: NodeJS.Timeout | undefined;
  private keeping: Promise<void> | undefined;
  private retries = new Set<NodeJS.Timeout>();
  private claiming: Promise<void> | undefined;
  private soon: NodeJS.Timeout | undefined;
  private again = false;
  private lookAhead = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly options: RelayOptions,
  ) {
    this.timing = {
      ...DEFAULTS,
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
    };
    this.log = options.log ?? STDERR_LOG;
    this.leases = new Leases(db, this.timing.leaseMs, this.log);
    this.ledger = new Ledger(db, this.log);
  }

  start(): void {
    this.poll = setInterval(() => {
      this.lookAhead = true;
      this.wake();
    }, this.timing.pollMs);
    this.poll.unref();
    this.keeper = setInterval(() => this.keep(), this.timing.leaseMs / 4);
    this.keeper.unref();
    this.lookAhead = true;
    this.wake();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.poll);
    clearInterval(this.keeper);
    clearTimeout(this.soon);
    for (const timer of this.retries) clearTimeout(timer);
    // Requests in flight are cut off: their deliveries stay pending and go out again (at least once).
    this.aborts.abort();
    await this.claiming;
    await Promise.all([...this.works]);
    await this.keeping;
    await this.ledger.write(this.ledger.owing());
    await this.leases.releaseAll();
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
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = this.claimAndSend().finally(() => {
      this.claiming = undefined;
      if (this.again) {
        this.again = false;
        this.tick();
      }
    });
  }

  private async claimAndSend(): Promise<void> {
    const lookAhead = this.lookAhead;
    this.lookAhead = false;
    const room = this.timing.concurrency - this.leases.held.size;
    if (room <= 0) return;
    const now = performance.now();
    const resting = [...this.resting].filter(([, rest]) => rest.until > now).map(([id]) => id);
    let claimed: Awaited<ReturnType<Leases["claim"]>>;
    try {
      claimed = await this.leases.claim(room, resting);
      this.options.health?.succeeded();
    } catch (err) {
      this.options.health?.failed(err);
      this.log.error(
        { err },
        "webhook subscriptions could not be claimed; the next wake-up or poll tries again",
      );
      return;
    }
    // Closing meanwhile: `close` gives these leases back with the others.
    if (this.closed) return;
    for (const { subscription, lease } of claimed) {
      const work: Promise<void> = this.work(subscription, lease).finally(() => {
        this.works.delete(work);
        // Its next delivery may be due, or another subscription waited for a free slot.
        this.wake();
      });
      this.works.add(work);
    }
    if (!lookAhead) return;
    try {
      // After a crash and restart, delivery resumes when the crashed instance's leases run out.
      const runOut = await this.leases.nextRunOut();
      if (runOut !== null && runOut < this.timing.pollMs) this.retryAfter(runOut);
    } catch (err) {
      this.log.warn({ err }, "other instances' webhook leases could not be read; the next poll tries again");
    }
    // Owed for subscriptions this instance no longer holds (a write failed): retried once per poll.
    await this.ledger.write(this.ledger.owing());
  }

  private holding(lease: Lease): boolean {
    return !this.closed && this.leases.holds(lease);
  }

  /** Renews the leases this instance holds, and records what their receivers accepted since the last time. */
  private keep(): void {
    if (this.keeping || this.closed) return;
    this.keeping = this.renewAndRecord().finally(() => {
      this.keeping = undefined;
    });
  }

  private async renewAndRecord(): Promise<void> {
    await this.leases.renew();
    await this.ledger.write([...this.leases.held.keys()]);
  }

  /**
   * Sends the subscription's deliveries in order until one fails, none is due or the lease is lost, then
   * gives the lease back. Deliveries are read a batch at a time and what receivers accepted is recorded
   * per batch and every second (src/server/webhook-delivery/ledger.ts): the database work per event is a small
   * share of a statement, so the relay keeps up with writes without competing with them.
   */
  private async work(subscription: Subscription, lease: Lease): Promise<void> {
    const webhookId = subscription.id;
    let concerning: string[] = [];
    let faulted = false;
    try {
      // Accepted before a failed write: recorded now, not sent again.
      if (!(await this.ledger.write([webhookId]))) {
        faulted = true;
        return;
      }
      for (;;) {
        if (!this.holding(lease)) return;
        concerning = [];
        const batch = await readPending(this.db, webhookId);
        if (!batch[0]?.due) return;
        let failed: { head: Pending; outcome: Outcome } | undefined;
        for (const head of batch) {
          if (!this.holding(lease)) break;
          concerning = [head.delivery_id];
          const outcome = await this.send(subscription, head);
          // An aborted request (closing) says nothing about the receiver.
          if (this.closed) break;
          if (!outcome.ok) {
            failed = { head, outcome };
            break;
          }
          this.ledger.add(webhookId, {
            propertyId: subscription.property_id,
            deliveryId: head.delivery_id,
            status: outcome.status ?? 200,
            createdAt: head.delivery_created_at,
          });
        }
        if (!(await this.ledger.write([webhookId]))) {
          faulted = true;
          return;
        }
        if (failed) {
          concerning = [failed.head.delivery_id];
          const retryIn = await recordFailure(this.db, this.timing, failed.head, failed.outcome);
          if (retryIn !== null) {
            this.retryAfter(retryIn);
            return;
          }
        } else if (batch.length < BATCH) return;
      }
    } catch (err) {
      faulted = true;
      this.log.error(
        { err, webhookId, deliveryIds: concerning },
        "webhook delivery stopped by an error; it resumes after a short rest",
      );
    } finally {
      if (faulted) this.rest(webhookId);
      else this.resting.delete(webhookId);
      await this.leases.release(webhookId);
    }
  }

  /** Another try after an error waits a little longer each time, so a lasting fault is not hammered. */
  private rest(webhookId: string): void {
    const errors = (this.resting.get(webhookId)?.errors ?? 0) + 1;
    const delay = Math.min(FAULT_REST_MS * 2 ** (errors - 1), MAX_FAULT_REST_MS);
    this.resting.set(webhookId, { until: performance.now() + delay, errors });
    this.retryAfter(delay);
  }

  private retryAfter(delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      this.wake();
    }, delayMs + 10);
    timer.unref();
    this.retries.add(timer);
  }

  private send(subscription: Subscription, head: Pending): Promise<Outcome> {
    return sendWebhook(
      {
        url: subscription.url,
        secret: subscription.secret,
        eventId: head.id,
        deliveryId: head.delivery_id,
        body: JSON.stringify(webhookEventOf(head)),
      },
      {
        allowPrivate: this.options.allowPrivate,
        timeoutMs: this.timing.timeoutMs,
        signal: this.aborts.signal,
      },
    );
  }
}
