/**
 * Why a history written through the API makes creates slower than the same history seeded in SQL (issue 16,
 * goal 2). Builds `--stays` one-night stays over 1,000 rooms (20 types) through the API (the route, in
 * process, `app.inject`, 16 in flight), reporting creates/s and each table's dead rows every 1,000 creates;
 * then copies the database once per treatment and measures creates on each copy, alternating:
 *
 * - `as-is`: the database as the API left it (PGlite runs no autovacuum; nothing else vacuums or analyzes);
 * - `analyze`: after `ANALYZE` (what the bench does after seeding);
 * - `vacuum`: after `VACUUM` (dead rows removed, visibility map set, GIN pending lists merged);
 * - `vacuum-analyze`: both;
 * - `seeded`: not a copy: the same rooms and stays inserted in SQL, then `ANALYZE` (the bench's way).
 *
 * After the creates, each copy times four reads (median of 15): a search, the newest page of the list, the
 * 15-day grid over the history's nights and a month's occupancy report.
 *
 * Wall-clock rates on a shared machine swing with its load; the CPU time of this process per create
 * (PGlite runs in it) is the steadier figure.
 *
 *   npx tsx scripts/api-history.ts [--stays 10000] [--measure 1000] [--reps 3] [--backend pglite|postgres]
 *                                  [--treatments as-is,analyze,…] [--idempotency] [--keep]
 *                                  [--maintenance <ms>]   (PGlite table maintenance during the build)
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { addDays } from "../src/domain/dates.js";
import { buildApp } from "../src/server/app.js";
import { createSession, SESSION_COOKIE, upsertUser } from "../src/server/auth/sessions.js";
import { loadConfig } from "../src/server/config.js";
import type { App } from "../src/server/context.js";
import { type Database, openPglite, openPostgres } from "../src/server/db/connect.js";
import { maintainOnce } from "../src/server/db/maintenance.js";
import { createRooms, createRoomType } from "../src/server/test/factories.js";

const { values: args } = parseArgs({
  options: {
    stays: { type: "string", default: "10000" },
    measure: { type: "string", default: "1000" },
    reps: { type: "string", default: "3" },
    backend: { type: "string", default: "pglite" },
    treatments: { type: "string", default: "as-is,analyze,vacuum,vacuum-analyze,seeded" },
    concurrency: { type: "string", default: "16" },
    // Send an Idempotency-Key with every create (a retry-safe client's way).
    idempotency: { type: "boolean", default: false },
    keep: { type: "boolean", default: false }, // leave the built database (PGlite: its directory) behind
    // Run the PGlite table maintenance (src/server/db/maintenance.ts) every this many ms during the build.
    maintenance: { type: "string", default: "0" },
  },
});
const STAYS = Number(args.stays);
const MEASURE = Number(args.measure);
const REPS = Number(args.reps);
const CONCURRENCY = Number(args.concurrency);
const ROOMS = 1000;
const TYPES = 20;
const WINDOW = 1000;
const PG_BASE = process.env.AB_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Server = { app: App; database: Database; cookie: string; pid: string; roomIds: string[] };

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function start(database: Database, existing?: { pid: string; userId: string }): Promise<Server> {
  const config = loadConfig({ LOG_LEVEL: "silent", ADMIN_EMAILS: "admin@example.com" });
  const app = await buildApp({ config, database, webRoot: null });
  await app.ready();
  const db = database.db;
  const userId =
    existing?.userId ??
    (await upsertUser(db, {
      issuer: "https://history.test",
      subject: "history",
      email: "history@example.com",
      emailVerified: true,
      displayName: "History",
    }));
  const cookie = `${SESSION_COOKIE}=${await createSession(db, userId, 86_400_000)}`;
  const host = new URL(config.publicUrl).host;
  let pid = existing?.pid;
  if (!pid) {
    const answer = await app.inject({ method: "GET", url: "/api/property", headers: { host, cookie } });
    pid = answer.json().id as string;
    for (let t = 0; t < TYPES; t++) {
      const type = await createRoomType(db, pid, { baseRate: 100 + t, capacity: 2 });
      const numbers = Array.from({ length: ROOMS / TYPES }, (_, i) => String(1000 * (t + 1) + i));
      await createRooms(db, pid, numbers, type);
    }
  }
  const roomIds = (
    await rows<{ id: string }>(
      database,
      sql`select id from rooms where property_id = ${pid} order by floor, number`,
    )
  ).map((r) => r.id);
  return { app, database, cookie, pid, roomIds };
}

/** CPU time of this process (all its threads: PGlite runs in it) since `since`, in ms. */
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

let nextStay = 0;
/** Creates `count` one-night stays (room k % 1,000, night k / 1,000 from 2031-01-01), 16 in flight. */
async function creates(
  server: Server,
  count: number,
  onWindow?: (done: number, seconds: number, cpuPerCreate: number, p99: number) => Promise<void>,
) {
  const host = new URL(loadConfig({ LOG_LEVEL: "silent" }).publicUrl).host;
  const first = nextStay;
  const end = first + count;
  let windowStart = performance.now();
  let windowCpu = process.cpuUsage();
  let windowDone = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (nextStay < end) {
        const k = nextStay++;
        const night = addDays("2031-01-01", Math.floor(k / ROOMS));
        const t0 = performance.now();
        const answer = await server.app.inject({
          method: "POST",
          url: `/api/properties/${server.pid}/reservations`,
          headers: {
            host,
            cookie: server.cookie,
            "content-type": "application/json",
            ...(args.idempotency ? { "idempotency-key": randomUUID() } : {}),
          },
          payload: JSON.stringify({
            guestName: `Guest ${k}`,
            roomId: server.roomIds[k % ROOMS],
            checkInDate: night,
            checkOutDate: addDays(night, 1),
          }),
        });
        latencies.push(performance.now() - t0);
        if (answer.statusCode !== 201) throw new Error(`create ${k}: ${answer.statusCode} ${answer.body}`);
        windowDone++;
        if (onWindow && windowDone === WINDOW) {
          windowDone = 0;
          const seconds = (performance.now() - windowStart) / 1000;
          const recent = latencies.slice(-WINDOW).sort((a, b) => a - b);
          await onWindow(
            k + 1 - first,
            seconds,
            cpuMs(windowCpu) / WINDOW,
            recent[Math.ceil(WINDOW * 0.99) - 1] ?? 0,
          );
          windowStart = performance.now();
          windowCpu = process.cpuUsage();
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const seconds = (performance.now() - started) / 1000;
  return {
    cpuPerCreate: cpuMs(cpuStart) / count,
    perSecond: count / seconds,
    p50: latencies[Math.floor(latencies.length * 0.5)] ?? 0,
    p99: latencies[Math.ceil(latencies.length * 0.99) - 1] ?? 0,
  };
}

const READS = {
  search: "/reservations?q=uest%2012&limit=100",
  list: "/reservations?limit=100",
  grid: "/availability?start=2031-01-01&days=15",
  report: "/reports/occupancy?from=2031-01-01&to=2031-01-31",
} as const;
type Read = keyof typeof READS;

/** Median ms of 15 sequential requests of each read (after one not counted). */
async function reads(server: Server): Promise<Record<Read, number>> {
  const host = new URL(loadConfig({ LOG_LEVEL: "silent" }).publicUrl).host;
  const result = {} as Record<Read, number>;
  for (const [name, url] of Object.entries(READS) as [Read, string][]) {
    const samples: number[] = [];
    for (let i = 0; i < 16; i++) {
      const t0 = performance.now();
      const answer = await server.app.inject({
        method: "GET",
        url: `/api/properties/${server.pid}${url}`,
        headers: { host, cookie: server.cookie },
      });
      if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
      if (i > 0) samples.push(performance.now() - t0);
    }
    result[name] = samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;
  }
  return result;
}

type TableStats = { relname: string; live: number; dead: number; upd: number; hot: number; kb: number };
async function tableStats(database: Database): Promise<TableStats[]> {
  return rows<TableStats>(
    database,
    sql`select relname, n_live_tup::int as live, n_dead_tup::int as dead, n_tup_upd::int as upd,
               n_tup_hot_upd::int as hot, (pg_total_relation_size(relid) / 1024)::int as kb
        from pg_stat_user_tables where n_tup_ins + n_tup_upd + n_tup_del > 0 order by relname`,
  );
}

function printStats(stats: TableStats[]) {
  console.log("| table | live | dead | updates (HOT) | size KB |");
  console.log("|---|---|---|---|---|");
  for (const s of stats)
    console.log(`| ${s.relname} | ${s.live} | ${s.dead} | ${s.upd} (${s.hot}) | ${s.kb} |`);
}

async function openFresh(kind: string, dir: string): Promise<Database> {
  if (kind === "pglite") return openPglite(dir);
  const name = `innkeep_history_${path.basename(dir).replace(/\W/g, "_")}`.toLowerCase();
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  return openPostgres(new URL(`/${name}`, PG_BASE).toString());
}

/** A copy of the built database: PGlite's directory, or a PostgreSQL database cloned from it. */
async function copyOf(kind: string, source: string, target: string): Promise<Database> {
  if (kind === "pglite") {
    fs.cpSync(source, target, { recursive: true });
    fs.rmSync(path.join(target, "innkeep.lock"), { force: true });
    return openPglite(target);
  }
  const name = `innkeep_history_${path.basename(target).replace(/\W/g, "_")}`.toLowerCase();
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}" template "${source}"`);
  await admin.end();
  return openPostgres(new URL(`/${name}`, PG_BASE).toString());
}

async function dropCopy(kind: string, database: Database, dir: string) {
  await database.close();
  if (kind === "pglite") fs.rmSync(dir, { recursive: true, force: true });
  else {
    const name = `innkeep_history_${path.basename(dir).replace(/\W/g, "_")}`.toLowerCase();
    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

async function treat(database: Database, treatment: string) {
  const started = performance.now();
  if (treatment === "analyze") await database.db.execute(sql`analyze`);
  if (treatment === "vacuum") await database.db.execute(sql`vacuum`);
  if (treatment === "vacuum-analyze") await database.db.execute(sql`vacuum analyze`);
  return performance.now() - started;
}

/** The same stays as the API build, inserted in one statement (the bench's way), then analyzed. */
async function seedLikeTheBench(server: Server) {
  const stays = STAYS;
  await server.database.db.execute(sql`
    insert into reservations (property_id, code, guest_name, room_type_id, room_id, adults, children,
                              check_in_date, check_out_date, nights, status, total, nightly_rates, balance,
                              created_by)
    select ${server.pid}::uuid, 'RES-' || lpad(upper(to_hex(k)), 5, '0'), 'Guest ' || k, r.room_type_id, r.id,
           2, 0, date '2031-01-01' + k / ${ROOMS}, date '2031-01-01' + k / ${ROOMS} + 1, 1, 'booked',
           t.base_rate, array[t.base_rate], t.base_rate, null
    from generate_series(0, ${stays - 1}) k
    join (select id, room_type_id, row_number() over (order by floor, number) - 1 as i
          from rooms where property_id = ${server.pid}) r on r.i = k % ${ROOMS}
    join room_types t on t.property_id = ${server.pid} and t.id = r.room_type_id`);
  await server.database.db.execute(sql`analyze`);
}

async function main() {
  const kind = args.backend as string;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-history-"));
  const built = path.join(root, "built");
  let database = await openFresh(kind, built);
  let server = await start(database);
  const ids = {
    pid: server.pid,
    userId: (await rows<{ id: string }>(database, sql`select id from users limit 1`))[0]?.id ?? "",
  };
  console.log(`## Building ${STAYS} one-night stays through the API (${kind}, ${CONCURRENCY} in flight)\n`);
  console.log(
    "| creates so far | creates/s in the last 1,000 | CPU ms per create | p99 ms | dead rows: properties / room_nights / reservations / activity / idempotency_keys |",
  );
  console.log("|---|---|---|---|---|");
  const rounds: string[] = [];
  let round: Promise<unknown> | undefined;
  const maintenance =
    Number(args.maintenance) > 0
      ? setInterval(() => {
          if (round) return;
          const t0 = performance.now();
          round = maintainOnce(database).then((work) => {
            const done = work.map(
              (w) => `${w.vacuum ? "vacuum " : ""}${w.analyze ? "analyze " : ""}${w.table}`,
            );
            rounds.push(`${(performance.now() - t0).toFixed(0)} ms: ${done.join(", ") || "nothing"}`);
            round = undefined;
          });
        }, Number(args.maintenance))
      : undefined;
  await creates(server, STAYS, async (done, seconds, cpu, p99) => {
    const stats = await tableStats(database);
    const dead = (name: string) => stats.find((s) => s.relname === name)?.dead ?? 0;
    console.log(
      `| ${done} | ${(WINDOW / seconds).toFixed(0)} | ${cpu.toFixed(2)} | ${p99.toFixed(0)} | ${dead("properties")} / ${dead("room_nights")} / ${dead("reservations")} / ${dead("activity")} / ${dead("idempotency_keys")} |`,
    );
  });
  clearInterval(maintenance);
  await round;
  if (maintenance)
    console.log(`\nMaintenance rounds during the build:\n\n${rounds.map((r) => `- ${r}`).join("\n")}`);
  const builtReads = await reads(server);
  console.log(
    `\nReads on the built database (median ms of 15): ${Object.entries(builtReads)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
      .join(", ")}`,
  );
  console.log("\nAfter the build:\n");
  printStats(await tableStats(database));
  await server.app.close();
  await database.close();
  const source =
    kind === "pglite" ? built : `innkeep_history_${path.basename(built).replace(/\W/g, "_")}`.toLowerCase();

  const treatments = (args.treatments as string).split(",");
  const results = new Map<
    string,
    {
      perSecond: number[];
      cpu: number[];
      p50: number[];
      p99: number[];
      treatMs: number[];
      reads: Record<Read, number>[];
    }
  >();
  for (let rep = 0; rep < REPS; rep++) {
    const order = [
      ...treatments.slice(rep % treatments.length),
      ...treatments.slice(0, rep % treatments.length),
    ];
    for (const treatment of order) {
      const dir = path.join(root, `copy-${randomUUID().slice(0, 8)}`);
      let treatMs = 0;
      if (treatment === "seeded") {
        database = await openFresh(kind, dir);
        server = await start(database);
        const t0 = performance.now();
        await seedLikeTheBench(server);
        treatMs = performance.now() - t0;
      } else {
        database = await copyOf(kind, source, dir);
        treatMs = await treat(database, treatment);
        server = await start(database, ids);
      }
      nextStay = STAYS; // every copy gets the same creates: the nights after the history
      await creates(server, 200); // warm-up: plans and caches of this process
      const result = await creates(server, MEASURE);
      const readMs = await reads(server);
      const cell = results.get(treatment) ?? {
        perSecond: [],
        cpu: [],
        p50: [],
        p99: [],
        treatMs: [],
        reads: [],
      };
      cell.reads.push(readMs);
      cell.perSecond.push(result.perSecond);
      cell.cpu.push(result.cpuPerCreate);
      cell.p50.push(result.p50);
      cell.p99.push(result.p99);
      cell.treatMs.push(treatMs);
      results.set(treatment, cell);
      await server.app.close();
      await dropCopy(kind, database, dir);
      process.stderr.write(
        `rep ${rep + 1} ${treatment}: ${result.perSecond.toFixed(0)}/s, ${result.cpuPerCreate.toFixed(2)} CPU ms/create\n`,
      );
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.log(
    `\n## Creates on copies of that database (${MEASURE} after 200 warm-up, ${REPS} reps alternating)\n`,
  );
  console.log(
    `| treatment | creates/s (median; each rep) | CPU ms per create (median; each rep) | p50 ms | p99 ms | treatment took ms | ${Object.keys(READS).join(" ms | ")} ms |`,
  );
  console.log(
    `|---|---|---|---|---|---|${Object.keys(READS)
      .map(() => "---|")
      .join("")}`,
  );
  const each = (xs: number[], digits: number) => xs.map((x) => x.toFixed(digits)).join(", ");
  for (const [treatment, cell] of results)
    console.log(
      `| ${treatment} | ${median(cell.perSecond).toFixed(0)} (${each(cell.perSecond, 0)}) | ${median(cell.cpu).toFixed(2)} (${each(cell.cpu, 2)}) | ${median(cell.p50).toFixed(1)} | ${median(cell.p99).toFixed(1)} | ${median(cell.treatMs).toFixed(0)} | ${(Object.keys(READS) as Read[]).map((r) => median(cell.reads.map((x) => x[r])).toFixed(1)).join(" | ")} |`,
    );
  if (args.keep) console.log(`\nKept: ${kind === "pglite" ? built : source}`);
  else if (kind === "pglite") fs.rmSync(root, { recursive: true, force: true });
  else {
    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    await admin.query(`drop database if exists "${source}" with (force)`);
    await admin.end();
  }
}

await main();
