/**
 * Creates through the real server under load, for profiling and A/B (issue 16, goal 2; decision 024).
 *
 * Per cell: a fresh database (PGlite directory or PostgreSQL database) holding a property of 1,000 rooms
 * in 20 types seeded like the bench's; the built server (`<dist>/dist/server/main.js`) as a child process;
 * `--build` one-night stays created through the API (c16, not timed), then `--seconds` of creates at
 * `--concurrency` (room k % 1,000, night k / 1,000 from tomorrow: never a conflict). Cells alternate
 * between the `--dists` (each a directory holding a `dist/server` build, a `package.json`, the
 * `node_modules` and `src/server/db/migrations`, e.g. a symlink farm around `tsc --outDir`), `--reps` times
 * with the order rotated. `--cpu-prof <dir>` runs the server with `node --cpu-prof` and prints its self
 * time by function and by file.
 *
 *   npx tsx scripts/create-profile.ts [--backend pglite|postgres] [--dists A=/tmp/ab/a,B=/tmp/ab/b]
 *       [--reps 3] [--seconds 8] [--build 1000] [--concurrency 16] [--cpu-prof /tmp/prof] [--log-statements]
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { type Backend, execOf, pgliteBackend, postgresBackend } from "../bench/lib/backends.js";
import { generateProperty } from "../bench/lib/dataset.js";
import { Client } from "../bench/lib/http.js";
import { seedProperty } from "../bench/lib/seed.js";
import { percentile } from "../bench/lib/stats.js";
import { addDays, type IsoDate, todayIn } from "../src/domain/dates.js";

const { values: args } = parseArgs({
  options: {
    backend: { type: "string", default: "pglite" },
    dists: { type: "string", default: `current=${process.cwd()}` },
    reps: { type: "string", default: "1" },
    seconds: { type: "string", default: "8" },
    build: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "16" },
    port: { type: "string", default: "3390" },
    "cpu-prof": { type: "string" },
    // PostgreSQL: log every statement of the server's connections (log_statement = all on the database).
    "log-statements": { type: "boolean", default: false },
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/innkeep_create_profile" },
  },
});

const ROOMS = 1000;
const OWNER = { email: "profile@bench.innkeep.test", name: "Profile Owner" };
const port = Number(args.port);
const concurrency = Number(args.concurrency);
const dists = (args.dists ?? "").split(",").map((pair) => {
  const [name = "", dir = ""] = pair.split("=");
  return { name, dir: path.resolve(dir) };
});
const backend: Backend =
  args.backend === "postgres"
    ? postgresBackend(port, args["pg-url"] as string)
    : pgliteBackend(port, `innkeep-create-profile-${port}`);

async function startServer(dir: string, nodeArgs: string[]): Promise<{ child: ChildProcess; base: string }> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, "dist/server/main.js"], {
    cwd: dir,
    env: {
      ...process.env,
      ...backend.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.once("exit", () => child.kill("SIGKILL"));
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error("server exited during start-up");
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base };
    await sleep(25);
  }
  throw new Error("server did not start");
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** CPU time of a process so far (user + system), in ms: less sensitive to the shared machine's load. */
function cpuMs(pid: number | undefined): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100/s)
}

type Cell = { perSecond: number; p50: number; p99: number; count: number; cpuPerCreate: number };

async function cell(dir: string, profileDir: string | undefined): Promise<Cell> {
  const today = todayIn("UTC", new Date()) as IsoDate;
  const data = generateProperty({ rooms: ROOMS, reservations: 0, today, seed: 3 });
  const database = await backend.open(true);
  const ids = await seedProperty(execOf(database), {
    issuer: `http://127.0.0.1:${port}/dev-idp`,
    ...OWNER,
    data,
  });
  if (args["log-statements"] && backend.spec.kind === "postgres") {
    const name = new URL(backend.spec.url).pathname.slice(1);
    await execOf(database)(`alter database "${name}" set log_statement = 'all'`);
  }
  await database.close();
  const { child, base } = await startServer(
    dir,
    profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [],
  );
  try {
    const client = new Client(base);
    await client.signIn(OWNER.email, OWNER.name);
    const url = `/api/properties/${ids.pid}/reservations`;
    let next = 0;
    const create = async () => {
      const k = next++;
      const answer = await client.json("POST", url, {
        guestName: `Profile ${k}`,
        adults: 1,
        roomId: ids.roomIds[k % ROOMS],
        checkInDate: addDays(today, 1 + Math.floor(k / ROOMS)),
        checkOutDate: addDays(today, 2 + Math.floor(k / ROOMS)),
      });
      if (answer.status !== 201)
        throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    };
    const build = Number(args.build);
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < build) await create();
      }),
    );
    const samples: number[] = [];
    const cpuBefore = cpuMs(child.pid);
    const started = performance.now();
    const end = started + Number(args.seconds) * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < end) {
          const t = performance.now();
          await create();
          samples.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuPerCreate = (cpuMs(child.pid) - cpuBefore) / samples.length;
    return {
      cpuPerCreate,
      perSecond: samples.length / seconds,
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      count: samples.length,
    };
  } finally {
    await stopServer(child);
  }
}

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};

/** Self time by function and by file of the newest .cpuprofile in `dir`. */
function summarize(dir: string): void {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (!files[0]) return;
  const profile = JSON.parse(fs.readFileSync(files[0], "utf8")) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const node = byId.get(id);
    if (!node) continue;
    const file =
      node.callFrame.url.replace(/^file:\/\//, "").replace(/.*node_modules\//, "nm:") || "(native)";
    const fn = `${node.callFrame.functionName || "(anonymous)"} ${file}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    const group = file.startsWith("nm:")
      ? file
          .split("/")
          .slice(0, file.startsWith("nm:@") ? 2 : 1)
          .join("/")
      : file;
    byFile.set(group, (byFile.get(group) ?? 0) + ms);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([k, ms]) =>
          `${((100 * ms) / total).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(6)} ms  ${k}`,
      )
      .join("\n");
  console.log(`profile ${files[0]}: ${total.toFixed(0)} ms sampled`);
  console.log(`by package/file:\n${top(byFile, 25)}`);
  console.log(`by function:\n${top(byFunction, 40)}`);
}

const results = new Map<string, Cell[]>(dists.map((d) => [d.name, []]));
try {
  for (let rep = 0; rep < Number(args.reps); rep++) {
    const order = dists.map((_, i) => dists[(i + rep) % dists.length] as (typeof dists)[number]);
    for (const dist of order) {
      const result = await cell(dist.dir, args["cpu-prof"]);
      results.get(dist.name)?.push(result);
      console.log(
        `rep ${rep + 1} ${dist.name}: ${result.perSecond.toFixed(0)}/s p50 ${result.p50.toFixed(1)} ms p99 ${result.p99.toFixed(1)} ms, server CPU ${result.cpuPerCreate.toFixed(2)} ms/create (${result.count})`,
      );
    }
  }
} finally {
  await backend.cleanup();
}
for (const [name, cells] of results) {
  const median = (pick: (c: Cell) => number) => percentile(cells.map(pick), 50);
  console.log(
    `${name}: median ${median((c) => c.perSecond).toFixed(0)}/s p50 ${median((c) => c.p50).toFixed(1)} ms p99 ${median((c) => c.p99).toFixed(1)} ms, server CPU ${median((c) => c.cpuPerCreate).toFixed(2)} ms/create over ${cells.length}`,
  );
}
if (args["cpu-prof"]) summarize(args["cpu-prof"]);
