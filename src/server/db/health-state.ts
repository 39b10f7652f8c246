/**
 * What a failed database call says about the database itself, and the damage the server has seen.
 *
 * - "unavailable": the database cannot be reached right now (down, restarting, refusing connections, the pool
 *   out of time, PGlite closed or its WebAssembly aborted). The request may succeed later: 503 + Retry-After.
 * - "corrupt": PostgreSQL read damaged data or failed at the file-system level (SQLSTATE class XX, e.g.
 *   XX001 data_corrupted and XX002 index_corrupted, or class 58). Retrying does not help, and the damage does
 *   not heal while the server runs, so once seen it is remembered for the life of the process and
 *   `GET /api/health` reports it (see modules/health/routes.ts); `npm run db:check` finds what is damaged.
 *
 * The record is kept per `Database` (one per server process; tests build several in one process).
 */
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "./connect.js";
import { errorChain, sqlStateOf } from "./errors.js";

export type DatabaseFault =
  | { kind: "unavailable"; code: string | undefined }
  | { kind: "corrupt"; code: string };

/** SQLSTATEs that mean the server cannot be reached or is going away, beyond class 08 (connection_exception). */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: the server is stopping (fast/immediate shutdown, pg_terminate_backend)
  "57P02", // crash_shutdown: another backend crashed; the server is resetting
  "57P03", // cannot_connect_now: starting up, shutting down or in recovery
  "53300", // too_many_connections: no connection to be had now; one may free up
]);

/** Socket errors from Node (net/dns) when the database server cannot be reached or drops the connection. */
const UNAVAILABLE_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * node-postgres and PGlite report a lost or unusable connection with an Error that has no code, only these
 * messages (pg/lib/client.js, pg-pool/index.js, PGlite's _checkReady); matched from the start of the message.
 */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated", // "…unexpectedly", "…due to connection timeout", or plain (pool closed it)
  "timeout exceeded when trying to connect", // pool: connectionTimeoutMillis passed waiting for a client
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
  "Query read timeout",
  "PGlite is closed",
  "PGlite is closing",
];

/** Classifies a failure from a database call; undefined when it says nothing about the database's health. */
export function databaseFault(error: unknown): DatabaseFault | undefined {
  let unavailable: DatabaseFault | undefined;
  for (const current of errorChain(error)) {
    const sqlState = sqlStateOf(current);
    // Damage outranks unreachability: a corrupt page can also end the connection that read it.
    if (sqlState && (sqlState.startsWith("XX") || sqlState.startsWith("58")))
      return { kind: "corrupt", code: sqlState };
    if (unavailable) continue;
    const code = (current as { code?: unknown }).code;
    const message = (current as { message?: unknown }).message;
    if (sqlState && (sqlState.startsWith("08") || UNAVAILABLE_SQLSTATES.has(sqlState)))
      unavailable = { kind: "unavailable", code: sqlState };
    else if (typeof code === "string" && UNAVAILABLE_ERRNOS.has(code))
      unavailable = { kind: "unavailable", code };
    else if (current instanceof WebAssembly.RuntimeError)
      // PGlite's PostgreSQL aborted inside WebAssembly; that instance answers nothing more.
      unavailable = { kind: "unavailable", code: undefined };
    else if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m)))
      unavailable = { kind: "unavailable", code: undefined };
  }
  return unavailable;
}

export type Corruption = { sqlState: string; detectedAt: string };

const corruption = new WeakMap<Database, Corruption>();

/** The first damage seen on `database` by this process, if any. */
export function corruptionOf(database: Database): Corruption | undefined {
  return corruption.get(database);
}

/**
 * Records a failure's damage, if it is one. The first is logged at error level with its SQLSTATE (the error
 * itself goes through the redacting serializer of http/logging.ts, so no query parameters); later ones are
 * logged by whoever handles them (the error handler logs each 500).
 */
export function noteDatabaseError(database: Database, error: unknown, log: FastifyBaseLogger): void {
  const fault = databaseFault(error);
  if (fault?.kind !== "corrupt" || corruption.has(database)) return;
  corruption.set(database, { sqlState: fault.code, detectedAt: new Date().toISOString() });
  log.error(
    { sqlState: fault.code, err: error },
    `database reports damaged data (SQLSTATE ${fault.code}); /api/health answers 503 until the server restarts; run npm run db:check`,
  );
}
