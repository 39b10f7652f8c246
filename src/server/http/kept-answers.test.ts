import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { type KeptAnswer, KeptAnswers } from "./kept-answers.js";

/** The JSON a cache serves for `key` (what the route sends to a client without compression). */
const jsonOf = async (answer: Promise<{ json(): string }>) => (await answer).json();

/** A build that answers `json` as of event `seq`, counting its calls; `gate` holds it until released. */
function builder(seq: number, json: string) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const build = Object.assign(
    async (): Promise<KeptAnswer> => {
      build.calls += 1;
      await gate;
      return { seq, json };
    },
    { calls: 0 },
  );
  return { build, release };
}

/** A build that answers at once. */
const ready = (seq: number, json: string) => {
  const built = builder(seq, json);
  built.release();
  return built;
};

describe("KeptAnswers", () => {
  it("answers again from the kept answer while the property's latest event is the one it reflects", async () => {
    const cache = new KeptAnswers();
    const first = ready(5, "A");
    expect(await jsonOf(cache.answer("k", 5, first.build))).toBe("A");
    const second = ready(5, "B");
    expect(await jsonOf(cache.answer("k", 5, second.build))).toBe("A");
    expect(second.build.calls).toBe(0);
  });

  it("builds again once a later event exists, and keeps the new answer", async () => {
    const cache = new KeptAnswers();
    const first = ready(5, "A");
    await cache.answer("k", 5, first.build);
    const next = ready(6, "B");
    expect(await jsonOf(cache.answer("k", 6, next.build))).toBe("B");
    const again = builder(6, "C");
    expect(await jsonOf(cache.answer("k", 6, again.build))).toBe("B");
    expect(again.build.calls).toBe(0);
  });

  it("hands the build the kept answer it replaces, to bring up to date", async () => {
    const cache = new KeptAnswers();
    const first = ready(5, "A");
    await cache.answer("k", 5, first.build);
    const handed: (KeptAnswer | undefined)[] = [];
    const patch = async (kept: KeptAnswer | undefined) => {
      handed.push(kept);
      return { seq: 7, json: `${kept?.json}+` };
    };
    expect(await jsonOf(cache.answer("k", 7, patch))).toBe("A+");
    expect(handed).toHaveLength(1);
    expect(handed[0]).toMatchObject({ seq: 5, json: "A" });
    expect(await jsonOf(cache.answer("other", 7, patch))).toBe("undefined+");
    expect(handed[1]).toBeUndefined();
  });

  it("serves a kept answer built after the latest event the request read", async () => {
    const cache = new KeptAnswers();
    const newer = ready(8, "N");
    await cache.answer("k", 7, newer.build);
    const stale = ready(7, "S");
    expect(await jsonOf(cache.answer("k", 7, stale.build))).toBe("N");
    expect(stale.build.calls).toBe(0);
  });

  it("keeps windows and forms apart", async () => {
    const cache = new KeptAnswers();
    const a = builder(1, "A");
    const b = builder(1, "B");
    a.release();
    b.release();
    expect(await jsonOf(cache.answer("p/2030-01-01/15/compact", 1, a.build))).toBe("A");
    expect(await jsonOf(cache.answer("p/2030-01-01/15/full", 1, b.build))).toBe("B");
    expect(cache.size).toBe(2);
  });

  it("shares one build among requests that miss together", async () => {
    const cache = new KeptAnswers();
    const slow = builder(3, "A");
    const answers = Promise.all([1, 2, 3].map(() => jsonOf(cache.answer("k", 3, slow.build))));
    slow.release();
    expect(await answers).toEqual(["A", "A", "A"]);
    expect(slow.build.calls).toBe(1);
  });

  it("never replaces a newer answer with a slower build of an older snapshot", async () => {
    const cache = new KeptAnswers();
    const old = builder(4, "old");
    const oldAnswer = jsonOf(cache.answer("k", 4, old.build));
    const fresh = ready(5, "new");
    expect(await jsonOf(cache.answer("k", 5, fresh.build))).toBe("new");
    old.release();
    expect(await oldAnswer).toBe("old");
    const check = builder(5, "rebuilt");
    expect(await jsonOf(cache.answer("k", 5, check.build))).toBe("new");
  });

  it("keeps nothing of a failed build: the next request builds again", async () => {
    const cache = new KeptAnswers();
    await expect(cache.answer("k", 1, () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    const retry = ready(1, "A");
    expect(await jsonOf(cache.answer("k", 1, retry.build))).toBe("A");
    expect(retry.build.calls).toBe(1);
  });

  it("drops the least recently used answers beyond its size, and never keeps one larger than it", async () => {
    const cache = new KeptAnswers({ maxSize: 10 });
    const put = async (key: string, json: string) => {
      const b = ready(1, json);
      return jsonOf(cache.answer(key, 1, b.build));
    };
    await put("a", "1234");
    await put("b", "1234");
    await put("a", "xxxx"); // a hit: "a" is now the most recently used
    await put("c", "1234"); // 12 characters: "b" goes
    const b = ready(1, "rebuilt-b");
    expect(await jsonOf(cache.answer("b", 1, b.build))).toBe("rebuilt-b");
    expect(await put("huge", "12345678901")).toBe("12345678901");
    const huge = ready(1, "again");
    expect(await jsonOf(cache.answer("huge", 1, huge.build))).toBe("again");
  });

  it("keeps each answer compressed once per encoding, as the same JSON, until a later event replaces it", async () => {
    const cache = new KeptAnswers();
    const json = JSON.stringify({ rooms: Array.from({ length: 200 }, (_, i) => ({ number: String(i) })) });
    const first = ready(1, json);
    const answer = await cache.answer("k", 1, first.build);
    const br = await answer.encoded("br");
    const gzip = await answer.encoded("gzip");
    expect(brotliDecompressSync(br as Buffer).toString("utf8")).toBe(json);
    expect(gunzipSync(gzip as Buffer).toString("utf8")).toBe(json);
    // The same bytes again, not a second compression.
    expect(await (await cache.answer("k", 1, first.build)).encoded("br")).toBe(br);
    expect(cache.keptSize).toBe(json.length + (br as Buffer).length + (gzip as Buffer).length);
    const next = ready(2, json.replace('"0"', '"zero"'));
    const later = await (await cache.answer("k", 2, next.build)).encoded("br");
    expect(later).not.toBe(br);
    expect(brotliDecompressSync(later as Buffer).toString("utf8")).toContain('"zero"');
  });

  it("does not compress a short answer, and counts compressed copies in its size", async () => {
    const short = new KeptAnswers();
    const tiny = ready(1, "[]");
    expect((await short.answer("k", 1, tiny.build)).encoded("br")).toBeUndefined();
    // 2,000 characters and their compressed copy do not fit in 2,010: the answer is dropped once compressed.
    const small = new KeptAnswers({ maxSize: 2_010 });
    const big = ready(1, "x".repeat(2_000));
    const answer = await small.answer("k", 1, big.build);
    expect(small.size).toBe(1);
    await answer.encoded("gzip");
    expect(small.size).toBe(0);
    expect(small.keptSize).toBe(0);
  });

  it("keeps a packed answer as Brotli alone, and makes its JSON again for a client that takes none", async () => {
    const cache = new KeptAnswers({ packed: true });
    const json = JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ night: i, price: 2000 })));
    const answer = await cache.answer("k", 1, ready(1, json).build);
    const br = await answer.encoded("br");
    expect(brotliDecompressSync(br as Buffer).toString("utf8")).toBe(json);
    expect(cache.keptSize).toBe((br as Buffer).length);
    expect(cache.keptSize).toBeLessThan(json.length / 5);
    expect(answer.json()).toBe(json);
    expect(gunzipSync((await answer.encoded("gzip")) as Buffer).toString("utf8")).toBe(json);
    const again = ready(1, "rebuilt");
    expect(await jsonOf(cache.answer("k", 1, again.build))).toBe(json);
    expect(again.build.calls).toBe(0);
    // Too short to compress: kept as it is.
    expect(await jsonOf(cache.answer("short", 1, ready(1, "[]").build))).toBe("[]");
  });
});
