/**
 * Reads by key, many requests' keys in one statement: a read starts once the I/O events at hand are handled
 * (`setImmediate`), so the requests that arrived together go in it, and while one read is in flight, the keys
 * asked for meanwhile wait and go together in the next. (On PGlite a read runs on the server's own thread and
 * is over before the next request is even parsed: without that wait, every request would read alone.) A request is only ever answered by a read sent after it asked, so it sees
 * every change committed before it arrived, exactly as its own statement would; under a crowd, a hundred
 * requests cost one statement instead of a hundred (the booking engine's lookup, public-booking/property.ts).
 */

type Waiter<V> = { resolve(value: V | undefined): void; reject(err: unknown): void };

/** Keys read in one statement at most; more wait for the next. */
const MAX_BATCH = 500;

export class BatchedReads<V> {
  private waiting = new Map<string, Waiter<V>[]>();
  private reading = false;

  /** `readMany` answers the found keys' values (a key it leaves out is answered undefined). */
  constructor(private readonly readMany: (keys: string[]) => Promise<Map<string, V>>) {}

  read(key: string): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.reading) {
        this.reading = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.size > 0) {
        const batch = new Map<string, Waiter<V>[]>();
        for (const [key, waiters] of this.waiting) {
          if (batch.size >= MAX_BATCH) break;
          batch.set(key, waiters);
        }
        for (const key of batch.keys()) this.waiting.delete(key);
        try {
          const found = await this.readMany([...batch.keys()]);
          for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
        } catch (err) {
          // Each request reports the failure as its own (the error handler logs it with the request).
          for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
        }
      }
    } finally {
      this.reading = false;
    }
  }
}
