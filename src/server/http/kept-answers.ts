/**
 * Answers kept between a property's changes: the availability grid (decision 021) and the booking engine's
 * offers (decision 045). Every open Front Desk reads the same grid again after each change, and at the
 * largest hotels building it costs hundreds of milliseconds; guests search the same dates again and again;
 * between two changes such an answer cannot differ. Each answer is tagged with the property's event number read in the statement
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
import { brotliDecompressSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { COMPRESSION_THRESHOLD, compressText, type KeptEncoding, keptEncodingFor } from "./compression.js";

/** An answer's JSON and the property event number it reflects. */
export type KeptAnswer = { seq: number; json: string };

/** An answer as served: its JSON, and that JSON compressed in an encoding (made once, then kept with it). */
export type ServedAnswer = {
  json(): string;
  /** Undefined when the answer is too short to be worth compressing. */
  encoded(encoding: KeptEncoding): Promise<Buffer> | undefined;
};

/** Enough for the largest hotel's grid in both forms and a few windows of an ordinary one. */
const MAX_SIZE = 24 * 1024 * 1024;

/** `packed`: the answer kept as Brotli alone, its JSON let go (`packed` caches). */
type Kept<A> = A & { encodings: Map<KeptEncoding, Promise<Buffer>>; size: number; packed?: Buffer };

export type KeptAnswersOptions<A> = {
  /** At most this many characters of JSON and bytes of compressed answers are kept. */
  maxSize?: number;
  /** What an answer holds besides its compressed copies (by default its JSON). */
  sizeOf?: (answer: A) => number;
  /**
   * Keep each answer as Brotli alone (about a ninth of its JSON): for many small answers sent to browsers,
   * which all take Brotli. Its JSON is made again for the rare client that does not; `build` is never handed
   * a kept answer.
   */
  packed?: boolean;
};

export class KeptAnswers<A extends KeptAnswer = KeptAnswer> {
  private readonly answers = new Map<string, Kept<A>>();
  private readonly building = new Map<string, Promise<Kept<A>>>();
  private total = 0;

  private readonly maxSize: number;
  private readonly sizeOf: (answer: A) => number;
  private readonly packed: boolean;

  constructor(options: KeptAnswersOptions<A> = {}) {
    this.maxSize = options.maxSize ?? MAX_SIZE;
    this.sizeOf = options.sizeOf ?? ((answer) => answer.json.length);
    this.packed = options.packed ?? false;
  }

  /**
   * The answer for `key` as of event `latestSeq` (read just before): the kept one if it reflects that
   * event, else a new one from `build`, whose own snapshot is at least as recent. `build` is handed the
   * kept answer, if any, to bring up to date (the grid's compact-patch.ts).
   */
  async answer(
    key: string,
    latestSeq: number,
    build: (kept: A | undefined) => Promise<A>,
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
      flight = build(this.packed ? undefined : kept)
        .then((built) => this.made(built))
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

  /** A built answer as kept: packed as Brotli (then its JSON let go) when the cache keeps answers packed. */
  private async made(built: A): Promise<Kept<A>> {
    if (!this.packed || built.json.length < COMPRESSION_THRESHOLD) {
      return { ...built, encodings: new Map(), size: this.sizeOf(built) };
    }
    const packed = await compressText(built.json, "br");
    return {
      ...built,
      json: "",
      packed,
      encodings: new Map([["br", Promise.resolve(packed)]]),
      size: packed.length,
    };
  }

  private served(key: string, answer: Kept<A>): ServedAnswer {
    const { packed } = answer;
    const json = () => (packed ? brotliDecompressSync(packed).toString("utf8") : answer.json);
    return {
      json,
      encoded: (encoding) => {
        if (!packed && answer.json.length < COMPRESSION_THRESHOLD) return undefined;
        let bytes = answer.encodings.get(encoding);
        if (!bytes) {
          bytes = compressText(json(), encoding);
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

  private keep(key: string, built: Kept<A>): void {
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
  private grow(key: string, answer: Kept<A>, bytes: number): void {
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

  private drop(key: string, answer: Kept<A>): void {
    this.answers.delete(key);
    this.total -= answer.size;
  }
}

/**
 * Sends a kept answer: its JSON, or its kept compressed copy in the encoding the client takes best.
 * Already JSON: a string with a JSON content type is sent unchanged, so the route's zod schema documents the
 * answer without validating it again on every request; @fastify/compress leaves an encoded answer alone.
 */
export async function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: ServedAnswer,
): Promise<string | Buffer> {
  reply.type("application/json; charset=utf-8");
  const encoding = keptEncodingFor(request.headers["accept-encoding"]);
  const encoded = encoding ? answer.encoded(encoding) : undefined;
  if (!encoding || !encoded) return answer.json();
  reply.header("content-encoding", encoding).header("vary", "accept-encoding");
  return encoded;
}
