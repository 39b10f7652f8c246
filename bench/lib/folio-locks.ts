// What concurrent invoice issues wait on (bench/folio.ts). Two views:
// - sampleWaits (PostgreSQL): while issues run at once through the server, pg_stat_activity is read in a
//   loop, and each busy connection is counted by what it is doing (running, waiting for a lock, idle inside
//   its transaction) and by the statement it is on (the numbering, the invoice's insert, COMMIT, …).
// - issueAnatomy (both databases, server stopped): the server's own issueInvoice, called in this process on
//   the same database (PostgreSQL with the server's pool of 10, or another), each issue's statements timed through
//   the driver: the wait before its transaction starts, the numbering statement (its wait for the counter's
//   row lock, and its execution) and how long the lock is then held (until COMMIT has answered).
import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
import { type Database, openPostgres } from "../../src/server/db/connect.js";
import { issueInvoice } from "../../src/server/modules/invoices/service.js";
import type { Backend } from "./backends.js";
import { type Figures, figures } from "./folio-measure.js";
import type { SeededIds } from "./seed.js";

/** The statements of an issue, as the sampler and the report name them; the first match wins. */
const STATEMENTS: [RegExp, string][] = [
  [/invoice_counters/i, "the numbering (invoice_counters upsert)"],
  [/^insert into "invoices"/i, "the invoice's insert"],
  [/^insert into "invoiced_lines"/i, "the invoiced lines' insert"],
  [/^insert into "activity"/i, "the activity entry (takes the property's event_seq)"],
  [/event_seq as seq/i, "the event's read-back"],
  [/pg_notify/i, "the wake-up (pg_notify)"],
  [/^commit/i, "COMMIT"],
  [/^begin/i, "BEGIN"],
  [/for no key update/i, "the stay's row lock (select … for no key update)"],
  // loadFolio's first read (the stay with its property, room type and tax rate), then its three others.
  [
    /^select "reservations"\."id"|"folio_charges"|"payments"|"invoiced_lines"|from "invoices"/i,
    "the folio's reads",
  ],
  [/"sessions"/i, "the session check (request hook)"],
];
const NUMBERING = STATEMENTS[0]?.[0] as RegExp;
export const statementOf = (text: string): string =>
  STATEMENTS.find(([pattern]) => pattern.test(text.trim()))?.[1] ?? `other: ${text.trim().slice(0, 40)}`;

export type WaitRow = { state: string; statement: string; count: number };
export type WaitSamples = {
  polls: number;
  busy: number;
  rows: WaitRow[];
  lockWaits: number;
  onNumbering: number;
};

/** Reads pg_stat_activity of `url`'s database in a loop while `during` runs; counts what each backend does. */
export async function sampleWaits(url: string, during: () => Promise<void>): Promise<WaitSamples> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts = new Map<string, WaitRow>();
  let polls = 0;
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      const { rows } = await client.query<{
        state: string;
        type: string | null;
        event: string | null;
        query: string;
      }>(
        `select state, wait_event_type as type, wait_event as event, query from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and backend_type = 'client backend' and state not in ('idle') and query not ilike 'listen %'`,
      );
      polls++;
      for (const row of rows) {
        const state =
          row.state === "idle in transaction"
            ? "idle in its transaction, after"
            : row.type === "Lock"
              ? `waiting for a lock (${row.event})`
              : row.type && row.type !== "Client"
                ? `waiting: ${row.type} ${row.event}`
                : "running";
        const statement = statementOf(row.query);
        const key = `${state}|${statement}`;
        const found = counts.get(key) ?? { state, statement, count: 0 };
        found.count++;
        counts.set(key, found);
      }
    }
  })();
  try {
    await during();
  } finally {
    stop = true;
    await loop;
    await client.end();
  }
  const rows = [...counts.values()].sort((a, b) => b.count - a.count);
  const locks = rows.filter((r) => r.state.startsWith("waiting for a lock"));
  return {
    polls,
    busy: rows.reduce((sum, r) => sum + r.count, 0),
    rows,
    lockWaits: locks.reduce((sum, r) => sum + r.count, 0),
    onNumbering: locks.filter((r) => NUMBERING.test(r.statement)).reduce((sum, r) => sum + r.count, 0),
  };
}

/** One issue's moments (performance.now()), filled in as its statements are sent and answered. */
type Trace = {
  called: number;
  begin?: number;
  numberingSent?: number;
  numberingDone?: number;
  commitSent?: number;
  commitDone?: number;
  done?: number;
};
const traces = new AsyncLocalStorage<Trace>();

function observe(trace: Trace, text: string, sent: number, result: unknown): void {
  if (/^begin/i.test(text)) trace.begin ??= sent;
  const numbering = NUMBERING.test(text);
  const commit = /^commit/i.test(text);
  if (!(numbering || commit) || !(result instanceof Promise)) return;
  result.then(
    () => {
      const at = performance.now();
      if (commit) {
        trace.commitSent = sent;
        trace.commitDone = at;
      } else {
        trace.numberingSent = sent;
        trace.numberingDone = at;
      }
    },
    () => {},
  );
}

/** node-postgres: every Client's query (the pool's clients are pg.Client) is seen, for traced issues only. */
function instrumentPg(): () => void {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const trace = traces.getStore();
    const sent = performance.now();
    const result = original.apply(this, args);
    if (trace) {
      const first = args[0] as string | { text?: string };
      observe(trace, typeof first === "string" ? first : (first?.text ?? ""), sent, result);
    }
    return result;
  };
  return () => {
    proto.query = original;
  };
}

type Query = (text: string, params?: unknown[], options?: unknown) => Promise<unknown>;
type PgliteClient = {
  query: Query;
  transaction: <T>(work: (tx: { query: Query }) => Promise<T>) => Promise<T>;
};

/**
 * PGlite: the client Drizzle was given (pglite-client.ts). Its transaction starts once PGlite's own
 * transaction queue lets it (BEGIN is sent inside PGlite), and ends when COMMIT has run.
 */
function instrumentPglite(database: Database): () => void {
  const client = (database.db as unknown as { $client: PgliteClient }).$client;
  const original = client.transaction;
  client.transaction = <T>(work: (tx: { query: Query }) => Promise<T>) => {
    const trace = traces.getStore();
    if (!trace) return original(work);
    return original((tx) => {
      trace.begin = performance.now();
      const query = tx.query;
      tx.query = (text, params, options) => {
        const sent = performance.now();
        const result = query.call(tx, text, params, options);
        observe(trace, text, sent, result);
        return result;
      };
      return work(tx);
    }).then((result) => {
      trace.commitDone = performance.now();
      return result;
    });
  };
  return () => {
    client.transaction = original;
  };
}

export type AnatomyFigures = {
  total: Figures;
  /** Called → its transaction began (PostgreSQL: a pool connection; PGlite: its transaction queue). */
  beforeTransaction: Figures;
  /** The numbering statement sent → answered: its wait for the counter row, and its execution. */
  numbering: Figures;
  /** The numbering answered → COMMIT answered: how long the counter row stays locked. */
  hold: Figures;
  /** COMMIT sent → answered (its WAL flush); PostgreSQL only (PGlite commits inside its transaction call). */
  commit: Figures;
};
export type Anatomy = { one: AnatomyFigures; many: AnatomyFigures; poolSize: number | null; count: number };

/** openPostgres's default, which the server uses. */
export const SERVER_POOL = 10;

/** `rounds` of `concurrency` issues one at a time, then as many at once (ABBA), after one untimed of each. */
export async function issueAnatomy(
  backend: Backend,
  ids: SeededIds,
  take: (n: number) => string[],
  rounds: number,
  concurrency: number,
  poolSize = SERVER_POOL,
): Promise<Anatomy> {
  const database =
    backend.spec.kind === "postgres"
      ? await openPostgres(backend.spec.url, { poolSize })
      : await backend.open(false);
  const restore = backend.spec.kind === "postgres" ? instrumentPg() : instrumentPglite(database);
  const actor = { id: ids.userId, name: "Folio Owner" };
  const run = (stay: string) => {
    const trace: Trace = { called: performance.now() };
    return traces.run(trace, async () => {
      await issueInvoice(database.db, ids.pid, stay, actor, {}, new Date());
      trace.done = performance.now();
      return trace;
    });
  };
  const oneByOne = async (stays: string[]) => {
    const out: Trace[] = [];
    for (const stay of stays) out.push(await run(stay));
    return out;
  };
  const atOnce = (stays: string[]) => Promise.all(stays.map(run));
  const kept = { one: [] as Trace[], many: [] as Trace[] };
  try {
    await oneByOne(take(concurrency));
    await atOnce(take(concurrency));
    for (let pair = 0; pair < rounds; pair++) {
      const order = pair % 2 === 0 ? (["one", "many"] as const) : (["many", "one"] as const);
      for (const kind of order)
        kept[kind].push(
          ...(kind === "one" ? await oneByOne(take(concurrency)) : await atOnce(take(concurrency))),
        );
    }
  } finally {
    restore();
    await database.close();
  }
  type Moment = keyof Trace;
  const of = (list: Trace[]): AnatomyFigures => {
    const span = (from: Moment, to: Moment) =>
      figures(list.map((t) => (t[to] ?? Number.NaN) - (t[from] ?? Number.NaN)));
    return {
      total: span("called", "done"),
      beforeTransaction: span("called", "begin"),
      numbering: span("numberingSent", "numberingDone"),
      hold: span("numberingDone", "commitDone"),
      commit: span("commitSent", "commitDone"),
    };
  };
  return {
    one: of(kept.one),
    many: of(kept.many),
    poolSize: backend.spec.kind === "postgres" ? poolSize : null,
    count: kept.one.length,
  };
}
