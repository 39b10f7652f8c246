/**
 * What the PGlite server's memory is made of, and what a setting changes (issue 16, goal 5).
 *
 *   npx tsx scripts/pglite-memory.ts seed                      # once: the bench's 200k data set, kept as a template
 *   npx tsx scripts/pglite-memory.ts run --label base [--set work_mem=1MB ...] [--node-arg=--max-semi-space-size=8]
 *
 * `run` copies the template, starts the built server (`node dist/server/main.js`, run `npm run build` first)
 * on it and drives the bench's own load in phases: warm-up, creates at concurrency 16, both grid forms,
 * the 7/30/365-day reports, the reservations list and search, edits and moves, then SSE subscribers with
 * writes. After each phase it prints VmRSS, the peak (VmHWM, the kernel's own high-water mark, so no peak is
 * missed between samples) and what the memory is: the WebAssembly memory's size, V8's heap, `external` and
 * `arrayBuffers` (process.memoryUsage() in the server, through a preload answering SIGUSR2), and the resident
 * kilobytes of /proc/<pid>/smaps by kind of mapping. `--set name=value` adds `-c name=value` to PGlite's
 * start parameters (through the same preload, without touching the server's code). Latencies are the bench's.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { execOf, pgliteBackend } from "../bench/lib/backends.js";
import { benchToday, generateProperty } from "../bench/lib/dataset.js";
import { liveLatency } from "../bench/lib/live.js";
import {
  appGridPath,
  createLoad,
  createRuns,
  editAndMoveRuns,
  fullGridPath,
  gridLatency,
  latencyRuns,
  occupancyPath,
  Slots,
} from "../bench/lib/measure.js";
import { seedProperty, seedReservations } from "../bench/lib/seed.js";
import { Server } from "../bench/lib/server.js";
import { signIn } from "../bench/lib/suite.js";
import { addDays, type IsoDate } from "../src/domain/dates.js";

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    label: { type: "string", default: "run" },
    set: { type: "string", multiple: true, default: [] },
    "node-arg": { type: "string", multiple: true, default: [] },
    /** V8 flags set in the server with v8.setFlagsFromString (not on the command line). */
    v8: { type: "string", multiple: true, default: [] },
    reservations: { type: "string", default: "200000" },
    subscribers: { type: "string", default: "1000" },
    creates: { type: "string", default: "160" },
    port: { type: "string", default: "3457" }, // seed only
    /** Extra phases: the widest grid (62 days) and the whole reservations CSV export (what a heavy query leaves behind). */
    heavy: { type: "boolean", default: false },
  },
});

const TEMPLATE = path.join(os.tmpdir(), "innkeep-mem-template");
const OWNER = { email: "owner@bench.innkeep.test", name: "Bench Owner" };
const ROOMS = 1000;

/** The server's port is part of the seeded owner's identity (the development provider's issuer). */
type Meta = { today: IsoDate; reservations: number; port: number; pid: string; roomIds: string[] };

async function seed(): Promise<void> {
  const reservations = Number(args.reservations);
  const today = benchToday();
  const data = generateProperty({ rooms: ROOMS, reservations, today, seed: 1 });
  const port = Number(args.port);
  const backend = pgliteBackend(port, "innkeep-mem-template");
  const database = await backend.open(true);
  try {
    const exec = execOf(database);
    const ids = await seedProperty(exec, { issuer: `http://127.0.0.1:${port}/dev-idp`, ...OWNER, data });
    await seedReservations(exec, ids, data, 0, reservations);
    const meta: Meta = { today, reservations, port, pid: ids.pid, roomIds: ids.roomIds };
    fs.writeFileSync(path.join(TEMPLATE, "meta.json"), JSON.stringify(meta));
  } finally {
    await database.close();
  }
  console.log(`seeded ${reservations} reservations over ${ROOMS} rooms in ${TEMPLATE} (today ${today})`);
}

/** Loaded into the server with --import: reports its memory on SIGUSR2 and applies `--set`. */
function preload(): string {
  const pglite = import.meta.resolve("@electric-sql/pglite");
  const file = path.join(os.tmpdir(), "innkeep-mem-preload.mjs");
  fs.writeFileSync(
    file,
    `import fs from "node:fs";
import v8 from "node:v8";
import { PGlite } from ${JSON.stringify(pglite)};
const memories = [];
WebAssembly.Memory = new Proxy(WebAssembly.Memory, {
  construct(target, args) { const m = Reflect.construct(target, args); memories.push(m); return m; },
});
// V8 flags set at run time, as the server itself would (v8.setFlagsFromString), before anything runs.
for (const flag of JSON.parse(process.env.MEM_PROBE_V8 || "[]")) v8.setFlagsFromString(flag);
const extra = JSON.parse(process.env.MEM_PROBE_SETTINGS || "[]").flatMap((s) => ["-c", s]);
const create = PGlite.create;
PGlite.create = function (options) {
  return create.call(this, { ...options, startParams: [...(options.startParams ?? PGlite.defaultStartParams), ...extra] });
};
process.on("SIGUSR2", () => {
  const h = v8.getHeapStatistics();
  fs.writeFileSync(process.env.MEM_PROBE_OUT, JSON.stringify({
    ...process.memoryUsage(),
    wasm: memories.map((m) => m.buffer.byteLength),
    mallocedMemory: h.malloced_memory,
  }));
});
`,
  );
  return file;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(0);

/** Resident kB of the process's mappings by kind. */
function smaps(pid: number): Record<string, number> {
  const text = fs.readFileSync(`/proc/${pid}/smaps`, "utf8");
  const kinds: Record<string, number> = {};
  let kind = "";
  for (const line of text.split("\n")) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const size = (Number.parseInt(header[2] ?? "0", 16) - Number.parseInt(header[1] ?? "0", 16)) / MB;
      const name = header[4] ?? "";
      if (name.includes("node") && !name.includes("node_modules")) kind = "node binary";
      else if (name === "[heap]") kind = "malloc heap";
      else if (name.startsWith("/")) kind = "files";
      else if (name.startsWith("[")) kind = "other";
      // PGlite's WebAssembly memory: one mapping of its size (128 MB at start, larger if it grew).
      else if (size >= 128) kind = "wasm";
      else if ((header[3] ?? "").includes("x")) kind = "code";
      // V8's heap pages are 256 kB each (a large object gets its own mapping, rounded likewise).
      else if (size <= 2 && (size * 4) % 1 === 0) kind = "v8 pages";
      // glibc's per-thread malloc arenas (V8's compiler threads, libuv's pool) and the rest.
      else kind = "anon";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kinds[kind] = (kinds[kind] ?? 0) + Number(rss[1]) / 1024;
  }
  return kinds;
}

function status(pid: number): { rss: number; hwm: number } {
  const text = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024;
  return { rss: field("VmRSS"), hwm: field("VmHWM") };
}

async function run(): Promise<void> {
  const meta = JSON.parse(fs.readFileSync(path.join(TEMPLATE, "meta.json"), "utf8")) as Meta;
  const port = meta.port;
  const dataDir = path.join(os.tmpdir(), `innkeep-mem-run-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.cpSync(TEMPLATE, dataDir, { recursive: true });
  const out = path.join(os.tmpdir(), `innkeep-mem-${port}.json`);
  const server = new Server({
    port,
    env: {
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      MEM_PROBE_OUT: out,
      MEM_PROBE_SETTINGS: JSON.stringify(args.set),
      MEM_PROBE_V8: JSON.stringify(args.v8),
    },
    nodeArgs: [...args["node-arg"], "--import", preload()],
  });
  const data = generateProperty({
    rooms: ROOMS,
    reservations: meta.reservations,
    today: meta.today,
    seed: 1,
  });
  const slots = new Slots(data.freeSlots, meta.roomIds);
  const today = meta.today;
  const rows: string[] = [];
  const pid = () => (server as unknown as { child: { pid: number } }).child.pid;
  const snapshot = async (phase: string, note = "") => {
    fs.rmSync(out, { force: true });
    process.kill(pid(), "SIGUSR2");
    while (!fs.existsSync(out)) await sleep(10);
    await sleep(20);
    const m = JSON.parse(fs.readFileSync(out, "utf8")) as { wasm: number[] } & Record<
      "heapUsed" | "heapTotal" | "external" | "arrayBuffers" | "mallocedMemory",
      number
    >;
    const s = status(pid());
    const k = smaps(pid());
    const kinds = Object.entries(k)
      .filter(([, v]) => v >= 1)
      .sort((a, b) => b[1] - a[1])
      .map(([n, v]) => `${n} ${v.toFixed(0)}`)
      .join(", ");
    rows.push(
      `${phase.padEnd(14)} rss ${s.rss.toFixed(0).padStart(4)} hwm ${s.hwm.toFixed(0).padStart(4)} | ` +
        `wasm ${m.wasm.map(mb).join("+")} heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} ext ${mb(m.external)} ` +
        `ab ${mb(m.arrayBuffers)} malloc ${mb(m.mallocedMemory)} | ${kinds}${note ? ` | ${note}` : ""}`,
    );
    console.log(rows.at(-1));
  };
  const ms = (l: { p50: number; p99: number; perSecond?: number } | undefined) =>
    !l
      ? "-"
      : `p50 ${l.p50.toFixed(1)} p99 ${l.p99.toFixed(1)}${l.perSecond ? ` ${l.perSecond.toFixed(0)}/s` : ""}`;

  const startMs = await server.start();
  try {
    await sleep(1000);
    await snapshot(
      "idle",
      `start ${startMs.toFixed(0)} ms, settings ${[...args.set, ...args.v8, ...args["node-arg"]].join(" ") || "-"}`,
    );
    const client = await signIn(server, OWNER, meta.pid);
    await createLoad(client, meta.pid, slots, { count: 48, concurrency: 16 });
    for (let i = 0; i < 5; i++) {
      await client.json("GET", appGridPath(meta.pid, today));
      await client.json("GET", fullGridPath(meta.pid, today));
      await client.json("GET", occupancyPath(meta.pid, addDays(today, -30), today));
    }
    await snapshot("warm-up");
    const count = Number(args.creates);
    const create = await createRuns(client, meta.pid, slots, { runs: 3, count, concurrency: 16 });
    await snapshot("creates c16", ms(create));
    const grid = await gridLatency(client, appGridPath(meta.pid, today), 3, 15);
    const gridFull = await gridLatency(client, fullGridPath(meta.pid, today), 3, 15);
    await snapshot("grid", `app ${ms(grid.afterChange)}; full ${ms(gridFull.afterChange)} (after a change)`);
    const reports: string[] = [];
    for (const days of [7, 30, 365]) {
      const url = occupancyPath(meta.pid, addDays(today, -days), today);
      reports.push(`${days}d ${ms(await latencyRuns(3, 3, () => client.json("GET", url)))}`);
    }
    await snapshot("reports", reports.join("; "));
    const list = `/api/properties/${meta.pid}/reservations?limit=100`;
    const page = await latencyRuns(3, 3, () => client.json("GET", list));
    const search = await latencyRuns(3, 20, (i) =>
      client.json(
        "GET",
        `${list}&q=${encodeURIComponent(["uest 1234", "GUEST 77", "res-00a"][i % 3] ?? "")}`,
      ),
    );
    await snapshot("list, search", `page ${ms(page)}; search ${ms(search)}`);
    const { edit, move } = await editAndMoveRuns(client, meta.pid, slots, {
      runs: 3,
      count,
      concurrency: 16,
    });
    await snapshot("edit, move", `edit ${ms(edit)}; move ${ms(move)}`);
    const subscribers = Number(args.subscribers);
    const live = await liveLatency(client, server, meta.pid, meta.roomIds, { subscribers, writes: 8 });
    await snapshot("live", `${subscribers} subscribers, connected rss ${live.rssConnectedMb.toFixed(0)}`);
    if (args.heavy) {
      const wide = await latencyRuns(1, 2, () => client.json("GET", appGridPath(meta.pid, today, 62)));
      await snapshot("62-day grid", ms(wide));
      const csv = `/api/properties/${meta.pid}/exports/reservations.csv`;
      const answer = await client.fetch(csv);
      const size = (await answer.text()).length;
      await snapshot("CSV export", `${answer.status} ${(size / MB).toFixed(1)} MB`);
    }
    await sleep(5000);
    await snapshot("quiet 5 s");
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${args.label}\n${rows.join("\n")}`);
}

if (positionals[0] === "seed") await seed();
else if (positionals[0] === "run") await run();
else throw new Error("usage: pglite-memory.ts seed | run [--label x] [--set name=value] [--node-arg=...]");
