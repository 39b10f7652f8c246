/**
 * The log serializers (http/logging.ts): a failed query's error keeps what failed (SQL text, SQLSTATE, the
 * driver's message) and loses its parameters and PostgreSQL's row-quoting fields; request URLs lose their
 * query values. The real faults are in hardening/database-faults.test.ts.
 */
import { DrizzleQueryError } from "drizzle-orm/errors";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loggerOptions, redactQuery, serializeError } from "./logging.js";

const GUEST = "Ottoline Vasquez-Brandt";

function pgError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(fields.message as string), fields);
}

/** What one `log.error({err}, …)` line says, through the production serializers. */
function logged(err: unknown): string {
  const lines: string[] = [];
  const app = Fastify({
    logger: { ...loggerOptions("info"), stream: { write: (line) => lines.push(line) } },
  });
  app.log.error({ err }, "unhandled error");
  return lines.join("");
}

describe("error serializer", () => {
  it("cuts drizzle's parameters out of the message and stack, multi-line values included", () => {
    const cause = pgError({ message: "invalid page in block 0 of relation base/5/16542", code: "XX001" });
    const error = new DrizzleQueryError(
      "select * from reservations where guest_name ilike $1 and notes = $2",
      [`%${GUEST}%`, `Late arrival\nparams: ${GUEST} again`],
      cause,
    );
    const line = logged(error);
    expect(line).not.toContain("Vasquez");
    const { err } = JSON.parse(line);
    expect(err.type).toBe("DrizzleQueryError");
    expect(err.query).toBe("select * from reservations where guest_name ilike $1 and notes = $2");
    expect(err.message).toBe(
      "Failed query: select * from reservations where guest_name ilike $1 and notes = $2\nparams: [redacted]: invalid page in block 0 of relation base/5/16542",
    );
    expect(err.stack).toMatch(/^DrizzleQueryError: Failed query: .*\nparams: \[redacted\]\n\s+at /);
    expect(err.causes).toEqual([
      { type: "Error", message: "invalid page in block 0 of relation base/5/16542", code: "XX001" },
    ]);
  });

  it("keeps PostgreSQL's identifying fields and drops the ones that quote row values", () => {
    const error = pgError({
      message: 'null value in column "room_type_id" of relation "rooms" violates not-null constraint',
      code: "23502",
      severity: "ERROR",
      table: "rooms",
      column: "room_type_id",
      detail: `Failing row contains (${GUEST}, 101).`,
      where: `SQL statement "insert into rooms values ('${GUEST}')"`,
      internalQuery: `select '${GUEST}'`,
    });
    const { err } = JSON.parse(logged(error));
    expect(err).toMatchObject({ code: "23502", severity: "ERROR", table: "rooms", column: "room_type_id" });
    expect(JSON.stringify(err)).not.toContain("Vasquez");
    expect(err).not.toHaveProperty("detail");
  });

  it("serializes a Node AggregateError (one error per address tried) with each code", () => {
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}:5432`), { code: "ECONNREFUSED", address });
    const error = Object.assign(new AggregateError([refused("::1"), refused("127.0.0.1")], ""), {
      code: "ECONNREFUSED",
    });
    const serialized = serializeError(error) as Record<string, unknown>;
    expect(serialized.code).toBe("ECONNREFUSED");
    expect(serialized.aggregateErrors).toMatchObject([{ address: "::1" }, { address: "127.0.0.1" }]);
  });

  it("passes values that are not errors through", () => {
    expect(serializeError("text")).toBe("text");
    expect(serializeError({ code: 1 })).toEqual({ code: 1 });
  });
});

describe("request URL in the log", () => {
  it("keeps the path and the query's names, not its values", () => {
    expect(redactQuery(`/api/properties/p/reservations?q=${encodeURIComponent(GUEST)}&limit=50`)).toBe(
      "/api/properties/p/reservations?q=[redacted]&limit=[redacted]",
    );
    expect(redactQuery("/api/health")).toBe("/api/health");
    expect(redactQuery("/auth/callback?code=abc&state")).toBe(
      "/auth/callback?code=[redacted]&state=[redacted]",
    );
  });
});
