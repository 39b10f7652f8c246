/**
 * The database's thread (decision 032): PGlite runs here, in a worker thread of the server, so its WebAssembly
 * and its JavaScript stop sharing the main thread with HTTP, validation and serialisation. The main thread
 * talks to it through `pglite-thread.ts`; this side owns the client and answers its messages in order.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { TEXT_TYPE_PARSERS } from "./pglite-client.js";
import type { PgliteStart, Reply, Request } from "./pglite-protocol.js";
import { serializeError } from "./pglite-protocol.js";

const port = parentPort;
if (!port) throw new Error("pglite-worker.ts runs only as a worker thread");

const start = workerData as PgliteStart;

// PGlite.create (not the constructor) is what loads extensions in PGlite 0.5.
const client = await PGlite.create({
  ...(start.dataDir ? { dataDir: start.dataDir } : {}),
  ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
  // The migrations' extensions: exclusion constraints (0001), the reservation search (0010).
  extensions: { btree_gist, btree_gin, pg_trgm },
  startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${start.sharedBuffers}`],
});
// Set on the started client: PGlite derives its array types' parsers when it starts (pglite-client.ts).
Object.assign(client.parsers, TEXT_TYPE_PARSERS);

/** Open transactions, by the number the main thread knows them by, with how each one ends. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
const listeners = new Map<string, () => Promise<void>>();
let nextTransaction = 1;

/** Thrown inside PGlite's transaction to roll it back when the main thread's work failed. */
class RollBack extends Error {}

function transactionOf(id: number | undefined): Transaction | PGlite {
  if (id === undefined) return client;
  const open = transactions.get(id);
  if (!open) throw new Error(`transaction ${id} is not open`);
  return open.tx;
}

/** Opens a transaction and keeps it open until its `end`: answers with its number once it has begun. */
function begin(): Promise<{ id: number; done: Promise<void> }> {
  return new Promise((begun, failed) => {
    const id = nextTransaction++;
    const done = client
      .transaction(async (tx) => {
        const commit = await new Promise<boolean>((end) => {
          transactions.set(id, { tx, end });
          begun({ id, done });
        });
        if (!commit) throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      })
      .finally(() => transactions.delete(id));
    done.catch(failed);
  });
}

/** How each transaction's end is awaited, by its number. */
const endings = new Map<number, Promise<void>>();

async function answer(request: Request): Promise<unknown> {
  switch (request.op) {
    case "query": {
      const target = transactionOf(request.tx);
      return target.query(request.text, request.params, { rowMode: request.rowMode });
    }
    case "begin": {
      const { id, done } = await begin();
      endings.set(id, done);
      return id;
    }
    case "end": {
      const open = transactions.get(request.tx);
      const done = endings.get(request.tx);
      endings.delete(request.tx);
      if (!open || !done) throw new Error(`transaction ${request.tx} is not open`);
      open.end(request.commit);
      await done;
      return null;
    }
    case "listen": {
      if (!listeners.has(request.channel)) {
        const channel = request.channel;
        const unlisten = await client.listen(channel, (payload) =>
          port?.postMessage({ notify: channel, payload } satisfies Reply),
        );
        listeners.set(channel, unlisten);
      }
      return null;
    }
    case "unlisten": {
      const unlisten = listeners.get(request.channel);
      listeners.delete(request.channel);
      await unlisten?.();
      return null;
    }
    case "dump": {
      const blob = await client.dumpDataDir("none");
      return blob.arrayBuffer();
    }
    case "close":
      await client.close();
      return null;
  }
}

port.on("message", (request: Request) => {
  answer(request).then(
    (result) => {
      const transfer = result instanceof ArrayBuffer ? [result] : [];
      port.postMessage({ id: request.id, ok: true, result } satisfies Reply, transfer);
      if (request.op === "close") port.close();
    },
    (error: unknown) =>
      port.postMessage({ id: request.id, ok: false, error: serializeError(error) } satisfies Reply),
  );
});
port.postMessage({ ready: true } satisfies Reply);
