// Where an offers search's time goes (`npm run bench -- --offers`): with the server stopped, the route's own
// functions (engineProperty, listOffers) called in the bench process on the same data, one search at a time,
// with the statement timed apart from the pricing around it, and EXPLAIN ANALYZE of that statement as
// listOffers sends it (caught on its way to the driver, never written twice); and, when a database misses
// the target, the server under the same load with `--cpu-prof` (cpu-profile.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/connect.js";
import { listOffers } from "../../src/server/modules/public-booking/offers.js";
import { engineProperty } from "../../src/server/modules/public-booking/property.js";
import type { Backend } from "./backends.js";
import { type Place, type ProfileSummary, readProfile, summarizeProfile } from "./cpu-profile.js";
import { guestConnections, type OfferSearch, offersLoad, offersPath } from "./offers-load.js";
import { Server } from "./server.js";
import { percentile } from "./stats.js";

export type OffersAlone = {
  searches: number;
  /** listOffers as the route calls it, one at a time: p50 / p99 in ms. */
  call: { p50: number; p99: number };
  /** Its one statement (sent and answered), and the rest (parsing its JSON, the rules, pricing): p50 ms. */
  statementP50: number;
  restP50: number;
};

export type OffersPlan = {
  search: OfferSearch;
  executionMs: number;
  planningMs: number;
  plan: string;
};

/** `db` with its `execute` observed: each statement is handed to `seen` with the ms it took. */
function observed(db: Db, seen: (statement: SQL, ms: number) => void): Db {
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key !== "execute") return Reflect.get(target, key, receiver);
      return async (statement: SQL) => {
        const started = performance.now();
        const result = await target.execute(statement);
        seen(statement, performance.now() - started);
        return result;
      };
    },
  });
}

/** The route's functions in this process, one search at a time, after `warmUp` untimed. */
export async function offersAlone(
  backend: Backend,
  code: string,
  searches: readonly OfferSearch[],
  warmUp: number,
): Promise<{ alone: OffersAlone; plan: OffersPlan }> {
  const database = await backend.open(false);
  try {
    const property = await engineProperty(database.db, code);
    let statement: SQL | undefined;
    let statementMs = 0;
    const db = observed(database.db, (s, ms) => {
      statement = s;
      statementMs += ms;
    });
    const calls: number[] = [];
    const statements: number[] = [];
    const rests: number[] = [];
    for (const [i, search] of searches.entries()) {
      statementMs = 0;
      const started = performance.now();
      await listOffers(db, property, search, new Date());
      const ms = performance.now() - started;
      if (i < warmUp) continue;
      calls.push(ms);
      statements.push(statementMs);
      rests.push(ms - statementMs);
    }
    // The longest stay among the searches: the most nights, overrides and plans to read.
    const longest = [...searches].sort(
      (a, b) =>
        Date.parse(b.checkOut) - Date.parse(b.checkIn) - (Date.parse(a.checkOut) - Date.parse(a.checkIn)),
    )[0] as OfferSearch;
    await listOffers(db, property, longest, new Date());
    if (!statement) throw new Error("listOffers sent no statement");
    const explained = statement;
    let lines: string[] = [];
    for (let i = 0; i < 2; i++) {
      const result = await database.db.execute(sql`explain (analyze, buffers) ${explained}`);
      lines = (result as unknown as { rows: { "QUERY PLAN": string }[] }).rows.map(
        (row) => row["QUERY PLAN"],
      );
    }
    const timeOf = (label: string) =>
      Number(
        lines.map((line) => new RegExp(`${label} Time: ([\\d.]+)`).exec(line)).find(Boolean)?.[1] ??
          Number.NaN,
      );
    return {
      alone: {
        searches: calls.length,
        call: { p50: percentile(calls, 50), p99: percentile(calls, 99) },
        statementP50: percentile(statements, 50),
        restP50: percentile(rests, 50),
      },
      plan: {
        search: longest,
        executionMs: timeOf("Execution"),
        planningMs: timeOf("Planning"),
        plan: lines.join("\n"),
      },
    };
  } finally {
    await database.close(); // PGlite: the server takes the data directory's lock
  }
}

/** The offers' own code, and the socket writes (queries to PostgreSQL, answers to guests) apart from Node's rest. */
const OFFERS_PLACES: Place[] = [
  [
    /dist\/server\/modules\/(public-booking|quotes)|dist\/domain/,
    "the offers' own code (rules, pricing; domain and module)",
  ],
  [/^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/, "socket writes (system calls)", "name"],
];

export type OffersProfile = ProfileSummary & {
  /** The searches in the summary's window (its warm-up's and the timed ones). */
  requests: number;
  /** The timed run's, under the profiler. */
  perSecond: number;
  p99: number;
};

/** The server under the same load with `--cpu-prof`, its profile summed over the searches. */
export async function profileOffers(
  backend: Backend,
  code: string,
  searches: readonly OfferSearch[],
  clients: number,
  ms: number,
): Promise<OffersProfile> {
  const dir = path.join(os.tmpdir(), `innkeep-bench-offers-prof-${backend.port}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const server = new Server({
    port: backend.port,
    env: backend.env,
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`],
  });
  await server.start();
  let warm: Awaited<ReturnType<typeof offersLoad>>;
  let load: Awaited<ReturnType<typeof offersLoad>>;
  const connections = guestConnections(clients);
  const paths = searches.map((s) => offersPath(code, s));
  try {
    // As the measured run: its connections opened by a warm-up.
    warm = await offersLoad(server, paths, clients, Math.min(ms, 3000), { connections });
    load = await offersLoad(server, paths, clients, ms, { connections });
  } finally {
    connections.destroy();
    await server.stop();
  }
  // Kept in the temp directory until the next run, to read further.
  const { profile } = readProfile(dir, "offersFrom");
  return {
    ...summarizeProfile(profile, "offersFrom", OFFERS_PLACES),
    // The summary's window holds the warm-up's searches too.
    requests: warm.requests + load.requests,
    perSecond: load.perSecond,
    p99: load.p99,
  };
}
