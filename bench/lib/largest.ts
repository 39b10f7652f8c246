// The largest hotel (issue 16 goal 1), its own stage: `npm run bench -- --largest`. A property of 7,351 rooms
// in 40 types with 1.5M reservations over three years (the main data set's rules), and beside it the grid's
// worst case: 1,000 rooms fully booked for the 15-day window with one-night stays. Both backends are seeded
// at once (before anything is measured), then each is measured on its own: the grid in both forms, the
// 365-day report, the server's memory, and in Chromium the Front Desk render and scrolling.
import { fork } from "node:child_process";
import os from "node:os";
import type { Browser } from "playwright-core";
import { addDays, type IsoDate } from "../../src/domain/dates.js";
import { type Backend, type BackendSpec, execOf } from "./backends.js";
import { reachableBackends } from "./bench-backends.js";
import { gridRender, type RenderFigures, type ScrollFigures, scrollFrames } from "./browser.js";
import { type GeneratedProperty, generateFullyBooked, generateProperty } from "./dataset.js";
import type { DayClosePrepared, DayCloseSetup } from "./day-close-setup.js";
import {
  appGridPath,
  fullGridPath,
  type GridFigures,
  gridLatency,
  type Latency,
  latencyRuns,
  occupancyPath,
} from "./measure.js";
import { type SeededIds, seedProperty, seedReservations } from "./seed.js";
import { Server } from "./server.js";
import { type SkippedBackend, signIn } from "./suite.js";

export const LARGEST_OWNER = { email: "largest@bench.innkeep.test", name: "Largest Owner" };
const WORST_OWNER = { email: "worst@bench.innkeep.test", name: "Worst Case Owner" };

export type LargestConfig = {
  quick: boolean;
  rooms: number;
  types: number;
  reservations: number;
  worstRooms: number;
  worstDays: number;
  today: IsoDate;
};

export function largestConfig(quick: boolean, today: IsoDate): LargestConfig {
  // A quick run keeps the worst case (it is small) and a tenth of the hotel.
  return quick
    ? { quick, rooms: 735, types: 40, reservations: 150_000, worstRooms: 1000, worstDays: 15, today }
    : { quick, rooms: 7351, types: 40, reservations: 1_500_000, worstRooms: 1000, worstDays: 15, today };
}

export type SeedFigures = {
  /** Generating the data (in the seeding process). */
  generateMs: number;
  /** The whole load of both properties (migrations included). */
  totalMs: number;
  reservationsMs: number;
  perSecond: number;
  worstMs: number;
};

export type LargestResult = {
  name: Backend["name"];
  describe: string;
  port: number;
  seed: SeedFigures;
  coldStartMs: number;
  rssIdleMb: number;
  rssPeakMb: number;
  grid: GridFigures;
  gridFull: GridFigures;
  report365: Latency;
  worst: { grid: GridFigures; gridFull: GridFigures; rooms: number; stays: number };
  browser?: { render: RenderFigures; scroll: ScrollFigures };
};

export type LargestRun = {
  date: string;
  totalSeconds: number;
  loadStart: number[];
  loadEnd: number[];
  /** True when both backends were seeded at the same time (each in its own process). */
  parallelSeed: boolean;
  config: LargestConfig;
  results: (LargestResult | SkippedBackend)[];
};

/** The messages between the bench and seed-child.ts; `dayClose`: prepare the day-close bench's days too. */
export type SeedJob = { spec: BackendSpec; config: LargestConfig; dayClose?: DayCloseSetup };
export type SeedMessage = { log: string } | { done: Loaded } | { error: string };

export type Loaded = { ids: SeededIds; worstIds: SeededIds; seed: SeedFigures; dayClose?: DayClosePrepared };

/** The largest hotel and the worst case, generated (the same data on every call). */
export function generateLargest(config: LargestConfig): {
  data: GeneratedProperty;
  worst: GeneratedProperty;
} {
  const data = generateProperty({
    rooms: config.rooms,
    types: config.types,
    reservations: config.reservations,
    today: config.today,
    seed: 3,
  });
  const worst = generateFullyBooked({
    rooms: config.worstRooms,
    days: config.worstDays,
    today: config.today,
    seed: 4,
  });
  return { data, worst };
}

/** Generates the data and loads it into a fresh database of `backend` (seed-child.ts runs it). */
export async function seedBackend(
  backend: Backend,
  config: LargestConfig,
  log: (message: string) => void,
): Promise<Loaded> {
  let started = performance.now();
  const { data, worst } = generateLargest(config);
  const generateMs = performance.now() - started;
  log(`${backend.name}: generated the data in ${(generateMs / 1000).toFixed(0)} s`);
  const issuer = `http://127.0.0.1:${backend.port}/dev-idp`;
  started = performance.now();
  const database = await backend.open(true);
  try {
    const exec = execOf(database);
    const ids = await seedProperty(exec, { issuer, ...LARGEST_OWNER, data });
    const reservationsFrom = performance.now();
    let reported = 0;
    await seedReservations(exec, ids, data, 0, data.reservations.length, (done) => {
      if (done - reported < 250_000) return;
      reported = done;
      const seconds = (performance.now() - reservationsFrom) / 1000;
      log(`${backend.name}: ${done.toLocaleString("en-US")} reservations in ${seconds.toFixed(0)} s`);
    });
    const reservationsMs = performance.now() - reservationsFrom;
    const worstFrom = performance.now();
    const worstIds = await seedProperty(exec, { issuer, ...WORST_OWNER, data: worst });
    await seedReservations(exec, worstIds, worst, 0, worst.reservations.length);
    const worstMs = performance.now() - worstFrom;
    const seed = {
      generateMs,
      totalMs: performance.now() - started,
      reservationsMs,
      perSecond: data.reservations.length / (reservationsMs / 1000),
      worstMs,
    };
    log(
      `${backend.name}: seeded in ${(seed.totalMs / 1000).toFixed(0)} s (${Math.round(seed.perSecond)} reservations/s)`,
    );
    return { ids, worstIds, seed };
  } finally {
    await database.close(); // PGlite: the server takes the data directory's lock
  }
}

async function measureBackend(
  backend: Backend,
  loaded: Loaded,
  config: LargestConfig,
  browser: Browser | null,
  log: (message: string) => void,
): Promise<LargestResult> {
  const server = new Server({
    port: backend.port,
    env: { ...backend.env, AUTH_RATE_LIMIT_PER_MINUTE: "1000" },
  });
  const coldStartMs = await server.start();
  try {
    const rssIdleMb = server.rssMb();
    const peak = server.sampleRss();
    const client = await signIn(server, LARGEST_OWNER, loaded.ids.pid);
    const worstClient = await signIn(server, WORST_OWNER, loaded.worstIds.pid);
    const { pid } = loaded.ids;
    const today = config.today;
    const report = occupancyPath(pid, addDays(today, -365), today);
    const runs = config.quick ? 5 : 20;
    log(`${backend.name}: warm-up, grid (both forms), 365-day report, worst case`);
    for (let i = 0; i < 3; i++) {
      await client.json("GET", appGridPath(pid, today));
      await client.json("GET", fullGridPath(pid, today));
      await client.json("GET", report);
    }
    const grid = await gridLatency(client, appGridPath(pid, today), 3, runs, { afterChange: true });
    const gridFull = await gridLatency(client, fullGridPath(pid, today), 3, runs);
    const report365 = await latencyRuns(3, config.quick ? 3 : 5, () => client.json("GET", report));
    const worstPid = loaded.worstIds.pid;
    for (let i = 0; i < 3; i++) await worstClient.json("GET", appGridPath(worstPid, today));
    const worstGrid = await gridLatency(worstClient, appGridPath(worstPid, today), 3, runs, {
      afterChange: true,
    });
    const worstFull = await gridLatency(worstClient, fullGridPath(worstPid, today), 3, runs);
    let browserFigures: LargestResult["browser"];
    if (browser) {
      log(`${backend.name}: browser: Front Desk render and scrolling, ${config.rooms} rooms`);
      const session = client.jar.get("innkeep_session");
      const render = await gridRender(browser, server.baseUrl, session, 5);
      const scroll = await scrollFrames(browser, server.baseUrl, session);
      browserFigures = { render, scroll };
    }
    return {
      name: backend.name,
      describe: backend.describe,
      port: backend.port,
      seed: loaded.seed,
      coldStartMs,
      rssIdleMb,
      rssPeakMb: peak(),
      grid,
      gridFull,
      report365,
      worst: {
        grid: worstGrid,
        gridFull: worstFull,
        rooms: config.worstRooms,
        stays: config.worstRooms * config.worstDays,
      },
      ...(browserFigures ? { browser: browserFigures } : {}),
    };
  } finally {
    await server.stop();
  }
}

/** Runs seedBackend in a child process (seed-child.ts), relaying its log lines. */
export function seedInChild(
  backend: Backend,
  config: LargestConfig,
  log: (message: string) => void,
  dayClose?: DayCloseSetup,
): Promise<Loaded> {
  return new Promise((resolve, reject) => {
    // The same Node options as this process: tsx's loader among them.
    const child = fork(new URL("./seed-child.ts", import.meta.url), [], { execArgv: process.execArgv });
    const stop = () => child.kill("SIGKILL");
    process.once("exit", stop); // never leave a seeding process behind when the bench fails
    child.on("message", (message: SeedMessage) => {
      if ("log" in message) log(message.log);
      else if ("done" in message) resolve(message.done);
      else reject(new Error(`seeding ${backend.name} failed: ${message.error}`));
    });
    child.once("exit", (code) => {
      process.off("exit", stop);
      if (code !== 0) reject(new Error(`seeding ${backend.name} exited with ${code}`));
    });
    child.send({ spec: backend.spec, config, ...(dayClose ? { dayClose } : {}) } satisfies SeedJob);
  });
}

export async function runLargest({
  backends,
  config,
  browser,
  log,
}: {
  backends: Backend[];
  config: LargestConfig;
  browser: Browser | null;
  log: (message: string) => void;
}): Promise<Omit<LargestRun, "totalSeconds" | "loadEnd">> {
  const loadStart = os.loadavg();
  const date = new Date().toISOString();
  const { available, skipped } = await reachableBackends(backends, log, "largest-hotel figures");
  const results: LargestRun["results"] = [...skipped];
  // Both at once, each in a process of its own (PGlite runs in the process that opens it, and its statements
  // would hold up the other's in a shared one); nothing is measured until both are loaded.
  log(
    `largest hotel: ${config.rooms} rooms in ${config.types} types, ${config.reservations} reservations; seeding ${available.map((b) => b.name).join(" and ")} at the same time`,
  );
  const started = performance.now();
  const loaded = await Promise.all(available.map((backend) => seedInChild(backend, config, log)));
  log(`largest hotel: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (const [i, backend] of available.entries()) {
    const load = loaded[i] as Loaded;
    results.push(await measureBackend(backend, load, config, browser, log));
    if (process.env.BENCH_KEEP !== "1") await backend.cleanup();
  }
  return { date, loadStart, parallelSeed: available.length > 1, config, results };
}
