/**
 * Grid answers kept between changes (decision 021). Every open Front Desk reads the same grid again after
 * each change, and at the largest hotels building it costs hundreds of milliseconds; between two changes
 * the answer cannot differ. Each answer is tagged with the property's event number read in the statement
 * that built it (`properties.event_seq`, bumped in the transaction of every change, as the live feed
 * requires), and is served again only while that number is still the property's latest. Reading that
 * number is one primary-key lookup, and it is read from the database on every request, so every instance
 * of a multi-instance deployment sees a change the moment it commits.
 *
 * Requests that miss together share one build (single flight), which may bring the kept answer up to date
 * instead of building anew (decision 026). A kept answer is also kept compressed, in
 * each encoding a client asked for, so a browser's read between changes costs neither a build nor a
 * compression. The cache holds at most `maxSize` characters of JSON and bytes of compressed answers,
 * dropping the least recently used answers first.
 */
import { COMPRESSION_THRESHOLD, compressText, type KeptEncoding } from "../../http/compression.js";
import type { GridAnswer } from "./grid-answer.js";

/** An answer as served: its JSON, and that JSON compressed in an encoding (made once, then kept with it). */
export type ServedAnswer = {
  json: string;
  /** Undefined when the answer is too short to be worth compressing. */
  encoded(encoding: KeptEncoding): Promise<Buffer> | undefined;
};

/** Enough for the largest hotel's grid in both forms and a few windows of an ordinary one. */
const MAX_SIZE = 24 * 1024 * 1024;

type Kept = GridAnswer & { encodings: Map<KeptEncoding, Promise<Buffer>>; size: number };

export class GridCache {
  private readonly answers = new Map<string, Kept>();
  private readonly building = new Map<string, Promise<Kept>>();
  private total = 0;

  constructor(private readonly maxSize = MAX_SIZE) {}

  /**
   * The answer for `key` as of event `latestSeq` (read just before): the kept one if it reflects that
   * event, else a new one from `build`, whose own snapshot is at least as recent. `build` is handed the
   * kept answer, if any, to bring up to date (compact-patch.ts).
   */
  async answer(
    key: string,
    latestSeq: number,
    build: (kept: GridAnswer | undefined) => Promise<GridAnswer>,
  ): Promise<ServedAnswer> {
    const kept = this.answers.get(key);
    // A kept answer built after `latestSeq` was read reflects at least that event.
    if (kept && kept.seq >= latestSeq) {
      // Most recently used last: Map keeps insertion order.
      this.answers.delete(key);
      this.answers.set(key, kept);
      return this.served(key, kept);
    }
    const flightKey = `${key}@${latestSeq}`;
    let flight = this.building.get(flightKey);
    if (!flight) {
      flight = build(kept)
        // Rows, when kept, hold about as many characters of JSON again.
        .then(
          (built): Kept => ({
            ...built,
            encodings: new Map(),
            size: built.json.length * (built.rows ? 2 : 1),
          }),
        )
        .finally(() => this.building.delete(flightKey));
      this.building.set(flightKey, flight);
      flight.then(
        (built) => this.keep(key, built),
        () => {},
      );
    }
    return this.served(key, await flight);
  }

  /** How many answers are kept (for tests). */
  get size(): number {
    return this.answers.size;
  }

  /** Characters of JSON and bytes of compressed answers kept (for tests). */
  get keptSize(): number {
    return this.total;
  }

  private served(key: string, answer: Kept): ServedAnswer {
    return {
      json: answer.json,
      encoded: (encoding) => {
        if (answer.json.length < COMPRESSION_THRESHOLD) return undefined;
        let bytes = answer.encodings.get(encoding);
        if (!bytes) {
          bytes = compressText(answer.json, encoding);
          answer.encodings.set(encoding, bytes);
          bytes.then(
            (buffer) => this.grow(key, answer, buffer.length),
            () => answer.encodings.delete(encoding), // the next request tries again
          );
        }
        return bytes;
      },
    };
  }

  private keep(key: string, built: Kept): void {
    const kept = this.answers.get(key);
    // A slower build of an older snapshot must not replace a newer answer.
    if (kept && kept.seq > built.seq) return;
    if (kept) this.drop(key, kept);
    if (built.size > this.maxSize) return;
    this.answers.set(key, built);
    this.total += built.size;
    this.evict();
  }

  /** A compressed copy of `answer` is ready: it counts while the answer is kept. */
  private grow(key: string, answer: Kept, bytes: number): void {
    answer.size += bytes;
    if (this.answers.get(key) !== answer) return;
    this.total += bytes;
    this.evict();
  }

  private evict(): void {
    for (const [oldKey, old] of this.answers) {
      if (this.total <= this.maxSize) break;
      this.drop(oldKey, old);
    }
  }

  private drop(key: string, answer: Kept): void {
    this.answers.delete(key);
    this.total -= answer.size;
  }
}
