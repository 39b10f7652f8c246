/**
 * The PGlite client as Drizzle is given it (decision 028). Drizzle's PGlite driver keeps dates, timestamps
 * and intervals as text by sending identity parsers for those types with every query, and PGlite copies its
 * whole parser table (some 300 types) to merge them in, on every query: ~70–90 µs a statement, more than
 * `select 1` costs. So the client applies those parsers itself, from its creation, and the copies Drizzle
 * sends are left out. A query whose parsers name any other type is passed on as it is.
 */
import { type PGlite, type QueryOptions, type Transaction, types } from "@electric-sql/pglite";

/** The types Drizzle's PGlite driver reads as text: its per-query parsers (a test checks they still are). */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/** Parsers that keep Drizzle's text types as the text PostgreSQL sends: set once, on the client. */
export const TEXT_TYPE_PARSERS: Record<number, (value: string) => string> = Object.fromEntries(
  DRIZZLE_TEXT_TYPES.map((oid) => [oid, (value: string) => value]),
);

/** `options` without its parsers when the client already applies each of them; otherwise unchanged. */
export function withoutClientParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const oid of Object.keys(parsers)) if (!(oid in TEXT_TYPE_PARSERS)) return options;
  const { parsers: _sent, ...rest } = options;
  return rest;
}

type Queryable = Pick<PGlite, "query">;

const queryOf =
  (target: Queryable): PGlite["query"] =>
  (text, params, options) =>
    target.query(text, params, withoutClientParsers(options));

/**
 * What Drizzle's driver calls on its client (`query`, and `transaction`, whose transaction it queries
 * through), each query without the parsers `client` now applies itself.
 */
export function drizzleClient(client: PGlite): Pick<PGlite, "query" | "transaction"> {
  // Set on the started client: PGlite derives its array types' parsers when it starts, which would replace
  // numeric[] and date[] given to its constructor.
  Object.assign(client.parsers, TEXT_TYPE_PARSERS);
  return {
    query: queryOf(client),
    transaction: (work) =>
      client.transaction((tx) =>
        work(Object.assign(Object.create(tx) as Transaction, { query: queryOf(tx) })),
      ),
  };
}
