// Issue 34's figures for one backend (`npm run bench -- --guests`, bench/guests.ts): a property of 200,000
// guest profiles and 400,000 stays (about two a guest), then through the built server over HTTP the guest
// search with a mix of what clerks type, and creates that write a new profile against creates for a
// returning guest (no profile write), alternated at the same concurrency. Then, with the server stopped,
// EXPLAIN ANALYZE of the search's statement for one query of each kind, on the same data.
import { type SQL, sql } from "drizzle-orm";
import { GUESTS_PAGE } from "../../src/domain/constants.js";
import type { IsoDate } from "../../src/domain/dates.js";
import { foldForSearch } from "../../src/domain/text.js";
import { guestPageStatement } from "../../src/server/modules/guests/service.js";
import { type Backend, execOf } from "./backends.js";
import { type GeneratedProperty, generateProperty, rng } from "./dataset.js";
import { guestId, guestProfile } from "./guest-profiles.js";
import type { Client } from "./http.js";
import { Slots } from "./measure.js";
import { type SeededIds, seedProperty, seedReservations } from "./seed.js";
import { Server } from "./server.js";
import { median, percentile } from "./stats.js";
import { signIn } from "./suite.js";

const OWNER = { email: "guests@bench.innkeep.test", name: "Guests Owner" };

export type GuestBenchConfig = {
  quick: boolean;
  rooms: number;
  reservations: number;
  /** Distinct queries of each kind, each sent once (timed), after as many others untimed. */
  queriesPerKind: number;
  /** Creates per block; blocks alternate new-profile and returning-guest creates (ABBA…). */
  createsPerBlock: number;
  blockPairs: number;
  concurrency: number;
  limit: number;
  today: IsoDate;
};

/** `stays` overrides the size (`--stays=N`): the full one is the issue's, 400,000 stays and 200,000 guests. */
export function guestBenchConfig(quick: boolean, today: IsoDate, stays?: number): GuestBenchConfig {
  return {
    quick,
    rooms: 1000,
    reservations: stays ?? (quick ? 40_000 : 400_000),
    queriesPerKind: quick ? 20 : 40,
    createsPerBlock: quick ? 100 : 300,
    blockPairs: 3,
    concurrency: 16,
    limit: GUESTS_PAGE.default,
    today,
  };
}

export const QUERY_KINDS = ["surname", "email", "phone", "document", "two", "none"] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];
export const KIND_LABELS: Record<QueryKind, string> = {
  surname: "part of a surname (4 letters, any case)",
  email: "an email's start (first name, dot, 2 letters)",
  phone: "5 phone digits",
  document: "a document number",
  two: "2 characters",
  none: "a term nothing matches",
};

export type SearchFigures = {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  count: number;
  /** Profiles answered per query, on average (the page holds at most `limit`). */
  rows: number;
  example: string;
};
export type CreateFigures = { perSecond: number; p50: number; p99: number; blocks: number; perBlock: number };
export type Plan = { query: string; executionMs: number; plan: string };

export type GuestBenchResult = {
  name: Backend["name"];
  describe: string;
  guests: number;
  stays: number;
  seedSeconds: number;
  search: Record<QueryKind, SearchFigures>;
  /** Every query of the mix together. */
  all: Omit<SearchFigures, "example" | "rows">;
  withProfile: CreateFigures;
  returning: CreateFigures;
  plans: Record<QueryKind, Plan>;
};

const TWO = ["an", "ma", "li", "er", "so", "el", "ra", "on", "in", "ch", "ko", "ng"];

/** `count` queries of `kind`, each from a seeded guest (drawn by `random`), so each has real matches. */
function queries(kind: QueryKind, count: number, data: GeneratedProperty, random: () => number): string[] {
  const out: string[] = [];
  const { seed, count: guestCount } = data.guests;
  for (let tries = 0; out.length < count && tries < count * 50; tries++) {
    const g = guestProfile(seed, Math.floor(random() * guestCount));
    const surname = g.name.slice(g.name.indexOf(" ") + 1);
    let q = "";
    if (kind === "surname") {
      const start = random() < 0.7 ? 0 : Math.floor(random() * Math.max(1, surname.length - 4));
      q = surname.slice(start, start + 4);
      if (random() < 0.3) q = q.toUpperCase();
    } else if (kind === "email" && g.email) q = g.email.slice(0, g.email.indexOf(".") + 3);
    else if (kind === "phone" && g.phone) {
      const digits = g.phone.replace(/\D/g, "");
      const start = 2 + Math.floor(random() * (digits.length - 7));
      q = digits.slice(start, start + 5);
    } else if (kind === "document" && g.documentNumber)
      q = random() < 0.5 ? g.documentNumber : g.documentNumber.toLowerCase();
    else if (kind === "two") q = TWO[out.length % TWO.length] as string;
    else if (kind === "none") q = `zq${Math.floor(random() * 1e6).toString(36)}xv`;
    if (q && foldForSearch(q).length >= 2) out.push(q);
  }
  return out;
}

const searchPath = (pid: string, q: string, limit: number) =>
  `/api/properties/${pid}/guests?${new URLSearchParams({ q, limit: String(limit) })}`;

/** Each kind's queries, round-robin over the kinds so that a slow moment of the machine falls on all alike. */
async function searchMix(client: Client, pid: string, data: GeneratedProperty, config: GuestBenchConfig) {
  const random = rng(34);
  const warm = Object.fromEntries(QUERY_KINDS.map((k) => [k, queries(k, 20, data, random)]));
  const timed = Object.fromEntries(
    QUERY_KINDS.map((k) => [k, queries(k, config.queriesPerKind, data, random)]),
  );
  const samples = Object.fromEntries(QUERY_KINDS.map((k) => [k, [] as number[]])) as Record<
    QueryKind,
    number[]
  >;
  const rows = Object.fromEntries(QUERY_KINDS.map((k) => [k, 0])) as Record<QueryKind, number>;
  const send = async (q: string) => {
    const t = performance.now();
    const answer = await client.json<unknown[]>("GET", searchPath(pid, q, config.limit));
    const elapsed = performance.now() - t;
    if (answer.status !== 200) throw new Error(`guest search ${q} answered ${answer.status}`);
    return { elapsed, rows: answer.body.length };
  };
  for (let i = 0; i < 20; i++) for (const kind of QUERY_KINDS) await send(warm[kind]?.[i] ?? "an");
  for (let i = 0; i < config.queriesPerKind; i++) {
    for (const kind of QUERY_KINDS) {
      const q = timed[kind]?.[i];
      if (q === undefined) continue;
      const answer = await send(q);
      samples[kind].push(answer.elapsed);
      rows[kind] += answer.rows;
    }
  }
  const figures = (values: number[]) => ({
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: Math.max(...values),
    count: values.length,
  });
  const search = Object.fromEntries(
    QUERY_KINDS.map((k) => [
      k,
      { ...figures(samples[k]), rows: rows[k] / samples[k].length, example: timed[k]?.[0] ?? "" },
    ]),
  ) as Record<QueryKind, SearchFigures>;
  return { search, all: figures(QUERY_KINDS.flatMap((k) => samples[k])), examples: timed };
}

type Body = Record<string, unknown>;

/** One block: `count` creates, `concurrency` in flight, every one must answer 201. */
async function createBlock(
  client: Client,
  pid: string,
  count: number,
  concurrency: number,
  body: () => Body,
) {
  const samples: number[] = [];
  let issued = 0;
  const started = performance.now();
  const worker = async () => {
    while (issued < count) {
      issued++;
      const t = performance.now();
      const answer = await client.json("POST", `/api/properties/${pid}/reservations`, body());
      samples.push(performance.now() - t);
      if (answer.status !== 201)
        throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { perSecond: count / ((performance.now() - started) / 1000), samples };
}

/**
 * New-profile creates (name, email, phone; no guestId) against returning-guest creates (guestId only: the
 * server reads the profile and writes none), in blocks ABBA AB… so drift over the run falls on both.
 */
async function createAB(
  client: Client,
  pid: string,
  slots: Slots,
  data: GeneratedProperty,
  config: GuestBenchConfig,
) {
  const random = rng(3434);
  let n = 0;
  const withProfile = (): Body => {
    const g = guestProfile(data.guests.seed + 1, n++); // people the property has never seen
    return {
      guestName: g.name,
      guestEmail: g.email,
      guestPhone: g.phone,
      adults: 1,
      children: 0,
      ...slots.take(),
    };
  };
  const returning = (): Body => ({
    guestId: guestId(data.guests.seed, Math.floor(random() * data.guests.count)),
    adults: 1,
    children: 0,
    ...slots.take(),
  });
  const { concurrency, createsPerBlock: count } = config;
  await createBlock(client, pid, 48, concurrency, withProfile);
  await createBlock(client, pid, 48, concurrency, returning);
  type Block = { perSecond: number; samples: number[] };
  const runs: Record<"withProfile" | "returning", Block[]> = { withProfile: [], returning: [] };
  for (let pair = 0; pair < config.blockPairs; pair++) {
    const order =
      pair % 2 === 0 ? (["withProfile", "returning"] as const) : (["returning", "withProfile"] as const);
    for (const kind of order)
      runs[kind].push(
        await createBlock(client, pid, count, concurrency, kind === "withProfile" ? withProfile : returning),
      );
  }
  const figures = (blocks: Block[]): CreateFigures => ({
    perSecond: median(blocks.map((b) => b.perSecond)),
    p50: median(blocks.map((b) => percentile(b.samples, 50))),
    p99: median(blocks.map((b) => percentile(b.samples, 99))),
    blocks: blocks.length,
    perBlock: count,
  });
  return { withProfile: figures(runs.withProfile), returning: figures(runs.returning) };
}

/** EXPLAIN ANALYZE of the route's search statement (the server's own condition), run twice; the second kept. */
/** EXPLAIN ANALYZE of the statement the route runs for `q` (guestPageStatement). */
async function explainSearch(backend: Backend, pid: string, q: string, limit: number): Promise<Plan> {
  const database = await backend.open(false);
  const explain = async (statement: SQL) => {
    let lines: string[] = [];
    for (let i = 0; i < 2; i++) {
      const result = await database.db.execute(sql`explain (analyze, buffers) ${statement}`);
      lines = (result as unknown as { rows: { "QUERY PLAN": string }[] }).rows.map(
        (row) => row["QUERY PLAN"],
      );
    }
    const time = lines.map((line) => /Execution Time: ([\d.]+)/.exec(line)).find(Boolean);
    return { lines, ms: Number(time?.[1] ?? Number.NaN) };
  };
  try {
    const plan = await explain(guestPageStatement(pid, q, limit));
    return { query: q, executionMs: plan.ms, plan: plan.lines.join("\n") };
  } finally {
    await database.close();
  }
}

/** The generated property (the same for both backends: one call, shared). */
export const guestBenchData = (config: GuestBenchConfig): GeneratedProperty =>
  generateProperty({ rooms: config.rooms, reservations: config.reservations, today: config.today, seed: 34 });

export type SeededGuests = { ids: SeededIds; seedSeconds: number };

/**
 * A fresh database of `backend` with the property. Both backends are seeded at once from one process: each
 * spends its time in its database (PGlite in this thread, PostgreSQL in its server), nothing is measured yet.
 */
export async function seedGuestBench(
  backend: Backend,
  data: GeneratedProperty,
  log: (message: string) => void,
): Promise<SeededGuests> {
  const started = performance.now();
  const database = await backend.open(true);
  const issuer = `http://127.0.0.1:${backend.port}/dev-idp`;
  try {
    const exec = execOf(database);
    const ids = await seedProperty(exec, { issuer, ...OWNER, data });
    await seedReservations(exec, ids, data, 0, data.reservations.length, (done) => {
      if (done % 50_000 === 0) log(`${backend.name}: ${done.toLocaleString("en-US")} stays`);
    });
    const seedSeconds = (performance.now() - started) / 1000;
    log(
      `${backend.name}: ${data.guests.count} guests, ${data.reservations.length} stays in ${seedSeconds.toFixed(0)} s`,
    );
    return { ids, seedSeconds };
  } finally {
    await database.close(); // PGlite: the server takes the data directory's lock
  }
}

export async function measureGuestBench(
  backend: Backend,
  data: GeneratedProperty,
  { ids, seedSeconds }: SeededGuests,
  config: GuestBenchConfig,
  log: (message: string) => void,
): Promise<GuestBenchResult> {
  const server = new Server({
    port: backend.port,
    env: { ...backend.env, AUTH_RATE_LIMIT_PER_MINUTE: "1000" },
  });
  await server.start();
  let mix: Awaited<ReturnType<typeof searchMix>>;
  let creates: Awaited<ReturnType<typeof createAB>>;
  try {
    const client = await signIn(server, OWNER, ids.pid);
    log(
      `${backend.name}: guest search, ${config.queriesPerKind} queries of each of ${QUERY_KINDS.length} kinds`,
    );
    mix = await searchMix(client, ids.pid, data, config);
    log(
      `${backend.name}: creates with and without the profile write, ${config.blockPairs * 2} blocks of ${config.createsPerBlock} each`,
    );
    creates = await createAB(client, ids.pid, new Slots(data.freeSlots, ids.roomIds), data, config);
  } finally {
    await server.stop();
  }
  log(`${backend.name}: EXPLAIN ANALYZE of one search of each kind`);
  const plans = {} as Record<QueryKind, Plan>;
  for (const kind of QUERY_KINDS) {
    // The kind's slowest-looking query is not known here; its first timed one stands for it.
    plans[kind] = await explainSearch(backend, ids.pid, mix.examples[kind]?.[0] ?? "", config.limit);
  }
  return {
    name: backend.name,
    describe: backend.describe,
    guests: data.guests.count,
    stays: data.reservations.length,
    seedSeconds,
    search: mix.search,
    all: mix.all,
    ...creates,
    plans,
  };
}
