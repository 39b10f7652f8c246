/**
 * What autovacuum does for a PostgreSQL server, done for PGlite, which has no autovacuum: tables that have
 * changed enough are analyzed (the planner's statistics) and vacuumed (dead rows, the visibility map that
 * index-only scans read, GIN pending lists), with autovacuum's own thresholds. Without it a database built
 * through the API never has statistics: the planner takes every property's rows for a handful (a never-analyzed
 * table's default selectivity), and plans like the reservations list's newest page sort all of a property's
 * stays instead of reading an index (docs/decisions/018-create-path-under-load.md).
 *
 * One table per statement: PGlite runs one statement at a time, so requests wait at most one table's pass,
 * never the whole round. PostgreSQL servers have autovacuum; there this does nothing.
 */
import { sql } from "drizzle-orm";
import type { Database } from "./connect.js";

/** PostgreSQL's autovacuum defaults (autovacuum_*_threshold, autovacuum_*_scale_factor). */
const ANALYZE = { threshold: 50, scale: 0.1 };
const VACUUM_DEAD = { threshold: 50, scale: 0.2 };
const VACUUM_INSERTED = { threshold: 1000, scale: 0.2 };
export const MAINTENANCE_EVERY_MS = 60_000;

export type TableChanges = {
  table: string;
  /** Rows at the last VACUUM or ANALYZE; -1 when neither has run. */
  reltuples: number;
  dead: number;
  modifiedSinceAnalyze: number;
  insertedSinceVacuum: number;
};
export type Work = { table: string; vacuum: boolean; analyze: boolean };

/** What autovacuum would do to each table now (pure: the thresholds, given the counters). */
export function maintenanceWork(tables: readonly TableChanges[]): Work[] {
  return tables.flatMap((t) => {
    const rows = Math.max(t.reltuples, 0);
    const analyze = t.modifiedSinceAnalyze > ANALYZE.threshold + ANALYZE.scale * rows;
    const vacuum =
      t.dead > VACUUM_DEAD.threshold + VACUUM_DEAD.scale * rows ||
      t.insertedSinceVacuum > VACUUM_INSERTED.threshold + VACUUM_INSERTED.scale * rows;
    return analyze || vacuum ? [{ table: t.table, vacuum, analyze }] : [];
  });
}

async function tableChanges(database: Database): Promise<TableChanges[]> {
  const result = await database.db.execute(sql`
    select s.relname as "table", c.reltuples::float8 as "reltuples", s.n_dead_tup::float8 as "dead",
           s.n_mod_since_analyze::float8 as "modifiedSinceAnalyze",
           s.n_ins_since_vacuum::float8 as "insertedSinceVacuum"
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'
    order by s.relname`);
  return (result as unknown as { rows: TableChanges[] }).rows;
}

/** One round: the work done, each table's statement after the last (an error stops the round). */
export async function maintainOnce(database: Database): Promise<Work[]> {
  const work = maintenanceWork(await tableChanges(database));
  for (const { table, vacuum, analyze } of work) {
    const name = sql.identifier(table);
    await database.db.execute(
      vacuum ? (analyze ? sql`vacuum (analyze) ${name}` : sql`vacuum ${name}`) : sql`analyze ${name}`,
    );
  }
  return work;
}

/**
 * Runs `maintainOnce` every `everyMs` on PGlite (nothing on PostgreSQL). A round never overlaps the last;
 * `stop` waits for a round in progress, so the database can be closed after it.
 */
export function startMaintenance(
  database: Database,
  options: {
    everyMs?: number;
    onError?: (error: unknown) => void;
    /** Hears each round's work (tests, measurements). */
    onRound?: (work: Work[]) => void;
  } = {},
): { stop(): Promise<void> } {
  if (database.kind !== "pglite") return { stop: async () => {} };
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = maintainOnce(database)
      .then((work) => options.onRound?.(work))
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
      });
  }, options.everyMs ?? MAINTENANCE_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
