/**
 * How failures are classified (db/health-state.ts) and answered (http/errors.ts), for each shape the drivers
 * produce; hardening/database-faults.test.ts provokes the main ones for real (a stopped PostgreSQL, a closed
 * PGlite, a damaged page). Pool timeouts, 57P03 and the rest are hard to time in a test, so they are built
 * here the way node-postgres, pg-pool, PGlite and Node report them.
 */
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { AppError } from "../../domain/errors.js";
import { toAppError } from "../http/errors.js";
import { databaseFault } from "./health-state.js";

function withCode(message: string, code: string): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}

/** As drizzle hands a driver's error to the route: wrapped, the driver's error as `cause`. */
const wrapped = (cause: Error) =>
  new DrizzleQueryError("select 1 from reservations where id = $1", ["x"], cause);

const UNAVAILABLE: [string, Error][] = [
  ["57P01 admin_shutdown", withCode("terminating connection due to administrator command", "57P01")],
  [
    "57P02 crash_shutdown",
    withCode("terminating connection because of crash of another server process", "57P02"),
  ],
  ["57P03 cannot_connect_now", withCode("the database system is starting up", "57P03")],
  ["08006 connection_failure", withCode("connection failure", "08006")],
  ["08001 unable to connect", withCode("could not connect to server", "08001")],
  ["53300 too_many_connections", withCode("sorry, too many clients already", "53300")],
  ["ECONNREFUSED", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
  ["ECONNRESET", withCode("read ECONNRESET", "ECONNRESET")],
  ["EPIPE (five letters, not a SQLSTATE)", withCode("write EPIPE", "EPIPE")],
  ["pool timeout", new Error("timeout exceeded when trying to connect")],
  ["connect timeout", new Error("Connection terminated due to connection timeout")],
  ["lost connection", new Error("Connection terminated unexpectedly")],
  ["client after an error", new Error("Client has encountered a connection error and is not queryable")],
  ["pool ended", new Error("Cannot use a pool after calling end on the pool")],
  ["PGlite closed", new Error("PGlite is closed")],
  ["PGlite aborted", new WebAssembly.RuntimeError("Aborted(). Build with -sASSERTIONS for more info.")],
  ["every address refused", new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")])],
];

const CORRUPT: [string, Error & { code: string }][] = [
  ["XX001 data_corrupted", withCode('invalid page in block 0 of relation "base/5/16542"', "XX001")],
  ["XX002 index_corrupted", withCode('index "rooms_pkey" contains unexpected zero page', "XX002")],
  ["XX000 internal_error", withCode("could not read block 3 in file", "XX000")],
  ["58030 io_error", withCode("could not read file: Input/output error", "58030")],
  [
    "58P01 undefined_file",
    withCode('could not open file "base/5/16542": No such file or directory', "58P01"),
  ],
];

describe("database faults", () => {
  it.each(UNAVAILABLE)("%s is unavailable: 503 with the unavailable code", (_name, error) => {
    for (const thrown of [error, wrapped(error)]) {
      expect(databaseFault(thrown)?.kind).toBe("unavailable");
      const answer = toAppError(thrown);
      expect(answer).toBeInstanceOf(AppError);
      expect(answer?.status).toBe(503);
      expect(answer?.code).toBe("unavailable");
    }
  });

  it.each(CORRUPT)("%s is damage, answered 500 (retrying cannot help)", (_name, error) => {
    expect(databaseFault(wrapped(error))).toEqual({ kind: "corrupt", code: error.code });
    expect(toAppError(wrapped(error))).toBeUndefined();
  });

  it("ranks damage above a lost connection in one chain", () => {
    const lost = Object.assign(new Error("Connection terminated unexpectedly"), {
      cause: withCode("invalid page in block 0", "XX001"),
    });
    expect(databaseFault(lost)).toEqual({ kind: "corrupt", code: "XX001" });
  });

  it("leaves other failures alone", () => {
    for (const error of [
      withCode("duplicate key value violates unique constraint", "23505"),
      withCode("canceling statement due to statement timeout", "57014"),
      withCode("permission denied for table reservations", "42501"),
      new Error("Something else"),
    ]) {
      expect(databaseFault(wrapped(error))).toBeUndefined();
    }
    expect(toAppError(withCode("canceling statement due to statement timeout", "57014"))).toBeUndefined();
  });
});
