// `npm run bench -- --day-close`: closing a day of the largest hotel (7,351 rooms, 1.5M stays) on PGlite and on
// PostgreSQL, and the creates that run meanwhile against the same creates without a close, side by side
// (lib/day-close-measure.ts). Both databases are seeded at once, each in a process of its own, as the largest
// hotel is (lib/largest.ts), then given their recent days (lib/day-close-setup.ts). Writes
// bench/results/day-close.json and its section of docs/benchmarks.md; `--quick` (a tenth of the hotel) and
// `--only=PostgreSQL|PGlite` write to the temp directory only. Options: --no-build (reuse dist/). Environment:
// BENCH_DATABASE_URL (its database name gets "_day_close"), BENCH_KEEP=1 (keep the data).
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import type { Backend } from "./lib/backends.js";
import { benchBackends, reachableBackends } from "./lib/bench-backends.js";
import { buildApp } from "./lib/build.js";
import { benchToday, type GeneratedProperty } from "./lib/dataset.js";
import { measureCloses } from "./lib/day-close-measure.js";
import { DAY_CLOSE_SETUP } from "./lib/day-close-setup.js";
import { generateLargest, LARGEST_OWNER, type Loaded, largestConfig, seedInChild } from "./lib/largest.js";
import { machine } from "./lib/machine.js";
import { createOnSlot, Slots } from "./lib/measure.js";
import {
  DAY_CLOSE_RESULTS,
  type DayCloseRun,
  dayCloseSection,
  putDayCloseSection,
} from "./lib/report-day-close.js";
import { Server } from "./lib/server.js";
import { signIn } from "./lib/suite.js";

const began = performance.now();
const log = (message: string) =>
  console.log(`[bench day-close ${((performance.now() - began) / 1000).toFixed(0).padStart(4)}s] ${message}`);

/** Creates in flight at all times during the measurement (a busy front desk and its integrations). */
const CONCURRENCY = 4;
/** Creates before anything is timed (connections, the server's caches and prepared statements). */
const WARM_UP = 50;

export async function runDayClose(argv: string[]): Promise<number> {
  const args = new Set(argv);
  const quick = args.has("--quick");
  const only = argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const date = new Date().toISOString();
  const info = machine();
  if (!args.has("--no-build")) buildApp(log);
  const config = largestConfig(quick, benchToday());
  const { available, skipped } = await reachableBackends(benchBackends("day-close", 3348, only), log);
  const results: DayCloseRun["results"] = [...skipped];
  log(
    `seeding ${config.rooms} rooms and ${config.reservations} stays on ${available.map((b) => b.name).join(" and ")} at once`,
  );
  const loaded = await Promise.all(available.map((b) => seedInChild(b, config, log, DAY_CLOSE_SETUP)));
  // The same data as the seeding processes made: its free one-night slots are where the creates go.
  const { data } = generateLargest(config);
  for (const [i, backend] of available.entries()) {
    info.versions[backend.name] = await backend.version();
    try {
      results.push(await measureBackend(backend, loaded[i] as Loaded, data));
    } finally {
      if (process.env.BENCH_KEEP !== "1") await backend.cleanup();
    }
  }
  info.loadEnd = os.loadavg();
  const run: DayCloseRun = {
    date,
    command: `npm run bench -- ${argv.filter((a) => a !== "--no-build").join(" ")}`,
    commit,
    info,
    config,
    setup: DAY_CLOSE_SETUP,
    results,
    totalSeconds: (performance.now() - began) / 1000,
  };
  const section = dayCloseSection(run);
  if (quick || only) {
    const file = `${os.tmpdir()}/innkeep-bench-day-close-${quick ? "quick" : ""}${only ?? ""}`;
    fs.writeFileSync(`${file}.json`, `${JSON.stringify(run, null, 2)}\n`);
    fs.writeFileSync(`${file}.md`, section);
    log(`wrote ${file}.json and .md (docs/benchmarks.md is only changed by a full run on both databases)`);
    return 0;
  }
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(DAY_CLOSE_RESULTS, `${JSON.stringify(run, null, 2)}\n`);
  execSync(`npx biome format --write ${DAY_CLOSE_RESULTS}`, { stdio: "ignore" });
  putDayCloseSection(section);
  log(
    `wrote ${DAY_CLOSE_RESULTS} and its section of docs/benchmarks.md; done in ${run.totalSeconds.toFixed(0)} s`,
  );
  return 0;
}

async function measureBackend(
  backend: Backend,
  loaded: Loaded,
  data: GeneratedProperty,
): Promise<DayCloseRun["results"][number]> {
  const prepared = loaded.dayClose;
  if (!prepared) throw new Error(`${backend.name}: the seeding did not prepare the days to close`);
  const server = new Server({
    port: backend.port,
    env: { ...backend.env, AUTH_RATE_LIMIT_PER_MINUTE: "1000" },
  });
  await server.start();
  try {
    const { pid, roomIds } = loaded.ids;
    const client = await signIn(server, LARGEST_OWNER, pid);
    const slots = new Slots(data.freeSlots, roomIds);
    // The rooms of the stays in house (the seeder made them occupied): housekeeping cleans them each day.
    const occupied = new Set(
      data.reservations
        .filter((r) => r.status === "checked_in" && r.room !== null)
        .map((r) => r.room as number),
    );
    const occupiedRoomIds = [...occupied].map((room) => roomIds[room] as string);
    for (let i = 0; i < WARM_UP; i++) {
      const { status } = await createOnSlot(client, pid, slots, -1 - i);
      if (status !== 201) throw new Error(`${backend.name}: a warm-up create answered ${status}`);
    }
    log(`${backend.name}: closing ${prepared.days.length} days, ${CONCURRENCY} creates in flight`);
    const figures = await measureCloses(
      client,
      pid,
      slots,
      { days: prepared.days, occupiedRoomIds },
      CONCURRENCY,
      (m) => log(`${backend.name}: ${m}`),
    );
    return { name: backend.name, describe: backend.describe, prepared, figures };
  } finally {
    await server.stop();
  }
}
