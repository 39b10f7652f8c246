import { describe, expect, it } from "vitest";
import { keysetPages } from "./pages.js";

/** Pages of `size` over 1..`count`, each read after the last row of the one before. */
async function walk(count: number, size: number) {
  const reads: number[] = [];
  const after = async (last: number) => {
    reads.push(last);
    return Array.from({ length: Math.max(0, Math.min(size, count - last)) }, (_, i) => last + i + 1);
  };
  const first = Array.from({ length: Math.min(size, count) }, (_, i) => i + 1);
  const pages: number[][] = [];
  for await (const page of keysetPages(first, size, after)) pages.push(page);
  return { pages, reads };
}

describe("keyset pages", () => {
  it("reads after each full page and stops at a short one", async () => {
    expect(await walk(5, 2)).toEqual({ pages: [[1, 2], [3, 4], [5]], reads: [2, 4] });
  });

  it("reads once more after a last page that was full, and stops at the empty one", async () => {
    expect(await walk(4, 2)).toEqual({ pages: [[1, 2], [3, 4], []], reads: [2, 4] });
  });

  it("yields an empty first page alone", async () => {
    expect(await walk(0, 2)).toEqual({ pages: [[]], reads: [] });
  });
});
