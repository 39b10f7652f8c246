// `npm run bench -- --offers`: the public booking engine's offers (`GET /api/public/properties/:code/offers`)
// under 100 guests searching at once, on the 1,000-room hotel with 200,000 stays, on PGlite and on PostgreSQL
// in one run. Both databases are seeded at once, each in a process of its own (lib/largest.ts); then for each,
// the server with the engine on takes the load (lib/offers-load.ts) and, around it, one guest alone, the same
// guests at a steady pace and the hotel's own GET under the same load; then the route's statement and pricing
// are timed alone (lib/offers-profile.ts; a database that misses the target is profiled under the load too).
// Writes bench/results/offers.json and its section of docs/benchmarks.md (lib/report-offers.ts); `--quick` (a
// tenth of the stays, shorter runs) and `--only=PostgreSQL|PGlite` write to the temp directory only. Options:
// --no-build (reuse dist/), --profile (profile every database), --seconds=N (the timed run), --clients=N,
// --report (only render the section again from the kept results, as after a change to its text).
// Environment: BENCH_DATABASE_URL (its database name gets "_offers"), BENCH_KEEP=1 (keep the data).
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import type { Backend } from "./lib/backends.js";
import { benchBackends, reachableBackends } from "./lib/bench-backends.js";
import { buildApp } from "./lib/build.js";
import { benchToday } from "./lib/dataset.js";
import type { Client } from "./lib/http.js";
import { LARGEST_OWNER, type Loaded, seedInChild } from "./lib/largest.js";
import { machine } from "./lib/machine.js";
import {
  type DatabaseCpu,
  guestConnections,
  type LoadFigures,
  offerSearches,
  offersLoad,
  offersPath,
  postgresCpu,
} from "./lib/offers-load.js";
import { offersAlone, profileOffers } from "./lib/offers-profile.js";
import {
  bookPageJs,
  OFFERS_P99_TARGET,
  OFFERS_RESULTS,
  type OffersBackendResult,
  type OffersRun,
  offersSection,
  putOffersSection,
} from "./lib/report-offers.js";
import { Server } from "./lib/server.js";
import { signIn } from "./lib/suite.js";

const began = performance.now();
const log = (message: string) =>
  console.log(`[bench offers ${((performance.now() - began) / 1000).toFixed(0).padStart(3)}s] ${message}`);

/** The public plans the bench adds beside the Standard one: what a hotel's booking page typically offers. */
const PLANS = [
  { name: "Non-refundable", adjustmentPercent: -10, cancellationDays: null, depositPercent: 100 },
  { name: "Bed and breakfast", perAdultPerNight: 600, cancellationDays: 2, depositPercent: 20 },
];
/** The same clients each searching every `everyMs` (with 100, 50 searches a second offered), this long. */
const PACED = { everyMs: 2000, seconds: 10 };
/** The hotel's own GET under the same load (its cost beside a search's), this long. */
const HOTEL_SECONDS = 8;
/** Searches never made before (each one built, none kept), this long. */
const FRESH_SECONDS = 8;
/** The seeded stays reach this many days ahead (lib/dataset.ts): the searches stay within them. */
const FUTURE_DAYS = 365;

export async function runOffers(argv: string[]): Promise<number> {
  const args = new Set(argv);
  if (args.has("--report")) {
    putOffersSection(offersSection(JSON.parse(fs.readFileSync(OFFERS_RESULTS, "utf8")) as OffersRun));
    log(`rendered the section of docs/benchmarks.md again from ${OFFERS_RESULTS}`);
    return 0;
  }
  const quick = args.has("--quick");
  const only = argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
  const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const git = (...a: string[]) => execFileSync("git", a, { encoding: "utf8" }).trim();
  const commit = git("rev-parse", "--short", "HEAD");
  const uncommitted = git("status", "--porcelain", "--", "src").length > 0;
  const date = new Date().toISOString();
  const info = machine();
  const built = args.has("--no-build") ? undefined : buildApp(log);
  const seconds = Number(option("seconds") ?? (quick ? 8 : 25));
  const config: OffersRun["config"] = {
    quick,
    rooms: 1000,
    types: 20,
    reservations: quick ? 20_000 : 200_000,
    worstRooms: 0, // no second, fully booked property (the largest hotel's worst case)
    worstDays: 0,
    today: benchToday(),
    clients: Number(option("clients") ?? 100),
    seconds,
    warmUpSeconds: quick ? 3 : 5,
    pacedEveryMs: PACED.everyMs,
    pacedSeconds: PACED.seconds,
    hotelSeconds: HOTEL_SECONDS,
  };
  const { available, skipped } = await reachableBackends(benchBackends("offers", 3350, only), log);
  const results: OffersRun["results"] = [...skipped];
  try {
    log(
      `seeding ${config.rooms} rooms and ${config.reservations} stays on ${available.map((b) => b.name).join(" and ")} at once`,
    );
    const loaded = await Promise.all(available.map((b) => seedInChild(b, config, log)));
    for (const [i, backend] of available.entries()) {
      info.versions[backend.name] = await backend.version();
      results.push(
        await measureBackend(backend, loaded[i] as Loaded, config, args.has("--profile"), (m) =>
          log(`${backend.name}: ${m}`),
        ),
      );
    }
  } finally {
    if (process.env.BENCH_KEEP !== "1") for (const backend of available) await backend.cleanup();
  }
  info.loadEnd = os.loadavg();
  const run: OffersRun = {
    date,
    command: `npm run bench -- ${argv.filter((a) => a !== "--no-build").join(" ")}`,
    commit,
    uncommitted,
    info,
    config,
    ...((page) => (page ? { bookPageJs: page } : {}))(built === undefined ? undefined : bookPageJs(built)),
    results,
    totalSeconds: (performance.now() - began) / 1000,
  };
  const section = offersSection(run);
  if (quick || only) {
    const file = `${os.tmpdir()}/innkeep-bench-offers-${quick ? "quick" : ""}${only ?? ""}`;
    fs.writeFileSync(`${file}.json`, `${JSON.stringify(run, null, 2)}\n`);
    fs.writeFileSync(`${file}.md`, section);
    log(`wrote ${file}.json and .md (docs/benchmarks.md is only changed by a full run on both databases)`);
    return 0;
  }
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(OFFERS_RESULTS, `${JSON.stringify(run, null, 2)}\n`);
  execSync(`npx biome format --write ${OFFERS_RESULTS}`, { stdio: "ignore" });
  putOffersSection(section);
  log(
    `wrote ${OFFERS_RESULTS} and its section of docs/benchmarks.md; done in ${run.totalSeconds.toFixed(0)} s`,
  );
  return 0;
}

/** The engine switched on and the bench's plans added, as the owner would in Settings; returns the code. */
async function openEngine(client: Client, pid: string): Promise<{ code: string; plans: string[] }> {
  const patched = await client.json<{ code: string }>("PATCH", `/api/properties/${pid}`, {
    bookingEngineEnabled: true,
  });
  if (patched.status !== 200) throw new Error(`switching the engine on answered ${patched.status}`);
  for (const plan of PLANS) {
    const created = await client.json("POST", `/api/properties/${pid}/rate-plans`, plan);
    if (created.status !== 201) throw new Error(`adding plan ${plan.name} answered ${created.status}`);
  }
  const plans = await client.json<{ name: string; public: boolean; active: boolean }[]>(
    "GET",
    `/api/properties/${pid}/rate-plans`,
  );
  return {
    code: patched.body.code,
    plans: plans.body.filter((p) => p.public && p.active).map((p) => p.name),
  };
}

async function measureBackend(
  backend: Backend,
  loaded: Loaded,
  config: OffersRun["config"],
  profile: boolean,
  log: (message: string) => void,
): Promise<OffersBackendResult> {
  const { clients, seconds, today } = config;
  const warm = offerSearches(today, FUTURE_DAYS, 5000, 45);
  const searches = offerSearches(today, FUTURE_DAYS, 20_000, 44);
  const server = new Server({
    port: backend.port,
    env: { ...backend.env, AUTH_RATE_LIMIT_PER_MINUTE: "1000" },
  });
  await server.start();
  // PostgreSQL's backends are processes of their own: their CPU is read beside the server's.
  const database: DatabaseCpu | undefined =
    backend.spec.kind === "postgres" ? await postgresCpu(backend.spec.url) : undefined;
  // The guests' connections: opened by the warm-up, so the timed searches run on open keep-alive connections.
  const connections = guestConnections(clients);
  let engine: Awaited<ReturnType<typeof openEngine>>;
  let warmUp: LoadFigures;
  let oneClient: LoadFigures;
  let load: LoadFigures;
  let fresh: LoadFigures;
  let hotel: LoadFigures;
  let paced: LoadFigures;
  try {
    const client = await signIn(server, LARGEST_OWNER, loaded.ids.pid);
    engine = await openEngine(client, loaded.ids.pid);
    const { code } = engine;
    log(`engine on (code ${code}), plans: ${engine.plans.join(", ")}; warming up`);
    const warmPaths = warm.map((s) => offersPath(code, s));
    // Every path sent so far: a search sent before may be answered from a kept answer.
    const seen = new Set<string>();
    warmUp = await offersLoad(server, warmPaths, clients, config.warmUpSeconds * 1000, { connections, seen });
    if (warmUp.not200Count > 0)
      log(`*** warm-up: ${JSON.stringify(warmUp.not200)} answers other than 200 ***`);
    oneClient = await offersLoad(server, warmPaths, 1, (config.quick ? 2 : 5) * 1000, { database, seen });
    log(`one client: p50 ${oneClient.p50.toFixed(1)} ms, p99 ${oneClient.p99.toFixed(1)} ms`);
    log(`${clients} clients for ${seconds} s`);
    const paths = searches.map((s) => offersPath(code, s));
    load = await offersLoad(server, paths, clients, seconds * 1000, { connections, database, seen });
    log(
      `${load.requests} searches (${load.firstTime} for the first time), ${load.perSecond.toFixed(0)}/s, p50 ${load.p50.toFixed(1)} ms, p95 ${load.p95.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, not 200: ${load.not200Count}`,
    );
    // The worst case: no search made before (one child each, which no other search has), so none is kept.
    const freshPaths = [
      ...new Set(
        offerSearches(today, FUTURE_DAYS, 20_000, 46).map((s) => offersPath(code, { ...s, children: 1 })),
      ),
    ];
    fresh = await offersLoad(server, freshPaths, clients, FRESH_SECONDS * 1000, {
      connections,
      database,
      seen,
    });
    log(
      `every search new: ${fresh.requests} searches (${fresh.firstTime} for the first time), ${fresh.perSecond.toFixed(0)}/s, p99 ${fresh.p99.toFixed(1)} ms`,
    );
    // Guests as they search: each again some seconds after the last, the same searches at a steady rate.
    paced = await offersLoad(server, paths, clients, PACED.seconds * 1000, {
      connections,
      database,
      everyMs: PACED.everyMs,
      seen,
    });
    log(
      `paced, ${paced.perSecond.toFixed(0)}/s offered: p50 ${paced.p50.toFixed(1)} ms, p99 ${paced.p99.toFixed(1)} ms`,
    );
    // The booking page's first call, under the same load: what a public read that prices nothing costs.
    const hotelPath = [`/api/public/properties/${encodeURIComponent(code)}`];
    hotel = await offersLoad(server, hotelPath, clients, HOTEL_SECONDS * 1000, { connections, database });
    log(`the hotel's own GET: ${hotel.perSecond.toFixed(0)}/s, p99 ${hotel.p99.toFixed(1)} ms`);
  } finally {
    connections.destroy();
    await database?.close();
    await server.stop();
  }
  log("the route's functions alone, and EXPLAIN ANALYZE of its statement");
  const { alone, plan } = await offersAlone(backend, engine.code, searches.slice(0, 550), 50);
  log(
    `alone: listOffers p50 ${alone.call.p50.toFixed(2)} ms (statement ${alone.statementP50.toFixed(2)} ms), EXPLAIN execution ${plan.executionMs} ms`,
  );
  const missed = load.p99 > OFFERS_P99_TARGET;
  let profiled: OffersBackendResult["profile"];
  if (missed || profile) {
    log(`profiling the server under the same load${missed ? " (the target is missed)" : ""}`);
    const profileMs = (config.quick ? 5 : 10) * 1000;
    profiled = await profileOffers(backend, engine.code, searches, clients, profileMs);
  }
  return {
    name: backend.name,
    describe: `${backend.name}: ${backend.describe}`,
    plans: engine.plans,
    warmUp,
    oneClient,
    load,
    fresh,
    paced,
    hotel,
    alone,
    plan,
    ...(profiled ? { profile: profiled } : {}),
  };
}
