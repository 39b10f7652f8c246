/**
 * Opens the database: embedded PGlite in DATA_DIR by default, a PostgreSQL server when DATABASE_URL is set.
 * Both run the same migrations and constraints; the rest of the server only sees `Database`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { distributeForCitus } from "./citus.js";
import { fillCurrencyDigits } from "./currency-digits.js";
import { acquireDataDirLock } from "./data-dir-lock.js";
import { confirmClusterIdentity, damagedDataDir, inspectDataDir, PGLITE_DIR } from "./data-dir-marker.js";
import { drizzleClient } from "./pglite-client.js";
import * as schema from "./schema.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  kind: "pglite" | "postgres";
  db: Db;
  /** PGlite on disk: the directory it lives in (its free space is guarded: disk-guard.ts). */
  dataDir?: string;
  /**
   * Subscribe to a NOTIFY channel; resolves once listening. Returns the unsubscribe function. PostgreSQL:
   * a dropped LISTEN connection is re-established, then `onReconnect` runs (notifications sent in between
   * are lost, so the caller should make its consumers catch up).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
    /** PostgreSQL: told of each failed attempt to listen again (the caller logs it; attempts go on). */
    onRetryFailed?: (error: unknown) => void,
  ): Promise<() => Promise<void>>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the data directory (used to clone a migrated database in tests). */
  dump?: () => Promise<Blob>;
};

// Arbitrary constant: serialises migrations when several instances start against one PostgreSQL.
const MIGRATION_LOCK_KEY = 7_341_912;

function migrationsFolder(): string {
  // Works from src/ (tsx, vitest) and from dist/ (compiled): the SQL files stay in the source tree.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("package.json not found above the server code");
    dir = parent;
  }
  return path.join(dir, "src/server/db/migrations");
}

/**
 * PGlite's buffer cache. Its default, 128 MB, is allocated inside the WebAssembly memory when PGlite starts,
 * so it was most of the server's idle memory; pages it no longer holds are still in the operating system's
 * file cache, a read away. See docs/benchmarks.md (memory) for what the smaller cache costs.
 */
const PGLITE_SHARED_BUFFERS = "32MB";

/**
 * Opens PGlite in `dataDir` (locked against other processes, and refused when damaged: see
 * data-dir-marker.ts), or in memory when no directory is given. `loadDataDir` starts from a dump of an
 * already migrated database (tests clone one per suite).
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  const release = dataDir ? await acquireDataDirLock(dataDir) : () => {};
  let client: PGlite | undefined;
  try {
    // Inspected before PGlite touches the directory: over a damaged one it would initialise a new cluster.
    const state = dataDir ? inspectDataDir(dataDir) : undefined;
    try {
      // PGlite.create (not the constructor) is what loads extensions in PGlite 0.5.
      client = await PGlite.create({
        ...(dataDir ? { dataDir: path.join(dataDir, PGLITE_DIR) } : {}),
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
        // The migrations' extensions: exclusion constraints (0001), the reservation search (0010).
        extensions: { btree_gist, btree_gin, pg_trgm },
        startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      });
    } catch (error) {
      // PGlite's own messages ("Aborted()", "failed to initialize properly") do not say what to do.
      if (dataDir && state?.kind === "existing") {
        throw damagedDataDir(
          dataDir,
          `PGlite cannot open ${PGLITE_DIR}/ (${(error as Error).message})`,
          error,
        );
      }
      throw error;
    }
    const opened = client;
    // Before the migrations, which would otherwise start filling a cluster that is not this hotel's.
    if (dataDir && state) await confirmClusterIdentity(dataDir, state, opened);
    const db = drizzlePglite({ client: drizzleClient(opened) as PGlite, schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    await fillCurrencyDigits(db);
    return {
      kind: "pglite",
      db,
      ...(dataDir ? { dataDir } : {}),
      async listen(channel, onPayload) {
        const unlisten = await opened.listen(channel, onPayload);
        return () => unlisten();
      },
      async ping() {
        await opened.query("select 1");
        return true;
      },
      dump: () => opened.dumpDataDir("none"),
      async close() {
        try {
          await opened.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    // Closed before the lock is released, so that no other process opens the directory under it.
    await client?.close().catch((closeError: unknown) => {
      process.stderr.write(
        `innkeep: closing PGlite${dataDir ? ` in DATA_DIR ${dataDir}` : ""} after a failed start also failed: ${(closeError as Error).message}\n`,
      );
    });
    release();
    throw error;
  }
}

/**
 * A pool whose one-statement queries keep their connection when the database refuses the statement. pg's own
 * `Pool.query` hands the connection back with the error, which closes it: every refused booking (a constraint,
 * a raised exception: an answer, not a broken connection) cost a new connection on the next request, and under
 * load a new backend process per 409. A connection that is broken (no answer, or the server ended it) is still
 * dropped: the pool removes any client that is no longer queryable.
 */
export class AnswerKeepingPool extends pg.Pool {
  // Drizzle calls the promise form, with a query config and its parameters.
  override query(...args: unknown[]): never {
    if (typeof args.at(-1) === "function") throw new TypeError("AnswerKeepingPool.query takes no callback");
    const run = async () => {
      const client = await this.connect();
      let broken: Error | undefined;
      try {
        return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        if (!(error instanceof pg.DatabaseError)) broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    };
    return run() as never;
  }
}

export async function openPostgres(
  connectionString: string,
  options: { poolSize?: number } = {},
): Promise<Database> {
  const pool = new AnswerKeepingPool({
    connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 15_000,
    // The report's per-stay generate_series is estimated at 1,000 rows, which makes PostgreSQL JIT-compile a
    // query that runs in milliseconds (bench: 30-day report 130 ms -> 32 ms with JIT off).
    options: "-c jit=off",
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Nor one that is checked out (a transaction between statements): pg emits "error" on the client as
  // well as failing its query, and the pool listens only while a client is idle. The failure itself
  // reaches whoever uses the client, as its query's or its next query's error.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const lockClient = await pool.connect().catch(async (error: Error) => {
    await pool.end();
    throw new Error(`Cannot connect to DATABASE_URL: ${error.message}`);
  });
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    // Migrate on the connection that holds the lock, so a pool of one is enough.
    await migratePg(drizzlePg(lockClient), { migrationsFolder: migrationsFolder() });
    await distributeForCitus(lockClient);
    await fillCurrencyDigits(drizzlePg(lockClient, { schema }) as unknown as Db);
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: "postgres",
    db,
    async listen(channel, onPayload, onReconnect, onRetryFailed) {
      // LISTEN needs a connection of its own for as long as we listen. When the database drops it (restart,
      // failover, an idle-connection killer), connect and LISTEN again, backing off up to 5 s between tries.
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      let delay = 100;
      const connect = async () => {
        const next = new pg.Client({ connectionString, keepAlive: true });
        next.on("error", () => {}); // "end" follows and reconnects
        next.on("end", () => {
          if (client === next) reconnectSoon();
        });
        next.on("notification", (message) => {
          if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
        });
        try {
          await next.connect();
          await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          await next.end().catch(() => {});
          throw error;
        }
        if (stopped) await next.end().catch(() => {});
        else client = next;
      };
      const reconnectSoon = () => {
        client = undefined;
        if (stopped || retry) return;
        retry = setTimeout(async () => {
          try {
            await connect();
            delay = 100;
            retry = undefined;
            if (!stopped) onReconnect?.();
          } catch (error) {
            onRetryFailed?.(error);
            delay = Math.min(delay * 2, 5000);
            retry = undefined;
            reconnectSoon();
          }
        }, delay);
      };
      await connect();
      const stop = async () => {
        stopped = true;
        clearTimeout(retry);
        listeners.delete(stop);
        await client?.end().catch(() => {});
      };
      listeners.add(stop);
      return stop;
    },
    async ping() {
      await db.execute(sql`select 1`);
      return true;
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

export function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
