/**
 * The main thread's side of PGlite in a worker thread (decision 032): what Drizzle's PGlite driver calls on
 * its client (`query`, `transaction`), plus LISTEN, the data directory's dump and closing, each sent to
 * `pglite-worker.ts` as a message and answered in turn.
 */
import { Worker } from "node:worker_threads";
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { withoutClientParsers } from "./pglite-client.js";
import { deserializeError, type PgliteStart, type Reply, type Request } from "./pglite-protocol.js";

type Query = PGlite["query"];
type Sent = Request extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

export type PgliteThread = {
  /** The client as Drizzle's driver is given it. */
  client: Pick<PGlite, "query" | "transaction">;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  dump(): Promise<Blob>;
  close(): Promise<void>;
};

/** The worker's module: its compiled `.js` beside this one, or under tsx and Vitest its `.ts` source. */
function startWorker(start: PgliteStart): Worker {
  const self = import.meta.url;
  const transfer = start.loadDataDir ? [start.loadDataDir] : [];
  if (!self.endsWith(".ts")) {
    return new Worker(new URL("./pglite-worker.js", self), { workerData: start, transferList: transfer });
  }
  // Node runs no TypeScript: the source is loaded through tsx's loader (development and tests only).
  const source = new URL("./pglite-worker.ts", self).href;
  const boot = `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(self)}))`;
  return new Worker(boot, { eval: true, workerData: start, transferList: transfer });
}

export async function startPgliteThread(start: PgliteStart): Promise<PgliteThread> {
  const worker = startWorker(start);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const channels = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let failure: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on("message", (reply: Reply) => {
      if ("ready" in reply) return resolve();
      if ("notify" in reply) {
        for (const listener of channels.get(reply.notify) ?? []) listener(reply.payload);
        return;
      }
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (!waiting) return;
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(deserializeError(reply.error));
    });
    // The thread is gone (an abort inside PGlite, or closed): nothing it was asked will be answered.
    const fail = (error: Error) => {
      failure = error;
      reject(error);
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`The database's thread stopped (exit code ${code})`)));
  });

  const call = <T>(request: Sent): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };

  const queryIn =
    (tx: number | undefined): Query =>
    (text, params, options) => {
      const rest = withoutClientParsers(options);
      if (rest?.parsers || rest?.serializers) {
        return Promise.reject(new Error("Only the client's own parsers reach the database's thread"));
      }
      const rowMode = (rest as QueryOptions | undefined)?.rowMode;
      return call<Results<never>>({ op: "query", text, params, rowMode, tx });
    };

  const client: PgliteThread["client"] = {
    query: queryIn(undefined),
    async transaction(work) {
      const tx = await call<number>({ op: "begin" });
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work({ query: queryIn(tx) } as Transaction);
      } catch (error) {
        await call({ op: "end", tx, commit: false }).catch(() => {});
        throw error;
      }
      await call({ op: "end", tx, commit: true });
      return result;
    },
  };

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    client,
    async listen(channel, onPayload) {
      let listeners = channels.get(channel);
      if (!listeners) {
        listeners = new Set();
        channels.set(channel, listeners);
        await call({ op: "listen", channel });
      }
      listeners.add(onPayload);
      return async () => {
        listeners.delete(onPayload);
        if (listeners.size > 0 || channels.get(channel) !== listeners) return;
        channels.delete(channel);
        await call({ op: "unlisten", channel });
      };
    },
    async dump() {
      return new Blob([await call<ArrayBuffer>({ op: "dump" })]);
    },
    async close() {
      if (failure) return;
      await call({ op: "close" });
      await worker.terminate();
    },
  };
}
