/**
 * A transaction that spans one request: opened by a hook, used by the handler's services without their
 * knowing, committed or rolled back by a later hook. A keyed POST runs in one (src/server/http/idempotency.ts),
 * so its key, its work and its stored answer commit together or not at all (docs/decisions/015-idempotency-keys.md).
 *
 * Services take a `Db` and open their own transactions on it. The property-scoped modules are given
 * `requestScopedDb(db)`: while a request transaction is current (AsyncLocalStorage), every use of it goes to
 * that transaction, and a service's own transaction becomes a savepoint inside it; otherwise it is `db`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "../db/connect.js";

const current = new AsyncLocalStorage<Db>();

/** `db`, or the request's transaction while one is current. */
export function requestScopedDb(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const base = current.getStore() ?? target;
      const value = Reflect.get(base, property, base);
      return typeof value === "function" ? value.bind(base) : value;
    },
  });
}

/** Runs `next` (a hook's `done`) with `tx` current for the rest of the request. */
export function runInTransaction(tx: Db, next: () => void): void {
  current.run(tx, next);
}

export type RequestTransaction = {
  tx: Db;
  /** Commits; rejects (and nothing is kept) when the commit fails. */
  commit(): Promise<void>;
  /** Rolls everything back; rejects only when the database could not be told (nothing is kept either way). */
  rollback(): Promise<void>;
};

/** Thrown inside the transaction's callback to make the driver roll it back. */
class RollBack extends Error {}

/**
 * Opens a transaction on `db` that stays open until `commit` or `rollback`. The driver's callback form is
 * used (it owns BEGIN, COMMIT and ROLLBACK, and on PGlite the connection's exclusive use); the callback
 * just waits for the verdict.
 */
export async function openRequestTransaction(db: Db): Promise<RequestTransaction> {
  let opened: (tx: Db) => void = () => {};
  let verdict: (commit: boolean) => void = () => {};
  const ready = new Promise<Db>((resolve) => {
    opened = resolve;
  });
  const decided = new Promise<boolean>((resolve) => {
    verdict = resolve;
  });
  const ended = db.transaction(async (tx) => {
    opened(tx as unknown as Db);
    if (!(await decided)) throw new RollBack();
  });
  // If BEGIN itself fails, `ready` never resolves: race it with the transaction's end. (The callback cannot
  // end before a verdict, so `ended` settling first means it failed.)
  const first = await Promise.race([
    ready.then((tx) => ({ tx })),
    ended.then(
      () => ({ failure: new Error("the transaction ended before it was used") }),
      (failure: unknown) => ({ failure }),
    ),
  ]);
  if ("failure" in first) throw first.failure;
  const { tx } = first;
  return {
    tx,
    async commit() {
      verdict(true);
      await ended;
    },
    async rollback() {
      verdict(false);
      await ended.catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
    },
  };
}
