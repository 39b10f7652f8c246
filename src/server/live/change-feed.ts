/**
 * The live feed's relay: it reads each watched property's events from the outbox (the activity log, in
 * commit order) and hands them, in order, to that property's SSE streams (and property-level events to the
 * admin streams, which watch every property). A NOTIFY from the writing transaction only says "property P
 * has event n": on it, or on a slow poll, or after the LISTEN connection was lost, the relay reads whatever
 * is after its cursor, so nothing is missed or sent twice. The same channel announces lost access (a session
 * or API token deleted, a membership removed or changed), which ends the streams that may no longer be served.
 */
import type { LiveEvent } from "../../domain/schemas/live-feed.js";
import { type AccessRevoked, accessRevoked, CHANGES_CHANNEL, wakeUp } from "../db/changes-channel.js";
import type { Database, Db } from "../db/connect.js";
import type { TaskReporter } from "../db/task-health.js";
import { latestEventSeq, readLiveEvents, readLiveEventsOfMany } from "./outbox.js";

type Listener = (event: LiveEvent) => void;
export type FeedLog = { error(details: object, message: string): void };

/** Until the server passes its logger, failures still reach standard error. */
const STDERR_LOG: FeedLog = { error: (details, message) => console.error(`live feed: ${message}`, details) };

/** Events read per property per query. */
const BATCH = 500;
/** The safety net behind NOTIFY (a lost wake-up, or a database that cannot send one to us). */
const POLL_MS = 5_000;

type Watched = { cursor: number; listeners: Set<Listener>; reading: boolean; again: boolean };

export type FeedOptions = {
  /** Where a failed read is logged (with the properties it was for, never an event). */
  log?: FeedLog;
  /** Told whether reads work (GET /api/health reports a feed that cannot read). */
  health?: TaskReporter;
  onRevoked?: (revoked: AccessRevoked) => void;
  /** Called for an event with webhook deliveries (the webhook relay listens on the same channel). */
  onDeliveries?: (propertyId: string) => void;
  pollMs?: number;
};

export class ChangeFeed {
  private readonly watched = new Map<string, Watched>();
  private readonly everything = new Set<Listener>();
  private stop: (() => Promise<void>) | undefined;
  private poll: NodeJS.Timeout | undefined;
  private db: Db | undefined;

  constructor(private readonly options: FeedOptions = {}) {}

  async start(database: Database): Promise<void> {
    this.db = database.db;
    this.stop = await database.listen(
      CHANGES_CHANNEL,
      (payload) => this.dispatch(payload),
      () => void this.readAll(),
      (err) =>
        (this.options.log ?? STDERR_LOG).error(
          { err },
          "live updates could not listen again after losing the connection; retrying, and polling meanwhile",
        ),
    );
    this.poll = setInterval(() => void this.readAll(), this.options.pollMs ?? POLL_MS);
    this.poll.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.poll);
    await this.stop?.();
    this.stop = undefined;
  }

  private dispatch(payload: string): void {
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof json === "object" && json !== null && "revoked" in json) {
      const revoked = accessRevoked.safeParse(json);
      if (revoked.success) this.options.onRevoked?.(revoked.data);
      return;
    }
    const wake = wakeUp.safeParse(json);
    if (!wake.success) return;
    const { propertyId, seq, deliveries } = wake.data;
    if (deliveries !== 0) this.options.onDeliveries?.(propertyId);
    let watched = this.watched.get(propertyId);
    if (!watched) {
      // Only the admin streams care about this property: start at this event.
      if (this.everything.size === 0) return;
      watched = { cursor: seq - 1, listeners: new Set(), reading: false, again: false };
      this.watched.set(propertyId, watched);
    }
    if (seq > watched.cursor) void this.read(propertyId, watched);
  }

  /** Reads the property's events after its cursor until there are none; one reader per property at a time. */
  private async read(propertyId: string, watched: Watched): Promise<void> {
    if (watched.reading) {
      watched.again = true;
      return;
    }
    watched.reading = true;
    try {
      do {
        watched.again = false;
        const from = watched.cursor;
        const events = await readLiveEvents(this.requireDb(), propertyId, from, BATCH);
        this.deliver(watched, from, events);
        if (events.length === BATCH) watched.again = true;
      } while (watched.again);
      this.options.health?.succeeded();
    } catch (err) {
      this.failed(err, [propertyId]);
    } finally {
      watched.reading = false;
    }
  }

  private async readAll(): Promise<void> {
    const idle = [...this.watched].filter(([, watched]) => !watched.reading);
    if (idle.length === 0) return;
    try {
      const cursors = new Map(idle.map(([pid, watched]) => [pid, watched.cursor]));
      const events = await readLiveEventsOfMany(this.requireDb(), cursors, BATCH);
      for (const [pid, watched] of idle) {
        const own = events.filter((event) => event.propertyId === pid);
        this.deliver(watched, cursors.get(pid) ?? 0, own);
        if (own.length === BATCH) void this.read(pid, watched);
      }
      this.options.health?.succeeded();
    } catch (err) {
      this.failed(
        err,
        idle.map(([pid]) => pid),
      );
    }
  }

  /** A read failed: the next wake-up or poll tries again from the same cursors; meanwhile health says so. */
  private failed(err: unknown, propertyIds: string[]): void {
    this.options.health?.failed(err);
    (this.options.log ?? STDERR_LOG).error(
      { err, propertyIds },
      "live updates could not be read; the next wake-up or poll tries again",
    );
  }

  /**
   * Hands on the events read after `from`, skipping those already sent. A read is what followed `from` at
   * the time; if the cursor has moved since (a concurrent read), only an unbroken continuation is taken.
   */
  private deliver(watched: Watched, from: number, events: readonly LiveEvent[]): void {
    for (const event of events) {
      if (event.seq <= watched.cursor) continue;
      if (from !== watched.cursor && event.seq !== watched.cursor + 1) return;
      watched.cursor = event.seq;
      for (const listener of watched.listeners) listener(event);
      if (event.entityType === "property") for (const listener of this.everything) listener(event);
    }
  }

  private requireDb(): Db {
    if (!this.db) throw new Error("the change feed has not started");
    return this.db;
  }

  /**
   * Subscribe to one property's events after the current one; resolves with the number of the last event
   * before the subscription (what a client has seen once it has read the data) and the unsubscribe function.
   */
  async subscribe(
    propertyId: string,
    listener: Listener,
  ): Promise<{ after: number; unsubscribe: () => void }> {
    let watched = this.watched.get(propertyId);
    if (!watched) {
      const latest = (await latestEventSeq(this.requireDb(), propertyId)) ?? 0;
      // Another subscriber may have started watching while we asked.
      watched = this.watched.get(propertyId) ?? {
        cursor: latest,
        listeners: new Set(),
        reading: false,
        again: false,
      };
      this.watched.set(propertyId, watched);
    }
    const current = watched;
    current.listeners.add(listener);
    return {
      after: current.cursor,
      unsubscribe: () => {
        current.listeners.delete(listener);
        if (current.listeners.size === 0 && this.everything.size === 0) this.watched.delete(propertyId);
      },
    };
  }

  /** Subscribe to property-level events of every property (the admin list). */
  subscribeAllProperties(listener: Listener): () => void {
    this.everything.add(listener);
    return () => {
      this.everything.delete(listener);
      if (this.everything.size > 0) return;
      for (const [pid, watched] of this.watched) if (watched.listeners.size === 0) this.watched.delete(pid);
    };
  }

  /** The property's events after `afterSeq` (a reconnecting client's Last-Event-ID), at most `limit`. */
  backlog(propertyId: string, afterSeq: number, limit: number): Promise<LiveEvent[]> {
    return readLiveEvents(this.requireDb(), propertyId, afterSeq, limit);
  }
}
