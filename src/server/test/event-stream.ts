/** Reads a live SSE stream over real HTTP in tests: collects change events and waits for matching ones. */

export type EventStream = {
  /** Resolves with the first event matching `predicate` (also one received before the call). */
  next(
    predicate: (event: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The response's content type and everything received so far, comments included. */
  contentType: string | null;
  text(): string;
  /** Every event received so far, in order. */
  events(): Record<string, unknown>[];
  close(): void;
};

export async function openEventStream(
  url: string,
  cookie: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`event stream ${url}: ${response.status}`);
  const events: Record<string, unknown>[] = [];
  let received = "";
  const waiters = new Set<() => void>();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let finished = false;
  const ended = (async () => {
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const chunk = decoder.decode(value, { stream: true });
        received += chunk;
        buffer += chunk;
        const frames = buffer.split("\n\n");
        buffer = frames.pop() ?? "";
        for (const frame of frames) {
          const data = frame.split("\n").find((line) => line.startsWith("data: "));
          if (data) events.push(JSON.parse(data.slice(6)));
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted by close()
    } finally {
      finished = true;
      for (const wake of waiters) wake();
    }
  })();
  return {
    ended,
    contentType: response.headers.get("content-type"),
    text: () => received,
    events: () => [...events],
    close: () => controller.abort(),
    next(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const check = () => {
          const found = events.find(predicate);
          if (found || finished) {
            clearTimeout(timer);
            waiters.delete(check);
            if (found) resolve(found);
            else reject(new Error(`stream ended without a matching event; got ${JSON.stringify(events)}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
}
