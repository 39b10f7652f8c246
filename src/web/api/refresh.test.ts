import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keys } from "./keys.js";
import { BATCH_MS, FALLBACK_MS, prefixesForEntity, Refresher, startsWith } from "./refresh.js";

const pid = "p1";
const grid = [...keys.availability(pid), "2026-11-24", 15];
const arrivals = [...keys.reservations(pid), "on", "arrivingOn", "2026-11-24"];
const rooms = keys.rooms(pid);
const rates = keys.rateOverrides(pid);

let client: QueryClient;
let refresher: Refresher;
/** Requests made per query (by key), and the answers still to give. */
let fetches: Map<string, number>;
let held: Map<string, (() => void)[]>;
let holding: Set<string>;

beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  refresher = new Refresher(client);
  fetches = new Map();
  held = new Map();
  holding = new Set();
});

afterEach(() => {
  client.clear();
  vi.useRealTimers();
});

/** An open screen's query: fetched now, and again each time it is refreshed. */
async function watch(queryKey: readonly unknown[]) {
  const name = JSON.stringify(queryKey);
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: () => {
      fetches.set(name, (fetches.get(name) ?? 0) + 1);
      if (!holding.has(name)) return Promise.resolve(fetches.get(name));
      return new Promise((resolve) => {
        held.set(name, [...(held.get(name) ?? []), () => resolve(fetches.get(name))]);
      });
    },
  });
  observer.subscribe(() => {});
  await settle();
  fetches.set(name, 0);
}

const count = (queryKey: readonly unknown[]) => fetches.get(JSON.stringify(queryKey)) ?? 0;
const settle = () => vi.advanceTimersByTimeAsync(0);
const releaseAll = async (queryKey: readonly unknown[]) => {
  const name = JSON.stringify(queryKey);
  for (const release of held.get(name) ?? []) release();
  held.set(name, []);
  await settle();
};

describe("live events", () => {
  it("refresh each query once, however many events of a burst and tables name it", async () => {
    await watch(grid);
    await watch(arrivals);
    await watch(rooms);
    await watch(rates);
    // One stay's event names the stays, rooms and payments tables: the grid and the lists under two or
    // three of them. Three such events arrive together (a replay after reconnecting).
    for (let i = 0; i < 3; i++) refresher.changed(prefixesForEntity(pid, "reservation"));
    await settle();
    expect(count(grid)).toBe(0);
    await vi.advanceTimersByTimeAsync(BATCH_MS);
    expect([count(grid), count(arrivals), count(rooms), count(rates)]).toEqual([1, 1, 1, 0]);
  });

  it("refresh again for an event after the batch", async () => {
    await watch(grid);
    refresher.changed([keys.availability(pid)]);
    await vi.advanceTimersByTimeAsync(BATCH_MS);
    refresher.changed([keys.availability(pid)]);
    await vi.advanceTimersByTimeAsync(BATCH_MS);
    expect(count(grid)).toBe(2);
  });

  it("never cancel a fetch in flight: the query is fetched once more after it, for any number of batches", async () => {
    await watch(grid);
    holding.add(JSON.stringify(grid));
    void client.refetchQueries({ queryKey: grid });
    await settle();
    expect(count(grid)).toBe(1);
    for (let i = 0; i < 3; i++) {
      refresher.changed([keys.availability(pid)]);
      await vi.advanceTimersByTimeAsync(BATCH_MS);
    }
    // Not cancelled and started again: the read in flight may predate the change, so one more follows it.
    expect(count(grid)).toBe(1);
    holding.clear();
    await releaseAll(grid);
    expect(count(grid)).toBe(2);
    expect(client.getQueryState(grid)?.fetchStatus).toBe("idle");
  });
});

describe("the window's own change", () => {
  const answer = () => Promise.resolve("answer");

  it("relies on its live event while the stream is open: one refresh, and it settles after it", async () => {
    await watch(grid);
    refresher.setLive(true);
    let settled = false;
    const change = refresher.change([keys.availability(pid)], answer).then((value) => {
      settled = true;
      return value;
    });
    await settle();
    expect([count(grid), settled]).toEqual([0, false]);
    refresher.changed(prefixesForEntity(pid, "reservation"));
    await vi.advanceTimersByTimeAsync(BATCH_MS);
    expect(await change).toBe("answer");
    expect(count(grid)).toBe(1);
    await vi.advanceTimersByTimeAsync(FALLBACK_MS * 2);
    expect(count(grid)).toBe(1);
  });

  it("refreshes by itself at once when the stream is not open", async () => {
    await watch(grid);
    await watch(rates);
    expect(await refresher.change([keys.availability(pid)], answer)).toBe("answer");
    expect([count(grid), count(rates)]).toEqual([1, 0]);
  });

  it("refreshes by itself when no event comes within the fallback time (a stream that silently died)", async () => {
    await watch(grid);
    refresher.setLive(true);
    const change = refresher.change([keys.availability(pid)], answer);
    await vi.advanceTimersByTimeAsync(FALLBACK_MS - 1);
    expect(count(grid)).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await change).toBe("answer");
    expect(count(grid)).toBe(1);
  });

  it("refreshes at once when the stream closes while it waits for its event", async () => {
    await watch(grid);
    refresher.setLive(true);
    const change = refresher.change([keys.availability(pid)], answer);
    await settle();
    refresher.setLive(false);
    expect(await change).toBe("answer");
    expect(count(grid)).toBe(1);
  });

  it("settles with an event that beat its answer, without refreshing twice", async () => {
    await watch(grid);
    refresher.setLive(true);
    const change = refresher.change([keys.availability(pid)], async () => {
      refresher.changed([keys.availability(pid)]);
      return "answer";
    });
    await vi.advanceTimersByTimeAsync(BATCH_MS);
    expect(await change).toBe("answer");
    await vi.advanceTimersByTimeAsync(FALLBACK_MS * 2);
    expect(count(grid)).toBe(1);
  });

  it("refreshes nothing when refused", async () => {
    await watch(grid);
    await expect(
      refresher.change([keys.availability(pid)], () => Promise.reject(new Error("conflict"))),
    ).rejects.toThrow("conflict");
    await vi.advanceTimersByTimeAsync(FALLBACK_MS * 2);
    expect(count(grid)).toBe(0);
  });
});

it("matches query keys by prefix, part by part", () => {
  expect(startsWith(grid, keys.availability(pid))).toBe(true);
  expect(startsWith(grid, keys.property(pid))).toBe(true);
  expect(startsWith(keys.availability(pid), grid)).toBe(false);
  expect(startsWith(keys.availability("p2"), keys.property(pid))).toBe(false);
  expect(startsWith(["property", "p1x"], keys.property(pid))).toBe(false);
});
