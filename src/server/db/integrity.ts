/**
 * Reads every table and index of the database, so that damage shows up now rather than when a guest's
 * record is next needed (`npm run db:check`, scripts/db-check.ts).
 *
 * - Tables: every row of every table outside the system schemas is read and turned into text, so every
 *   heap page and every out-of-line (TOAST) value is fetched; with amcheck's `verify_heapam` (PostgreSQL 14+)
 *   each table is also verified tuple by tuple.
 * - Indexes: B-trees with amcheck's `bt_index_check(…, heapallindexed => true)`. Otherwise, and for GiST and
 *   GIN, a scan the planner can only answer with that index (sequential scans and sorts switched off),
 *   confirmed with EXPLAIN: PostgreSQL has no way to name the index a query uses, so an index the planner
 *   still does not pick (typically on an empty table, where a wider index costs the same) is reported as not
 *   reached instead of passed.
 *
 * amcheck is used when it is installed, or else when it can be: each check then creates it inside a
 * transaction that is rolled back, leaving the database as it was (this needs a superuser on PostgreSQL;
 * PGlite has it only when opened with its amcheck extension, which connect.ts does not load).
 *
 * Damage is what PostgreSQL reports as data corruption or an I/O failure (db/health-state.ts): SQLSTATE class
 * XX or 58, or a finding of amcheck. Nothing is written; the checks run in transactions that are rolled back.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database, Db } from "./connect.js";
import { databaseFault } from "./health-state.js";

export type Outcome = "ok" | "damaged" | "not reached" | "failed";

export type Finding = { kind: "table" | "index"; name: string; outcome: Outcome; detail: string };

type Runner = Pick<Db, "execute">;

async function rows<T>(db: Runner, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Rolls back whatever `work` did, keeping its result (`set local` and a borrowed amcheck must not stay). */
async function rolledBack<T>(database: Database, work: (tx: Runner) => Promise<T>): Promise<T> {
  const rollback = new Error("rollback");
  let result: { value: T } | undefined;
  try {
    await database.db.transaction(async (tx) => {
      result = { value: await work(tx) };
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  if (!result) throw new Error("the check's transaction ended without a result");
  return result.value;
}

/** The SQLSTATE and message of the innermost database error (drizzle's wrapper quotes the whole query). */
function describe(error: unknown): string {
  let current: unknown = error;
  let last = String(error);
  for (let depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof message === "string") last = message;
    if (typeof code === "string" && typeof message === "string") return `${code}: ${message}`;
    current = cause;
  }
  return last;
}

function failure(kind: Finding["kind"], name: string, error: unknown): Finding {
  const fault = databaseFault(error);
  return { kind, name, outcome: fault?.kind === "corrupt" ? "damaged" : "failed", detail: describe(error) };
}

/** Where amcheck's functions are; `borrowed`: created for each check in its transaction, then rolled back. */
type Amcheck = { borrowed: boolean; heap: boolean };

const INSTALLED_AMCHECK = sql`select n.nspname as schema,
    exists (select 1 from pg_proc p where p.proname = 'verify_heapam' and p.pronamespace = n.oid) as heap
  from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'amcheck'`;

async function amcheckOf(database: Database): Promise<Amcheck | undefined> {
  const [installed] = await rows<{ heap: boolean }>(database.db, INSTALLED_AMCHECK);
  if (installed) return { borrowed: false, heap: installed.heap };
  const [available] = await rows<{ name: string }>(
    database.db,
    sql`select name from pg_available_extensions where name = 'amcheck'`,
  );
  if (!available) return undefined;
  try {
    const [borrowed] = await rolledBack(database, async (tx) => {
      await tx.execute(sql`create extension amcheck`);
      return rows<{ heap: boolean }>(tx, INSTALLED_AMCHECK);
    });
    return borrowed ? { borrowed: true, heap: borrowed.heap } : undefined;
  } catch (error) {
    // Not allowed (amcheck needs a superuser to create): the forced scans still read every index.
    if (databaseFault(error)) throw error;
    return undefined;
  }
}

/** Runs `work` with amcheck's schema, in a transaction rolled back afterwards. */
function withAmcheck<T>(
  database: Database,
  amcheck: Amcheck,
  work: (tx: Runner, schema: ReturnType<typeof sql.identifier>) => Promise<T>,
): Promise<T> {
  return rolledBack(database, async (tx) => {
    if (amcheck.borrowed) await tx.execute(sql`create extension amcheck`);
    const [where] = await rows<{ schema: string }>(tx, INSTALLED_AMCHECK);
    if (!where) throw new Error("amcheck disappeared during the check");
    return work(tx, sql.identifier(where.schema));
  });
}

type Table = { name: string };

async function checkTable(database: Database, table: Table, amcheck: Amcheck | undefined): Promise<Finding> {
  try {
    // `name` is PostgreSQL's own rendering of the regclass, quoted where needed.
    const relation = sql.raw(table.name);
    const [read] = await rows<{ rows: number }>(
      database.db,
      sql`select count(*)::int as rows, coalesce(sum(length(t::text)), 0)::bigint as chars from only ${relation} as t`,
    );
    if (amcheck?.heap) {
      const problems = await withAmcheck(database, amcheck, (tx, schema) =>
        rows<{ blkno: number; offnum: number; msg: string }>(
          tx,
          sql`select blkno, offnum, msg from ${schema}.verify_heapam(${table.name}::regclass, check_toast => true) limit 5`,
        ),
      );
      const first = problems[0];
      if (first)
        return {
          kind: "table",
          name: table.name,
          outcome: "damaged",
          detail: `verify_heapam: block ${first.blkno}, item ${first.offnum}: ${first.msg}`,
        };
    }
    return { kind: "table", name: table.name, outcome: "ok", detail: `${read?.rows ?? 0} rows read` };
  } catch (error) {
    return failure("table", table.name, error);
  }
}

type Index = {
  name: string;
  relname: string;
  table: string;
  method: string;
  valid: boolean;
  predicate: string | null;
  keys: string[];
  options: number[];
  opclasses: string[];
};

const INDEX_OPTION_DESC = 1;
const INDEX_OPTION_NULLS_FIRST = 2;

/** Queries that only an index like `index` answers cheaply, most specific first. */
function candidateScans(index: Index): SQL[] {
  const table = sql.raw(index.table);
  const where = (condition: string) =>
    sql.raw(index.predicate ? `(${condition}) and (${index.predicate})` : condition);
  const scans: SQL[] = [];
  if (index.method === "btree") {
    // The index's own order: with sorting off, the cheapest way to produce it is reading that index.
    const order = index.keys.map((key, i) => {
      const option = index.options[i] ?? 0;
      const direction = option & INDEX_OPTION_DESC ? "desc" : "asc";
      return `${key} ${direction} nulls ${option & INDEX_OPTION_NULLS_FIRST ? "first" : "last"}`;
    });
    scans.push(
      sql`select count(*)::int as n from (select 1 from only ${table} where ${where("true")} order by ${sql.raw(order.join(", "))}) s`,
    );
  }
  // Every entry matches; pg_trgm turns a pattern without trigrams into a full scan of its GIN index (GIN
  // cannot search for nulls).
  const conditions = index.keys.map((key, i) =>
    index.opclasses[i]?.includes("trgm") ? `(${key}) like '%'` : `(${key}) is not null`,
  );
  // All keys at once first: an index that takes every condition as an index qualifier beats one that leaves
  // some to a filter; then each key alone (GIN cannot search nulls, so its other keys would rule it out).
  for (const condition of new Set([conditions.join(" and "), ...conditions])) {
    scans.push(sql`select count(*)::int as n from only ${table} where ${where(condition)}`);
  }
  return scans;
}

function indexesIn(plan: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(plan)) for (const item of plan) indexesIn(item, found);
  else if (plan && typeof plan === "object") {
    for (const [key, value] of Object.entries(plan)) {
      if (key === "Index Name" && typeof value === "string") found.add(value);
      else indexesIn(value, found);
    }
  }
  return found;
}

async function scanIndex(database: Database, index: Index): Promise<Finding> {
  return rolledBack(database, async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const used = new Set<string>();
    for (const scan of candidateScans(index)) {
      const [explained] = await rows<Record<string, unknown>>(tx, sql`explain (format json) ${scan}`);
      const plan = explained ? Object.values(explained)[0] : undefined;
      const names = indexesIn(typeof plan === "string" ? JSON.parse(plan) : plan);
      if (!names.has(index.relname)) {
        for (const name of names) used.add(name);
        continue;
      }
      const [counted] = await rows<{ n: number }>(tx, scan);
      return { kind: "index", name: index.name, outcome: "ok", detail: `${counted?.n ?? 0} entries scanned` };
    }
    const instead = used.size > 0 ? `the planner used ${[...used].join(", ")}` : "no scan uses it";
    return { kind: "index", name: index.name, outcome: "not reached", detail: instead };
  });
}

/**
 * `tableDamaged`: its table failed its own check. Reading the index through the table would only repeat that
 * table's error under the index's name, so a B-tree is then checked on its own (amcheck without
 * heapallindexed) and other indexes wait for the table's repair.
 */
async function checkIndex(
  database: Database,
  index: Index,
  amcheck: Amcheck | undefined,
  tableDamaged: boolean,
): Promise<Finding> {
  if (!index.valid)
    return { kind: "index", name: index.name, outcome: "not reached", detail: "marked invalid; REINDEX it" };
  try {
    if (amcheck && index.method === "btree") {
      await withAmcheck(database, amcheck, (tx, schema) =>
        tx.execute(sql`select ${schema}.bt_index_check(${index.name}::regclass, ${!tableDamaged})`),
      );
      const detail = tableDamaged ? "bt_index_check passed (index pages only)" : "bt_index_check passed";
      return { kind: "index", name: index.name, outcome: "ok", detail };
    }
    if (tableDamaged)
      return {
        kind: "index",
        name: index.name,
        outcome: "not reached",
        detail: `its table ${index.table} is damaged; check again once it is repaired`,
      };
    return await scanIndex(database, index);
  } catch (error) {
    return failure("index", index.name, error);
  }
}

/** The system schemas are left to PostgreSQL; `pg_%` also covers TOAST tables (read through their owners). */
const USER_SCHEMAS = sql.raw(
  `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
);

export type IntegrityReport = { findings: Finding[]; amcheck: boolean };

/** Checks every table, then every index; `onFinding` hears each result as it comes. */
export async function checkIntegrity(
  database: Database,
  onFinding: (finding: Finding) => void = () => {},
): Promise<IntegrityReport> {
  const amcheck = await amcheckOf(database);
  const tables = await rows<Table>(
    database.db,
    sql`select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'm') and ${USER_SCHEMAS} order by 1`,
  );
  const indexes = await rows<Index>(
    database.db,
    sql`select i.indexrelid::regclass::text as name, c.relname, i.indrelid::regclass::text as table,
          am.amname as method, i.indisvalid as valid, pg_get_expr(i.indpred, i.indrelid) as predicate,
          array(select pg_get_indexdef(i.indexrelid, k, true) from generate_series(1, i.indnkeyatts) k) as keys,
          i.indoption::int2[] as options,
          array(select o.opcname::text from unnest(i.indclass::oid[]) with ordinality u(oid, k)
                join pg_opclass o on o.oid = u.oid order by u.k) as opclasses
        from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
        join pg_namespace n on n.oid = c.relnamespace
        where ${USER_SCHEMAS} order by 1`,
  );
  const findings: Finding[] = [];
  const record = (finding: Finding) => {
    findings.push(finding);
    onFinding(finding);
  };
  const damagedTables = new Set<string>();
  for (const table of tables) {
    const finding = await checkTable(database, table, amcheck);
    if (finding.outcome === "damaged") damagedTables.add(table.name);
    record(finding);
  }
  for (const index of indexes)
    record(await checkIndex(database, index, amcheck, damagedTables.has(index.table)));
  return { findings, amcheck: amcheck !== undefined };
}
