// HTTP figures against a running server: latency series, creates at a fixed concurrency, and the growth
// comparison between the original app's availability check and ours.
import { API_PATHS } from "../../src/domain/api-paths.js";
import { FRONT_DESK_DAYS } from "../../src/domain/constants.js";
import type { IsoDate } from "../../src/domain/dates.js";
import type { Reservation } from "../../src/domain/schemas/reservations.js";
import type { FreeSlot } from "./dataset.js";
import type { Client, JsonAnswer } from "./http.js";
import { median, percentile } from "./stats.js";

export type Latency = { p50: number; p99: number; runs: number; perRun: number };
export type Load = Latency & { perSecond: number };
export type GrowthPoint = {
  reservations: number;
  rows: number;
  bytes: number;
  naiveMs: number;
  naiveRuns: number;
  oursMs: number;
  conflictMs: number;
  oursRuns: number;
};

type Answer = Pick<JsonAnswer<unknown>, "status">;

/** Done before each timed request, untimed. */
type Before = (i: number) => Promise<void>;

/** `count` sequential requests, each after `before` if given; returns latency percentiles (ms). */
export async function latency(
  count: number,
  request: (i: number) => Promise<Answer>,
  before?: Before,
): Promise<{ p50: number; p99: number; samples: number[] }> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    await before?.(i);
    const started = performance.now();
    const { status } = await request(i);
    samples.push(performance.now() - started);
    if (status !== 200 && status !== 201) throw new Error(`unexpected status ${status}`);
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), samples };
}

/** Several runs of `latency`; reports the median over runs of each run's p50 and p99. */
export async function latencyRuns(
  runs: number,
  count: number,
  request: (i: number) => Promise<Answer>,
  before?: Before,
): Promise<Latency> {
  const results = [];
  for (let run = 0; run < runs; run++) results.push(await latency(count, request, before));
  return {
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    runs,
    perRun: count,
  };
}

/** The Front Desk's grid request: the web app's own URL (the compact form, decision 019). */
export const appGridPath = (pid: string, start: IsoDate, days = FRONT_DESK_DAYS): string =>
  API_PATHS.availability(pid, start, days);

/** The same grid in the full JSON form, the API's default (what integrations read). */
export function fullGridPath(pid: string, start: IsoDate, days = FRONT_DESK_DAYS): string {
  const url = new URL(appGridPath(pid, start, days), "http://localhost");
  url.searchParams.delete("format");
  return `${url.pathname}${url.search}`;
}

export const occupancyPath = (pid: string, from: IsoDate, to: IsoDate): string =>
  `/api/properties/${pid}/reports/occupancy?from=${from}&to=${to}`;

export type GridFigures = Latency & {
  /**
   * Each read right after a change: the server brings the kept answer up to date (decision 026; a build
   * before it) instead of sending it as kept (absent from results kept from before decision 021).
   */
  afterChange?: Latency;
  kb: number;
  wireKb: number;
  encoding: string;
  rooms: number;
  stays: number;
};

/**
 * A real change before each read, so the server cannot send the kept grid as it is (decision 021): one
 * room's housekeeping status flipped between dirty and clean, as a housekeeper does.
 */
function flipHousekeeping(client: Client, url: string, rooms: unknown[]): Before {
  const pid = /\/api\/properties\/([^/]+)\//.exec(url)?.[1];
  const room = rooms[0];
  // The compact form's rooms are rows whose first column is the id; the full form's are objects.
  const roomId = Array.isArray(room) ? room[0] : (room as { id?: unknown } | undefined)?.id;
  if (!pid || typeof roomId !== "string") throw new Error(`no room to change in ${url}`);
  return async (i) => {
    const hkStatus = i % 2 === 0 ? "dirty" : "clean";
    const { status } = await client.json("PATCH", `/api/properties/${pid}/rooms/${roomId}`, { hkStatus });
    if (status !== 200) throw new Error(`changing a room's housekeeping status answered ${status}`);
  };
}

/**
 * The availability grid at `url` (either form: both carry `rooms` and `stays` lists): `runs` runs of `count`
 * sequential requests between changes (the server sends the answer it keeps), with `afterChange` as many each
 * right after a change, the answer's size as JSON and on the wire, and how many rooms and stays it holds.
 */
export async function gridLatency(
  client: Client,
  url: string,
  runs: number,
  count: number,
  { afterChange = false } = {},
): Promise<GridFigures> {
  const sample = await client.json<{ rooms: unknown[]; stays: unknown[] }>("GET", url);
  if (sample.status !== 200) throw new Error(`${url} answered ${sample.status}`);
  const wire = await client.wireSize(url);
  const read = () => client.json("GET", url);
  return {
    afterChange: afterChange
      ? await latencyRuns(runs, count, read, flipHousekeeping(client, url, sample.body.rooms))
      : undefined,
    ...(await latencyRuns(runs, count, read)),
    kb: sample.bytes / 1024,
    wireKb: wire.bytes / 1024,
    encoding: wire.encoding,
    rooms: sample.body.rooms.length,
    stays: sample.body.stays.length,
  };
}

/** A stay's room and dates as the API takes them. */
export type Slot = { roomId: string; checkInDate: IsoDate; checkOutDate: IsoDate };

/** Takes free one-night slots (rooms no stay of the full data set holds) in order. */
export class Slots {
  next = 0;

  constructor(
    private readonly free: FreeSlot[],
    private readonly roomIds: string[],
  ) {}

  take(): Slot {
    const slot = this.peek();
    this.next++;
    return slot;
  }

  peek(): Slot {
    const slot = this.free[this.next];
    const roomId = slot && this.roomIds[slot.room];
    if (!slot || !roomId) throw new Error("out of free slots");
    return { roomId, checkInDate: slot.checkIn, checkOutDate: slot.checkOut };
  }
}

// One adult: the data set's smallest room types sleep one.
const body = (slot: Slot, i: number) => ({ guestName: `Bench ${i}`, adults: 1, children: 0, ...slot });
const reservationsPath = (pid: string) => `/api/properties/${pid}/reservations`;

/** One create on the next free slot (every one must answer 201). */
export const createOnSlot = (client: Client, pid: string, slots: Slots, i: number) =>
  client.json("POST", reservationsPath(pid), body(slots.take(), i));

/**
 * `count` requests, `concurrency` in flight at a time; `request(i)` must answer `expected`. Returns latency
 * percentiles (ms) and throughput.
 */
async function loadAt(
  { count, concurrency, expected }: { count: number; concurrency: number; expected: number },
  request: (i: number) => Promise<Answer>,
): Promise<{ p50: number; p99: number; perSecond: number }> {
  const samples: number[] = [];
  let issued = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (issued < count) {
      const i = issued++;
      const t = performance.now();
      const { status } = await request(i);
      samples.push(performance.now() - t);
      if (status !== expected) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  if (failures > 0) throw new Error(`${failures} of ${count} requests did not answer ${expected}`);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), perSecond: count / seconds };
}

function medianOfRuns(
  results: { p50: number; p99: number; perSecond: number }[],
  runs: number,
  count: number,
): Load {
  return {
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    perSecond: median(results.map((r) => r.perSecond)),
    runs,
    perRun: count,
  };
}

/** `count` creates, `concurrency` in flight at a time, each on a free slot (so each must answer 201). */
export function createLoad(
  client: Client,
  pid: string,
  slots: Slots,
  { count, concurrency }: { count: number; concurrency: number },
) {
  return loadAt({ count, concurrency, expected: 201 }, (i) => createOnSlot(client, pid, slots, i));
}

export async function createRuns(
  client: Client,
  pid: string,
  slots: Slots,
  { runs, count, concurrency }: { runs: number; count: number; concurrency: number },
): Promise<Load> {
  const results = [];
  for (let run = 0; run < runs; run++)
    results.push(await createLoad(client, pid, slots, { count, concurrency }));
  return medianOfRuns(results, runs, count);
}

/**
 * Edits and moves at 200k reservations, beside creates: `count` stays are booked on free slots first (not
 * timed); then each is edited (guest name and adults: no re-pricing) and moved (another free slot: a new
 * room, possibly of another type, and new dates, so it is re-priced and every check runs again).
 */
export async function editAndMoveRuns(
  client: Client,
  pid: string,
  slots: Slots,
  { runs, count, concurrency }: { runs: number; count: number; concurrency: number },
): Promise<{ edit: Load; move: Load }> {
  const edit = [];
  const move = [];
  for (let run = 0; run < runs; run++) {
    const ids: string[] = [];
    await loadAt({ count, concurrency, expected: 201 }, async (i) => {
      const answer = await client.json<Reservation>("POST", reservationsPath(pid), body(slots.take(), i));
      ids.push(answer.body.id);
      return answer;
    });
    const url = (i: number) => `${reservationsPath(pid)}/${ids[i]}`;
    edit.push(
      await loadAt({ count, concurrency, expected: 200 }, (i) =>
        client.json("PATCH", url(i), { guestName: `Edited ${i}`, adults: 1, children: 0 }),
      ),
    );
    move.push(
      await loadAt({ count, concurrency, expected: 200 }, (i) => {
        const { roomId, checkInDate, checkOutDate } = slots.take();
        return client.json("PATCH", url(i), { roomId, checkInDate, checkOutDate });
      }),
    );
  }
  return { edit: medianOfRuns(edit, runs, count), move: medianOfRuns(move, runs, count) };
}

const HOLDING = new Set<Reservation["status"]>(["booked", "checked_in"]);

/**
 * The original app's availability check: read every reservation of the property, then test overlap in
 * JavaScript (it ran in the browser against a hosted document store; here the full list comes over HTTP).
 */
export async function naiveCheck(client: Client, pid: string, slot: Slot) {
  const started = performance.now();
  const { status, body: all, bytes } = await client.json<Reservation[]>("GET", reservationsPath(pid));
  if (status !== 200) throw new Error(`list answered ${status}`);
  const clash = all.some(
    (r) =>
      r.roomId === slot.roomId &&
      HOLDING.has(r.status) &&
      r.checkInDate < slot.checkOutDate &&
      slot.checkInDate < r.checkOutDate,
  );
  return { ms: performance.now() - started, clash, rows: all.length, bytes };
}

/** Ours: one create through HTTP whose conflict check is the exclusion constraint. */
export async function oursCheck(client: Client, pid: string, slot: Slot): Promise<{ ms: number }> {
  const started = performance.now();
  const { status } = await client.json("POST", reservationsPath(pid), body(slot, 0));
  if (status !== 201) throw new Error(`create answered ${status}`);
  return { ms: performance.now() - started };
}

/** A create on a room and night already held must be refused with 409 by the constraint. */
export async function conflictCheck(client: Client, pid: string, slot: Slot): Promise<{ ms: number }> {
  const started = performance.now();
  const { status } = await client.json("POST", reservationsPath(pid), body(slot, 0));
  if (status !== 409) throw new Error(`a conflicting create answered ${status}, expected 409`);
  return { ms: performance.now() - started };
}

export async function growthPoint(
  client: Client,
  pid: string,
  slots: Slots,
  { reservations, naiveRuns, oursRuns }: { reservations: number; naiveRuns: number; oursRuns: number },
): Promise<GrowthPoint> {
  // Warm up first: the server has just been restarted after seeding.
  for (let i = 0; i < 30; i++) await oursCheck(client, pid, slots.take());
  const ours: number[] = [];
  const conflicts: number[] = [];
  let held = slots.peek();
  for (let i = 0; i < oursRuns; i++) {
    held = slots.take();
    ours.push((await oursCheck(client, pid, held)).ms);
    conflicts.push((await conflictCheck(client, pid, held)).ms);
  }
  const naive: number[] = [];
  let rows = 0;
  let bytes = 0;
  for (let i = 0; i < naiveRuns; i++) {
    // Asked about a slot ours just booked, the original check must find the clash too.
    const result = await naiveCheck(client, pid, held);
    if (!result.clash) throw new Error("the original availability check missed a clash");
    naive.push(result.ms);
    rows = result.rows;
    bytes = result.bytes;
  }
  return {
    reservations,
    rows,
    bytes,
    naiveMs: median(naive),
    naiveRuns,
    oursMs: median(ours),
    conflictMs: median(conflicts),
    oursRuns,
  };
}
