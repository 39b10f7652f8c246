// `npm run bench -- --citus`: the same work on one PostgreSQL server and on a Citus cluster (a coordinator and
// two workers), side by side in one run. 50 users each make their own property through the API (2 room types,
// 20 rooms); then, with the built server as a child process on each backend in turn, reservation creates and
// availability grid reads spread round-robin over the 50 properties, 16 in flight, each for a fixed time. On
// Citus, every property's rows must sit on one worker (checked shard by shard; the run fails otherwise).
// Writes bench/results/citus.json and its section of docs/benchmarks.md. Options: --no-build (reuse dist/).
// Environment: CITUS_URL (a coordinator, as an administrator), CITUS_KIT (the cluster kit's directory).
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import type { IsoDate } from "../src/domain/dates.js";
import { createCitusDatabase, dropCitusDatabase } from "../src/server/test/citus-database.js";
import { buildApp } from "./lib/build.js";
import {
  type Coordinator,
  checkPlacement,
  citusVersion,
  createPlainDatabase,
  dropPlainDatabase,
  findCoordinator,
  type Placement,
  plainAvailable,
  query,
  serverVersion,
  workersOf,
} from "./lib/citus-cluster.js";
import { type CitusConfig, type LoadFigures, makeTenants, measureLoad } from "./lib/citus-load.js";
import { benchToday } from "./lib/dataset.js";
import { machine } from "./lib/machine.js";
import { CITUS_RESULTS, type CitusRun, citusSection, putCitusSection } from "./lib/report-citus.js";
import { Server } from "./lib/server.js";

/** Citus's own default: the test databases use 4 (citus-database.ts), the bench what production would. */
const SHARD_COUNT = 32;

const CONFIG: CitusConfig = {
  properties: 50,
  roomTypes: 2,
  roomsPerType: 10,
  concurrency: 16,
  days: 14,
  warmUpMs: 3_000,
  createMs: 15_000,
  readMs: 10_000,
  buildMs: 10_000,
  setupConcurrency: 8,
};

const began = performance.now();
const log = (message: string) =>
  console.log(`[bench citus ${((performance.now() - began) / 1000).toFixed(0).padStart(3)}s] ${message}`);

/** A loopback port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type BackendRun = LoadFigures & {
  name: "PostgreSQL" | "Citus";
  /** The database as the report names it (a loopback URL). */
  describe: string;
  version: string;
  /** Spawn to the first healthy answer: migrations, and on Citus the distribution of every table. */
  startMs: number;
  /** Signing in the users and making their properties, room types and rooms through the API. */
  setupSeconds: number;
  /** The 1-minute load average before and after the timed work: the machine is shared. */
  loadavg: [number, number];
};

async function runOn(
  name: BackendRun["name"],
  url: string,
  version: string,
  today: IsoDate,
): Promise<{ run: BackendRun; pids: string[] }> {
  const server = new Server({
    port: await freePort(),
    env: { DATABASE_URL: url, AUTH_RATE_LIMIT_PER_MINUTE: "1000" },
  });
  log(`${name}: starting the server (migrations${name === "Citus" ? ", distribution" : ""})`);
  const startMs = await server.start();
  try {
    log(`${name}: ${CONFIG.properties} users make their properties, room types and rooms through the API`);
    const setupStarted = performance.now();
    const tenants = await makeTenants(server.baseUrl, CONFIG);
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    log(`${name}: creates, kept grid reads and grid builds (c${CONFIG.concurrency})`);
    const loadStart = os.loadavg();
    const load = await measureLoad(tenants, CONFIG, today);
    log(
      `${name}: ${load.creates.perSecond.toFixed(0)} creates/s, ${load.reads.perSecond.toFixed(0)} reads/s, ${load.builds.perSecond.toFixed(0)} builds/s`,
    );
    return {
      run: {
        name,
        describe: `${new URL(url).host}/${new URL(url).pathname.slice(1).replace(/_\d+$/, "_<pid>")}`,
        version,
        startMs,
        setupSeconds,
        ...load,
        loadavg: [loadStart[0] ?? Number.NaN, os.loadavg()[0] ?? Number.NaN],
      },
      pids: tenants.map((tenant) => tenant.pid),
    };
  } finally {
    await server.stop();
  }
}

function commitOf(): { commit: string; dirty: boolean } {
  const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();
  // Tests are not built into dist/: only changes to what the server is built from count.
  const changes = git("status", "--porcelain", "--", "src", ":!src/**/*.test.ts", ":!src/server/test");
  return { commit: git("rev-parse", "--short", "HEAD"), dirty: changes !== "" };
}

/** The whole run; resolves with the exit code. */
export async function runCitus(argv: string[]): Promise<number> {
  const args = new Set(argv);
  const startedAt = new Date().toISOString();
  const commit = commitOf(); // what is built: the tree as the run starts
  const info = machine();
  const coordinator: Coordinator | undefined = await findCoordinator(log);
  if (!coordinator) {
    console.log(
      "No Citus coordinator: set CITUS_URL, or put the cluster kit at ../shared/citus (or CITUS_KIT). Skipped.",
    );
    return 0;
  }
  if (!(await plainAvailable())) {
    console.log("No PostgreSQL server on 127.0.0.1:5432 (user postgres, trust) to compare with. Skipped.");
    coordinator.release();
    return 0;
  }
  const names = { plain: `innkeep_bench_plain_${process.pid}`, citus: `innkeep_bench_citus_${process.pid}` };
  let placement: Placement | undefined;
  const results: BackendRun[] = [];
  let workers: string[] = [];
  try {
    if (!args.has("--no-build")) buildApp(log);
    const today = benchToday();
    const workerNodes = await workersOf(coordinator.adminUrl);
    workers = workerNodes.map((w) => `${w.host}:${w.port}`);
    log(`Citus coordinator from ${coordinator.source}; workers ${workers.join(", ")}`);

    log(`PostgreSQL: database ${names.plain}`);
    const plainUrl = await createPlainDatabase(names.plain);
    results.push((await runOn("PostgreSQL", plainUrl, await serverVersion(plainUrl), today)).run);

    log(`Citus: database ${names.citus} on every node, citus.shard_count = ${SHARD_COUNT}`);
    const citusUrl = await createCitusDatabase(coordinator.adminUrl, names.citus);
    // After createCitusDatabase's 4 for tests, and before the server opens the database and distributes it.
    await query(coordinator.adminUrl, `alter database ${names.citus} set citus.shard_count = ${SHARD_COUNT}`);
    const version = `PostgreSQL ${await serverVersion(citusUrl)}, Citus ${await citusVersion(citusUrl)}`;
    const citus = await runOn("Citus", citusUrl, version, today);
    results.push(citus.run);
    const [shards] = await query<{ n: number }>(
      citusUrl,
      "select count(*)::int as n from pg_dist_shard where logicalrelid = 'properties'::regclass",
    );
    if (shards?.n !== SHARD_COUNT) throw new Error(`properties has ${shards?.n} shards, not ${SHARD_COUNT}`);
    log("Citus: where each property's rows sit");
    placement = await checkPlacement(citusUrl, citus.pids);
  } finally {
    log("dropping the bench databases");
    await dropPlainDatabase(names.plain).catch((e: Error) =>
      log(`could not drop ${names.plain}: ${e.message}`),
    );
    await dropCitusDatabase(coordinator.adminUrl, names.citus).catch((e: Error) =>
      log(`could not drop ${names.citus}: ${e.message}`),
    );
    coordinator.release();
  }

  info.loadEnd = os.loadavg();
  const run: CitusRun = {
    date: startedAt,
    command: "npm run bench -- --citus",
    ...commit,
    info,
    config: { ...CONFIG, shardCount: SHARD_COUNT, workers: workers.length, today: benchToday() },
    coordinatorSource: coordinator.source,
    results,
    placement: placement as Placement,
    totalSeconds: (performance.now() - began) / 1000,
  };
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(CITUS_RESULTS, `${JSON.stringify(run, null, 2)}\n`);
  execSync(`npx biome format --write ${CITUS_RESULTS}`, { stdio: "ignore" });
  log(`wrote ${CITUS_RESULTS}`);
  if (run.placement.split.length > 0) {
    console.error(
      `*** ${run.placement.split.length} properties are split across nodes: ${JSON.stringify(run.placement.split)} ***`,
    );
    return 1;
  }
  putCitusSection(citusSection(run));
  log(`wrote its section of docs/benchmarks.md; done in ${run.totalSeconds.toFixed(0)} s`);
  return 0;
}
