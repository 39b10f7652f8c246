/**
 * Grid answers kept between changes (decision 021). Every open Front Desk reads the same grid again after
 * each change, and at the largest hotels building it costs hundreds of milliseconds; between two changes
 * the answer cannot differ. Each answer is tagged with the property's event number read in the statement
 * that built it (`properties.event_seq`, bumped in the transaction of every change, as the live feed
 * requires), and is served again only while that number is still the property's latest. Reading that
 * number is one primary-key lookup, and it is read from the database on every request, so every instance
 * of a multi-instance deployment sees a change the moment it commits.
 *
 * Requests that miss together share one build (single flight), and the cache holds at most `maxChars`
 * characters of JSON, dropping the least recently used answers first.
 */

/** A grid answer and the property event number it reflects. */
export type GridAnswer = { seq: number; json: string };

/** Enough for the largest hotel's grid in both forms and a few windows of an ordinary one. */
const MAX_CHARS = 24 * 1024 * 1024;

export class GridCache {
  private readonly answers = new Map<string, GridAnswer>();
  private readonly building = new Map<string, Promise<GridAnswer>>();
  private chars = 0;

  constructor(private readonly maxChars = MAX_CHARS) {}

  /**
   * The answer for `key` as of event `latestSeq` (read just before): the kept one if it reflects that
   * event, else a new one from `build`, whose own snapshot is at least as recent.
   */
  async answer(key: string, latestSeq: number, build: () => Promise<GridAnswer>): Promise<string> {
    const kept = this.answers.get(key);
    if (kept && kept.seq === latestSeq) {
      // Most recently used last: Map keeps insertion order.
      this.answers.delete(key);
      this.answers.set(key, kept);
      return kept.json;
    }
    const flightKey = `${key}@${latestSeq}`;
    let flight = this.building.get(flightKey);
    if (!flight) {
      flight = build().finally(() => this.building.delete(flightKey));
      this.building.set(flightKey, flight);
      flight.then(
        (built) => this.keep(key, built),
        () => {},
      );
    }
    return (await flight).json;
  }

  /** How many answers are kept (for tests). */
  get size(): number {
    return this.answers.size;
  }

  private keep(key: string, built: GridAnswer): void {
    const kept = this.answers.get(key);
    // A slower build of an older snapshot must not replace a newer answer.
    if (kept && kept.seq > built.seq) return;
    if (kept) this.drop(key, kept);
    if (built.json.length > this.maxChars) return;
    this.answers.set(key, built);
    this.chars += built.json.length;
    for (const [oldKey, old] of this.answers) {
      if (this.chars <= this.maxChars) break;
      this.drop(oldKey, old);
    }
  }

  private drop(key: string, answer: GridAnswer): void {
    this.answers.delete(key);
    this.chars -= answer.json.length;
  }
}
