/**
 * One refetch per change (decision 017). Every open screen learns of a change from the live feed; the
 * window that made it also from the change's answer. Both go through one Refresher per property, which:
 *
 * - collects what the events of a short window make stale and refreshes each matching query once, however
 *   many events or tables name it (an event about a stay names the stays, rooms and payments, and all three
 *   refresh the stays lists);
 * - never cancels a refetch in flight to start it again (TanStack's default, which fetches the answer twice):
 *   a query still fetching is refreshed once more after it settles, since its read may predate the change;
 * - after the window's own change succeeds, leaves the refresh to that change's live event while the stream
 *   is open, and refreshes at once when it is not, or when no event arrives within FALLBACK_MS.
 */
import type { Query, QueryClient } from "@tanstack/react-query";
import { tablesChangedBy } from "../../domain/events.js";
import { keysForTable } from "./keys.js";

/** Query key prefixes: a query is stale when its key starts with one of them. */
type Prefixes = readonly (readonly unknown[])[];

/** Events this close together are one refresh: a burst (a replay after reconnecting, a bulk import). */
export const BATCH_MS = 20;
/**
 * How long a change's own window waits for its live event before refreshing by itself. The event normally
 * comes within milliseconds; this bounds how stale the window can look if the stream has silently died.
 */
export const FALLBACK_MS = 2_000;

/** What an event about `entityType` (or a change to it) makes stale in property `pid`. */
export function prefixesForEntity(pid: string, entityType: string): Prefixes {
  return tablesChangedBy(entityType).flatMap((table) => keysForTable(pid, table));
}

export function startsWith(key: readonly unknown[], prefix: readonly unknown[]): boolean {
  return prefix.length <= key.length && prefix.every((part, i) => Object.is(key[i], part));
}

type Waiter = { prefixes: Prefixes; resolve: () => void; timer: ReturnType<typeof setTimeout> };

export class Refresher {
  private live = false;
  /** Events received so far. */
  private events = 0;
  private pending: Prefixes = [];
  private batch: ReturnType<typeof setTimeout> | undefined;
  /** The refresh of the last batch. */
  private flushed: Promise<void> = Promise.resolve();
  /** Own changes waiting for their event (or the fallback). */
  private waiters = new Set<Waiter>();
  /** Own changes whose event has come: they settle when the next batch has been refreshed. */
  private settling: (() => void)[] = [];
  /** Queries that were fetching when found stale: the refresh that follows their fetch. */
  private after = new Map<Query, Promise<unknown>>();

  constructor(private readonly client: QueryClient) {}

  /** Whether the live stream is open (its events will arrive). Closing it refreshes own changes at once. */
  setLive(open: boolean): void {
    this.live = open;
    if (!open) for (const waiter of [...this.waiters]) this.fallBack(waiter);
  }

  /** A live event: refresh what it makes stale, together with the other events of its batch. */
  changed(prefixes: Prefixes): void {
    this.events += 1;
    this.pending = [...this.pending, ...prefixes];
    // The stream is delivering: an own change's event is this one or follows it in order.
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      this.settling.push(waiter.resolve);
    }
    this.waiters.clear();
    this.batch ??= setTimeout(() => {
      this.flushed = this.flush();
    }, BATCH_MS);
  }

  /**
   * Makes this window's change (`request`) and answers once the screen shows it: after the refresh its
   * live event causes, or after refreshing `prefixes` (what the change makes stale) itself when the stream
   * is not open or stays silent. A refused change refreshes nothing.
   */
  async change<T>(prefixes: Prefixes, request: () => Promise<T>): Promise<T> {
    const seen = this.events;
    const answer = await request();
    if (!this.live) {
      await this.refresh(prefixes);
    } else if (this.events > seen) {
      // An event came while the request ran, possibly this change's own (the stream can beat the answer):
      // settle with its batch rather than wait for another. A later event of its own still refreshes.
      await (this.batch ? new Promise<void>((resolve) => this.settling.push(resolve)) : this.flushed);
    } else {
      await new Promise<void>((resolve) => {
        const waiter: Waiter = {
          prefixes,
          resolve,
          timer: setTimeout(() => this.fallBack(waiter), FALLBACK_MS),
        };
        this.waiters.add(waiter);
      });
    }
    return answer;
  }

  /** Refreshes every query under `prefixes` once, now. */
  async refresh(prefixes: Prefixes): Promise<void> {
    const stale = (query: Query) => prefixes.some((prefix) => startsWith(query.queryKey, prefix));
    const fetching = this.client
      .getQueryCache()
      .findAll({ predicate: (query) => stale(query) && query.state.fetchStatus === "fetching" });
    await Promise.all([
      this.client.invalidateQueries({ predicate: (query) => stale(query) && !fetching.includes(query) }),
      ...fetching.map((query) => this.refreshAfter(query)),
    ]);
  }

  private fallBack(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    this.waiters.delete(waiter);
    void this.refresh(waiter.prefixes).then(waiter.resolve);
  }

  private async flush(): Promise<void> {
    const prefixes = this.pending;
    const settled = this.settling;
    this.pending = [];
    this.settling = [];
    this.batch = undefined;
    await this.refresh(prefixes);
    for (const resolve of settled) resolve();
  }

  /**
   * Refreshes a query once the fetch it has in flight settles (its read may have been made before the
   * change). One refresh is queued per query, however many batches find it fetching. A fetch that is in
   * flight by then started after the change, so it is reused rather than started again.
   */
  private refreshAfter(query: Query): Promise<unknown> {
    let queued = this.after.get(query);
    if (!queued) {
      queued = Promise.resolve(query.promise)
        .catch(() => undefined)
        .then(() => {
          this.after.delete(query);
          return this.client.invalidateQueries({ predicate: (q) => q === query }, { cancelRefetch: false });
        });
      this.after.set(query, queued);
    }
    return queued;
  }
}

const refreshers = new WeakMap<QueryClient, Map<string, Refresher>>();

/** The one Refresher of a query client for a scope (a property's id, or "admin"). */
export function refresherFor(client: QueryClient, scope: string): Refresher {
  let scopes = refreshers.get(client);
  if (!scopes) {
    scopes = new Map();
    refreshers.set(client, scopes);
  }
  let refresher = scopes.get(scope);
  if (!refresher) {
    refresher = new Refresher(client);
    scopes.set(scope, refresher);
  }
  return refresher;
}
