/**
 * Live updates: one EventSource per open /hms screen. Each change event invalidates the queries it makes
 * stale; after a reconnect everything of the property is refetched, since events may have been missed.
 * When the stream first opens, what was read before it existed is refreshed too: a change made between that
 * read and the stream's subscription would otherwise never show (a colleague's booking while this page
 * loaded).
 * The server ends a stream when its session or membership ends; the browser's reconnect is then refused
 * (401/404), which closes the EventSource for good. The app then refetches who it is and what it may see,
 * and tries the stream again a little later (the screen changes first if access is really gone).
 */
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { LIVE_TABLES, type LiveTable } from "../../domain/constants.js";
import { keys, keysForTable } from "./keys.js";
import { sessionKey } from "./session.js";

/**
 * The table an event names, or null. Only the table matters here (it picks the queries to refresh), and
 * this small check keeps the zod library out of the first load of every /hms screen.
 */
export function changedTable(data: string): LiveTable | null {
  try {
    const table = (JSON.parse(data) as { table?: unknown } | null)?.table;
    return LIVE_TABLES.find((known) => known === table) ?? null;
  } catch {
    return null;
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

function useEventStream(
  url: string | null,
  onChange: (table: LiveTable) => void,
  onReconnect: () => void,
  onFirstOpen: (openedAt: number) => void,
) {
  useEffect(() => {
    if (!url) return;
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    const connect = () => {
      source = new EventSource(url);
      source.addEventListener("open", () => {
        if (opened) onReconnect();
        else onFirstOpen(Date.now());
        opened = true;
      });
      source.addEventListener("change", (message) => {
        const table = changedTable((message as MessageEvent<string>).data);
        if (table) onChange(table);
      });
      source.addEventListener("error", () => {
        if (source?.readyState !== EventSource.CLOSED) return; // the browser is retrying by itself
        onReconnect();
        reopen = setTimeout(connect, REOPEN_MS);
      });
    };
    connect();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [url, onChange, onReconnect, onFirstOpen]);
}

export function useLiveUpdates(pid: string): void {
  const queryClient = useQueryClient();
  useEventStream(
    `/api/properties/${pid}/events`,
    useStable((table: LiveTable) => {
      for (const queryKey of keysForTable(pid, table)) void queryClient.invalidateQueries({ queryKey });
    }),
    useStable(() => {
      void queryClient.invalidateQueries({ queryKey: sessionKey });
      void queryClient.invalidateQueries({ queryKey: ["own-property"] });
      void queryClient.invalidateQueries({ queryKey: keys.property(pid) });
    }),
    useStable((openedAt: number) => refreshReadBefore(queryClient, keys.property(pid), openedAt)),
  );
}

export function useAdminLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEventStream(
    enabled ? "/api/admin/events" : null,
    useStable(() => void queryClient.invalidateQueries({ queryKey: keys.adminProperties })),
    useStable(() => void queryClient.invalidateQueries({ queryKey: keys.adminProperties })),
    useStable((openedAt: number) => refreshReadBefore(queryClient, keys.adminProperties, openedAt)),
  );
}

/** A callback whose identity never changes but which always calls the latest closure. */
function useStable<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const ref = useRef(fn);
  ref.current = fn;
  return useCallback((...args: A) => ref.current(...args), []);
}
