// The Citus section of docs/benchmarks.md, from bench/results/citus.json (`npm run bench -- --citus`). That
// command puts the section into the file in place; a full `npm run bench` rewrites the file and renders it
// again from the kept results, so neither command loses the other's figures.
import fs from "node:fs";
import type { BackendRun } from "../citus.js";
import type { Timed } from "./api-history.js";
import type { Placement } from "./citus-cluster.js";
import type { CitusConfig } from "./citus-load.js";
import { putDocSection } from "./doc-section.js";
import { num, table } from "./format.js";
import type { MachineInfo } from "./machine.js";
import { ms } from "./stats.js";

export const CITUS_RESULTS = "bench/results/citus.json";
const HEADING = "## Citus: 50 properties on one PostgreSQL and on a 2-worker cluster";

export type CitusRun = {
  date: string;
  command: string;
  commit: string;
  /** The working tree had changes under src/ that the commit does not hold (the build is of the tree). */
  dirty: boolean;
  info: MachineInfo;
  config: CitusConfig & { shardCount: number; workers: number; today: string };
  coordinatorSource: string;
  results: BackendRun[];
  placement: Placement;
  totalSeconds: number;
};

const times = (value: number) => `${value.toFixed(2)}×`;
const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;

function rows(label: string, pg: Timed, citus: Timed, unit: string): string[][] {
  return [
    [`${label}/s`, num(pg.perSecond), num(citus.perSecond), times(citus.perSecond / pg.perSecond)],
    [`${label}: p50`, ms(pg.p50), ms(citus.p50), times(citus.p50 / pg.p50)],
    [`${label}: p99`, ms(pg.p99), ms(citus.p99), times(citus.p99 / pg.p99)],
    [
      `${label}: ${unit} in the timed run`,
      `${num(pg.count)} in ${pg.seconds.toFixed(1)} s`,
      `${num(citus.count)} in ${citus.seconds.toFixed(1)} s`,
      "",
    ],
  ];
}

export function citusSection(run: CitusRun): string {
  const pg = run.results.find((r) => r.name === "PostgreSQL");
  const citus = run.results.find((r) => r.name === "Citus");
  if (!pg || !citus) return "";
  const c = run.config;
  const rooms = c.roomTypes * c.roomsPerType;
  const load = (l: number[] | undefined) => (l ?? []).map((v) => v.toFixed(2)).join(" / ");
  const split = run.placement.split.length;
  const workers = Object.entries(run.placement.perWorker).sort(([a], [b]) => a.localeCompare(b));
  return `${HEADING}

Measured by \`${run.command}\` on ${run.date.slice(0, 16).replace("T", " ")} UTC at commit \`${run.commit}\`${run.dirty ? " (with changes under `src/` not yet committed: the built server is the working tree's)" : ""}; the run took ${(run.totalSeconds / 60).toFixed(1)} minutes.
It is its own command and keeps its figures in \`${CITUS_RESULTS}\`; \`npm run bench\` leaves them as they are.

**On this one machine (${run.info.cpu}, ${run.info.memoryGb.toFixed(0)} GB) the cluster shows the overhead of
distribution, not the gain.** Every request goes from the app server to the coordinator, which sends it on to
the worker holding the property's shards (one more hop and one more connection per statement that is not
delegated whole), and three PostgreSQL servers (the coordinator and ${c.workers} workers) share the same 2 cores
with the app server and the bench client, where the plain run has one. Citus gains when its workers are
machines of their own, each with its own cores, memory and disk, so that more properties means more
machines; nothing here measures that. Read the ratio as the price of the coordinator hop on a busy machine.

${table(
  ["", `PostgreSQL ${pg.version}`, `Citus (${citus.version})`, "Citus / PostgreSQL"],
  [
    ...rows("Reservation creates", pg.creates, citus.creates, "creates"),
    ...rows("Grid reads, kept answer", pg.reads, citus.reads, "reads"),
    ...rows("Grid reads, each a new window (built)", pg.builds, citus.builds, "reads"),
    [
      "Server start on the empty database (migrations; on Citus, distribution too)",
      seconds(pg.startMs),
      seconds(citus.startMs),
      times(citus.startMs / pg.startMs),
    ],
    [
      `Setup: ${c.properties} sign-ins, properties, ${c.roomTypes * c.properties} room types, ${num(rooms * c.properties)} rooms (${c.setupConcurrency} users at once)`,
      `${pg.setupSeconds.toFixed(1)} s`,
      `${citus.setupSeconds.toFixed(1)} s`,
      times(citus.setupSeconds / pg.setupSeconds),
    ],
    ["Reservations created by the run", num(pg.reservations), num(citus.reservations), ""],
    [
      "Load average (1 min) before / after the timed work",
      pg.loadavg.map((v) => v.toFixed(1)).join(" / "),
      citus.loadavg.map((v) => v.toFixed(1)).join(" / "),
      "",
    ],
  ],
)}

Where the properties sit: ${
    split === 0
      ? `all ${c.properties} properties are whole, each on one worker: for every property and every one of its ${run.placement.tables} tables
(\`properties\` by \`id\`, the others by \`property_id\`), \`get_shard_id_for_distribution_column\` gives the shard and
\`pg_dist_shard_placement\` its node, and all of a property's tables map to the same node.`
      : `**${split} properties are split across nodes** (the run failed).`
  }

${table(
  ["Worker", "Properties"],
  workers.map(([node, count]) => [`\`${node}\``, num(count)]),
)}

How it runs: \`npm run build\`; then, one backend after the other, a fresh database (named \`innkeep_bench_…\`,
dropped at the end) and the built server (\`node dist/server/main.js\`, \`DATABASE_URL\` set to it, on a free
loopback port, \`LOG_LEVEL=warn\`), which migrates the database and, on Citus, distributes it on start.
PostgreSQL is the server on \`${pg.describe}\`; Citus is a coordinator on \`${citus.describe}\` (${run.coordinatorSource}) with
${c.workers} workers, all on loopback (the project's cluster kit: \`cluster.sh start DIR\`, or \`CITUS_URL\`). The Citus database is made
by \`createCitusDatabase\` (\`src/server/test/citus-database.ts\`: on every node, with the workers added), which sets
\`citus.shard_count = 4\` to make test databases quickly; the bench then sets it to ${c.shardCount}, Citus's default and what
production would run, before the server opens the database, so each distributed table has ${c.shardCount} shards. The kit's
nodes run with \`fsync\` and \`synchronous_commit\` off; the plain database gets \`synchronous_commit = off\` (for that
database only), so neither waits for the disk at commit and the two differ by distribution alone.

Work: ${c.properties} users sign in through the development identity provider, each makes their own property
(\`GET /api/property\`) and, through the API, ${c.roomTypes} room types with ${c.roomsPerType} rooms each (${rooms} rooms a property).
Then ${c.concurrency} requests in flight at a time, each figure for a fixed time after ${c.warmUpMs / 1000} s of warm-up, every request going
to the next property in turn (round-robin over the ${c.properties}): creates (\`POST /api/properties/:pid/reservations\`, a one-night
stay on the property's next free room-night, each answering 201) for ${c.createMs / 1000} s; grid reads
(\`GET /api/properties/:pid/availability?start=${c.today}&days=${c.days}\`, the full form) for ${c.readMs / 1000} s, which the server
answers from the grid it keeps after checking the property's \`event_seq\` (decision 021), so each is a session and
membership check and one lookup on the property's shard; and grid reads of a window not asked for before (the start
one day earlier each time) for ${c.buildMs / 1000} s, which the server builds from the database (the windows are mostly empty:
this is the queries' cost, not many rows'). p50/p99 over every request of the timed run; figures per second are
requests over the run's seconds. Load average 1/5/15 min at start ${load(run.info.loadStart)}, at end ${load(run.info.loadEnd)} (2.0
means both cores busy). The machine is shared, and other work (the project's test suites, on the same cluster
too) may run beside the bench; the load during the Citus column is partly the cluster's own (16 requests in
flight become backends on three PostgreSQL servers). Compare the columns with the load averages in mind.
`;
}

/** Replaces the section in docs/benchmarks.md, or puts it after the largest hotel's. */
export function putCitusSection(section: string): void {
  putDocSection(HEADING, section, "## The largest hotel");
}

/** For the full report: the section from the kept results, if there are any. */
export function keptCitusSection(): string {
  if (!fs.existsSync(CITUS_RESULTS)) return "";
  return citusSection(JSON.parse(fs.readFileSync(CITUS_RESULTS, "utf8")) as CitusRun);
}
