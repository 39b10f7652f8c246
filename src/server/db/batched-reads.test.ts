import { describe, expect, it } from "vitest";
import { BatchedReads } from "./batched-reads.js";

/** A store whose reads are held until released, recording the keys of each. */
function heldStore(values: Record<string, number>) {
  const reads: string[][] = [];
  const releases: (() => void)[] = [];
  const snapshot = { ...values };
  const reader = new BatchedReads<number>(async (keys) => {
    reads.push(keys);
    const seen = { ...snapshot }; // what the statement sees: the store when it was sent
    await new Promise<void>((resolve) => releases.push(resolve));
    return new Map(keys.flatMap((key) => (key in seen ? [[key, seen[key] as number]] : [])));
  });
  return { reader, reads, releases, snapshot };
}

/** The event loop's next turn: the I/O events at hand are handled, and a read waiting for them starts. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("BatchedReads", () => {
  it("reads the keys asked for in one turn of the event loop together", async () => {
    const { reader, reads, releases } = heldStore({ a: 1, b: 2 });
    const together = [reader.read("a"), reader.read("b"), reader.read("a")];
    expect(reads).toEqual([]);
    await nextTurn();
    expect(reads).toEqual([["a", "b"]]);
    releases[0]?.();
    expect(await Promise.all(together)).toEqual([1, 2, 1]);
  });

  it("reads the keys asked for while a read is in flight together, in the next statement", async () => {
    const { reader, reads, releases } = heldStore({ a: 1, b: 2, c: 3 });
    const first = reader.read("a");
    await nextTurn();
    const waiting = [reader.read("b"), reader.read("c"), reader.read("b"), reader.read("missing")];
    expect(reads).toEqual([["a"]]);
    releases[0]?.();
    expect(await first).toBe(1);
    await nextTurn();
    expect(reads).toEqual([["a"], ["b", "c", "missing"]]);
    releases[1]?.();
    expect(await Promise.all(waiting)).toEqual([2, 3, 2, undefined]);
  });

  it("answers a request only from a read sent after it asked: it sees a change made before", async () => {
    const { reader, releases, snapshot } = heldStore({ a: 1 });
    const before = reader.read("a");
    await nextTurn();
    snapshot.a = 2; // committed while the first read is in flight
    const after = reader.read("a");
    releases[0]?.();
    expect(await before).toBe(1);
    await nextTurn();
    releases[1]?.();
    expect(await after).toBe(2);
  });

  it("hands a failed read's error to each of its requests, and reads again for the next", async () => {
    let fail = true;
    const reader = new BatchedReads<number>(async (keys) => {
      if (fail) throw new Error("database down");
      return new Map(keys.map((key) => [key, 7]));
    });
    await expect(Promise.all([reader.read("a"), reader.read("b")])).rejects.toThrow("database down");
    fail = false;
    expect(await reader.read("a")).toBe(7);
  });
});
