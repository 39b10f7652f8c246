// The booking engine's offers under load (`npm run bench -- --offers`, bench/offers.ts): `clients` guests
// searching at once, each sending its next search as soon as its last is answered (no think time), for a
// fixed time, over keep-alive HTTP on loopback as a browser would (`Accept-Encoding: br, gzip`). Each search
// is a random stay window of the seeded future: 1 to 7 nights, 1 to 3 adults.
import fs from "node:fs";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import zlib from "node:zlib";
import pg from "pg";
import { addDays, type IsoDate } from "../../src/domain/dates.js";
import { rng } from "./dataset.js";
import { processCpuMs, type Server } from "./server.js";
import { percentile } from "./stats.js";

export type OfferSearch = { checkIn: IsoDate; checkOut: IsoDate; adults: number; children: number };

/**
 * `count` searches, drawn from `seed`: arrivals from tomorrow (today may pass midnight during the run; a past
 * arrival is answered `[]` without reading anything) to the last night the seeded stays reach (`days` ahead).
 */
export function offerSearches(today: IsoDate, days: number, count: number, seed: number): OfferSearch[] {
  const random = rng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  return Array.from({ length: count }, () => {
    const nights = int(1, 7);
    const checkIn = addDays(today, int(1, days - nights));
    return { checkIn, checkOut: addDays(checkIn, nights), adults: int(1, 3), children: 0 };
  });
}

export const offersPath = (code: string, s: OfferSearch): string =>
  `/api/public/properties/${encodeURIComponent(code)}/offers?${new URLSearchParams({
    checkIn: s.checkIn,
    checkOut: s.checkOut,
    adults: String(s.adults),
    children: String(s.children),
  })}`;

export type LoadFigures = {
  clients: number;
  seconds: number;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  /** Answers other than 200, by status ("error" for a request that got no answer). */
  not200: Record<string, number>;
  not200Count: number;
  /** Bytes on the wire per answer (compressed), and room types offered per answer (every 10th decoded; NaN
   * for answers that are not lists). */
  wireBytes: number;
  roomTypesOffered: number;
  /**
   * CPU used meanwhile, in ms per search: the server process, the PostgreSQL backends serving its database (NaN
   * on PGlite, which runs in the server's process), this (client) process, and the whole machine (every
   * process: other work on the machine included).
   */
  cpuPerSearch: { server: number; database: number; client: number; machine: number };
  /** Searches sent for the first time in the bench (none answered before: no kept answer can exist); absent
   * in results from before it was counted. */
  firstTime?: number;
  /** Searches answered in each second of the run, in order: a stall shows as a second with few or none. */
  perSecondTimeline: number[];
  /** The slowest searches: when each was sent (ms into the run) and how long it took. */
  slowest: { atMs: number; ms: number }[];
  /** The server process's CPU time over the elapsed time (1: one core's worth; its threads together). */
  serverBusy: number;
  /** The machine's CPUs busy meanwhile, 0 to 1 (every process). */
  machineBusy: number;
};

type Answer = { status: number | "error"; bytes: number; offered?: number };

/** One GET, its answer read to the end; every `decode`-th answer is decompressed and counted. */
function get(agent: http.Agent, server: Server, path: string, decode: boolean): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.get(
      `${server.baseUrl}${path}`,
      { agent, headers: { accept: "application/json", "accept-encoding": "br, gzip" } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          const body = Buffer.concat(chunks);
          let offered: number | undefined;
          if (decode && status === 200) {
            const encoding = response.headers["content-encoding"];
            const text =
              encoding === "br"
                ? zlib.brotliDecompressSync(body)
                : encoding === "gzip"
                  ? zlib.gunzipSync(body)
                  : body;
            const answer: unknown = JSON.parse(text.toString("utf8"));
            if (Array.isArray(answer)) offered = answer.length;
          }
          resolve({ status, bytes: body.length, ...(offered === undefined ? {} : { offered }) });
        });
        response.on("error", () => resolve({ status: "error", bytes: 0 }));
      },
    );
    request.on("error", () => resolve({ status: "error", bytes: 0 }));
  });
}

/** Busy and total CPU time of the machine so far, in ticks of 10 ms (/proc/stat's first line). */
function machineTicks(): { busy: number; total: number } {
  const line = /^cpu\s+(.*)$/m.exec(fs.readFileSync("/proc/stat", "utf8"))?.[1] ?? "";
  // user nice system idle iowait irq softirq steal
  const fields = line.split(/\s+/).slice(0, 8).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}

/** CPU time so far (ms) of each process serving the database; read before and after a load. */
export type DatabaseCpu = { read(): Promise<Map<number, number>>; close(): Promise<void> };

/**
 * The PostgreSQL backends connected to `url`'s database (this watcher's own connection left out), read from
 * /proc: the database server must run on this machine, as the bench's does (127.0.0.1).
 */
export async function postgresCpu(url: string): Promise<DatabaseCpu> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async read() {
      const { rows } = await client.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      return new Map(rows.map(({ pid }) => [pid, processCpuMs(pid)]));
    },
    close: () => client.end(),
  };
}

/** The CPU the database's processes used between two reads; a backend that started meanwhile counts whole. */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of after) if (Number.isFinite(now)) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/** Keep-alive connections for `clients` guests: kept across loads, so a timed load starts on open connections. */
export const guestConnections = (clients: number): http.Agent =>
  new http.Agent({ keepAlive: true, maxSockets: clients });

/**
 * `clients` loops, each sending GET `paths` in turn (client i starts at its own offset) until `ms` have passed;
 * a request in flight at the end is still counted. `paths` must hold at least one. Over `connections` when
 * given (left open), else over new ones closed at the end.
 */
export async function offersLoad(
  server: Server,
  paths: readonly string[],
  clients: number,
  ms: number,
  {
    connections,
    database,
    everyMs,
    seen = new Set<string>(),
  }: {
    connections?: http.Agent;
    /** The paths sent before (by earlier loads on the same server); this load's are added. */
    seen?: Set<string>;
    database?: DatabaseCpu;
    /** Each client sends its next request this long after its last was sent (or when it is answered, if later),
     * the clients spread evenly over the interval: `clients / everyMs` requests a ms offered in all. Without
     * it, each sends its next as soon as its last is answered. */
    everyMs?: number;
  } = {},
): Promise<LoadFigures> {
  const agent = connections ?? guestConnections(clients);
  const latencies: number[] = [];
  const sentAt: number[] = [];
  const timeline: number[] = [];
  const not200: Record<string, number> = {};
  let wireBytes = 0;
  let decoded = 0;
  let offered = 0;
  let next = 0;
  let firstTime = 0;
  const databaseCpu = await database?.read();
  const serverCpu = server.cpuMs();
  const clientCpu = process.cpuUsage();
  const machine = machineTicks();
  const started = performance.now();
  const deadline = started + ms;
  const client = async (i: number) => {
    let due = started + (everyMs === undefined ? 0 : (everyMs * i) / clients);
    for (let n = i; performance.now() < deadline; n += clients) {
      if (everyMs !== undefined) {
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        if (performance.now() >= deadline) break;
        due += everyMs;
      }
      const path = paths[n % paths.length] as string;
      if (!seen.has(path)) {
        seen.add(path);
        firstTime++;
      }
      const decode = next++ % 10 === 0;
      const t = performance.now();
      const answer = await get(agent, server, path, decode);
      const done = performance.now();
      latencies.push(done - t);
      sentAt.push(t - started);
      const second = Math.floor((done - started) / 1000);
      timeline[second] = (timeline[second] ?? 0) + 1;
      wireBytes += answer.bytes;
      if (answer.status !== 200) not200[answer.status] = (not200[answer.status] ?? 0) + 1;
      if (answer.offered !== undefined) {
        decoded++;
        offered += answer.offered;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  const seconds = (performance.now() - started) / 1000;
  const usage = process.cpuUsage(clientCpu);
  const machineNow = machineTicks();
  const serverNow = server.cpuMs();
  const databaseNow = await database?.read();
  if (!connections) agent.destroy();
  const requests = latencies.length;
  const busyTicks = machineNow.busy - machine.busy;
  return {
    clients,
    seconds,
    requests,
    perSecond: requests / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.reduce((a, b) => Math.max(a, b), 0), // too many to spread as arguments
    mean: latencies.reduce((a, b) => a + b, 0) / requests,
    not200,
    not200Count: Object.values(not200).reduce((a, b) => a + b, 0),
    wireBytes: wireBytes / requests,
    roomTypesOffered: decoded > 0 ? offered / decoded : Number.NaN,
    cpuPerSearch: {
      server: (serverNow - serverCpu) / requests,
      database: databaseCpu && databaseNow ? cpuBetween(databaseCpu, databaseNow) / requests : Number.NaN,
      client: (usage.user + usage.system) / 1000 / requests,
      machine: (busyTicks * 10) / requests,
    },
    firstTime,
    perSecondTimeline: Array.from(timeline, (n) => n ?? 0),
    slowest: latencies
      .map((ms, i) => ({ atMs: Math.round(sentAt[i] as number), ms: Math.round(ms) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 20),
    serverBusy: (serverNow - serverCpu) / (seconds * 1000),
    machineBusy: busyTicks / (machineNow.total - machine.total),
  };
}
