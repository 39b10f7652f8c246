/**
 * Live updates: one EventSource per open /hms screen. Each event refreshes the queries it makes stale,
 * through the property's Refresher: the events of a short burst refresh each query once, and the screen's
 * own changes rely on their event while the stream is open (decision 017).
 * Events carry their number as the SSE id: when the browser reconnects by itself it sends the last one
 * (Last-Event-ID) and the server replays what was missed; when we reopen a refused stream ourselves, the
 * number goes in the query. Only when the server cannot replay (a `reset` event) is everything refetched.
 * A change made after the page's data was read but before the stream subscribed would otherwise never show
 * (a colleague's booking while this page loaded). The page's HTML names the event its property had reached
 * when it was served, before any of its data was read (decision 023): the first stream of that property
 * starts there, and the server replays whatever came after. Any other first stream (another property, no
 * such hint) refreshes what was read before it opened instead.
 * The server ends a stream when its session or membership ends; the browser's reconnect is then refused
 * (401/404), which closes the EventSource for good. The app then refetches who it is and what it may see,
 * and tries the stream again a little later (the screen changes first if access is really gone).
 */
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { EVENTS_AFTER_META, type LiveTable } from "../../domain/constants.js";
import { tablesChangedBy } from "../../domain/events.js";
import { keys, keysForTable } from "./keys.js";
import { refresherFor } from "./refresh.js";
import { sessionKey } from "./session.js";

/**
 * The tables an event's change touches (they pick the queries to refresh), or none for a malformed event.
 * This small check keeps the zod library out of the first load of every /hms screen.
 */
export function changedTables(data: string): LiveTable[] {
  try {
    const entityType = (JSON.parse(data) as { entityType?: unknown } | null)?.entityType;
    return typeof entityType === "string" ? tablesChangedBy(entityType) : [];
  } catch {
    return [];
  }
}

/** Wait before opening a refused stream again. */
const REOPEN_MS = 5_000;

/**
 * Refetches the queries under `prefix` whose answer arrived before `openedAt` (the stream's subscription).
 * One still in flight is left to finish rather than fetched twice.
 */
function refreshReadBefore(queryClient: QueryClient, prefix: QueryKey, openedAt: number) {
  void queryClient.invalidateQueries(
    {
      queryKey: prefix,
      predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < openedAt,
    },
    { cancelRefetch: false },
  );
}

/** The page's hint (EVENTS_AFTER_META, app-shell.ts); each page uses it once. */
let eventsAfterHint: string | null | undefined;

/** The event the page's data is at least as recent as, if the page was served with `pid`'s: only once. */
function takeEventsAfter(pid: string): string | undefined {
  eventsAfterHint ??=
    document.querySelector(`meta[name="${EVENTS_AFTER_META}"]`)?.getAttribute("content") ?? null;
  const [hintPid, seq] = eventsAfterHint?.split(" ") ?? [];
  if (hintPid !== pid || !seq || !/^\d+$/.test(seq)) return undefined;
  eventsAfterHint = null;
  return seq;
}

const noStart = () => undefined;

function useEventStream(
  url: string | null,
  onChange: (tables: LiveTable[]) => void,
  onMissed: () => void,
  onFirstOpen: (openedAt: number) => void,
  onLive: (open: boolean) => void,
  startAfter: () => string | undefined = noStart,
) {
  useEffect(() => {
    if (!url) return;
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    let lastEventId = startAfter() ?? "";
    // Resuming from the page's own starting point replays what its data may lack: nothing to refresh.
    const caughtUp = lastEventId !== "";
    const connect = () => {
      // A stream without ids (the admin feed) cannot resume: refetch once it is open again.
      const resumable = lastEventId !== "";
      source = new EventSource(resumable ? `${url}?lastEventId=${encodeURIComponent(lastEventId)}` : url);
      source.addEventListener("open", () => {
        if (!opened && !caughtUp) onFirstOpen(Date.now());
        else if (opened && !resumable) onMissed();
        opened = true;
        onLive(true);
      });
      source.addEventListener("change", (message) => {
        const { data, lastEventId: id } = message as MessageEvent<string>;
        if (id) lastEventId = id;
        onChange(changedTables(data));
      });
      source.addEventListener("reset", onMissed);
      source.addEventListener("error", () => {
        onLive(false);
        if (source?.readyState !== EventSource.CLOSED) return; // the browser is retrying by itself
        onMissed();
        reopen = setTimeout(connect, REOPEN_MS);
      });
    };
    connect();
    return () => {
      clearTimeout(reopen);
      source?.close();
      onLive(false);
    };
  }, [url, onChange, onMissed, onFirstOpen, onLive, startAfter]);
}

export function useLiveUpdates(pid: string): void {
  const queryClient = useQueryClient();
  const refresher = refresherFor(queryClient, pid);
  useEventStream(
    `/api/properties/${pid}/events`,
    useStable((tables: LiveTable[]) =>
      refresher.changed(tables.flatMap((table) => keysForTable(pid, table))),
    ),
    useStable(() => void refresher.refresh([sessionKey, ["own-property"], keys.property(pid)])),
    useStable((openedAt: number) => refreshReadBefore(queryClient, keys.property(pid), openedAt)),
    useStable((open: boolean) => refresher.setLive(open)),
    useStable(() => takeEventsAfter(pid)),
  );
}

/** The admin feed's state matters to no change: its screen's changes refresh themselves. */
const ignoreLive = () => {};

export function useAdminLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEventStream(
    enabled ? "/api/admin/events" : null,
    useStable(() => refresherFor(queryClient, "admin").changed([keys.adminProperties])),
    useStable(() => void queryClient.invalidateQueries({ queryKey: keys.adminProperties })),
    useStable((openedAt: number) => refreshReadBefore(queryClient, keys.adminProperties, openedAt)),
    ignoreLive,
  );
}

/** A callback whose identity never changes but which always calls the latest closure. */
function useStable<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  ref.current = fn;
  return useCallback((...args: A) => ref.current(...args), []);
}
