// HTTP figures against a running server: latency series, creates at a fixed concurrency, and the growth
// comparison between the spec's original availability check and ours.
import { median, percentile } from "./stats.js";

/** `count` sequential requests; returns latency percentiles (ms). */
export async function latency(count, request) {
  const samples = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const { status } = await request(i);
    samples.push(performance.now() - started);
    if (status !== 200 && status !== 201) throw new Error(`unexpected status ${status}`);
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), samples };
}

/** Several runs of `latency`; reports the median over runs of each run's p50 and p99. */
export async function latencyRuns(runs, count, request) {
  const results = [];
  for (let run = 0; run < runs; run++) results.push(await latency(count, request));
  return {
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    runs,
    perRun: count,
  };
}

/** Takes free one-night slots (rooms no stay of the full data set holds) in order. */
export class Slots {
  constructor(freeSlots, roomIds) {
    this.free = freeSlots;
    this.roomIds = roomIds;
    this.next = 0;
  }

  take() {
    const slot = this.peek();
    this.next++;
    return slot;
  }

  peek() {
    const slot = this.free[this.next];
    if (!slot) throw new Error("out of free slots");
    return { roomId: this.roomIds[slot.room], checkInDate: slot.checkIn, checkOutDate: slot.checkOut };
  }
}

// One adult: the data set's smallest room types sleep one.
const body = (slot, i) => ({ guestName: `Bench ${i}`, adults: 1, children: 0, ...slot });

/**
 * `count` requests, `concurrency` in flight at a time; `request(i)` must answer `expected`. Returns latency
 * percentiles (ms) and throughput.
 */
async function loadAt({ count, concurrency, expected }, request) {
  const samples = [];
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

function medianOfRuns(results, runs, count) {
  return {
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    perSecond: median(results.map((r) => r.perSecond)),
    runs,
    perRun: count,
  };
}

/** `count` creates, `concurrency` in flight at a time, each on a free slot (so each must answer 201). */
export function createLoad(client, pid, slots, { count, concurrency }) {
  return loadAt({ count, concurrency, expected: 201 }, (i) =>
    client.json("POST", `/api/properties/${pid}/reservations`, body(slots.take(), i)),
  );
}

export async function createRuns(client, pid, slots, { runs, count, concurrency }) {
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
export async function editAndMoveRuns(client, pid, slots, { runs, count, concurrency }) {
  const edit = [];
  const move = [];
  for (let run = 0; run < runs; run++) {
    const ids = [];
    await loadAt({ count, concurrency, expected: 201 }, async (i) => {
      const answer = await client.json("POST", `/api/properties/${pid}/reservations`, body(slots.take(), i));
      ids.push(answer.body.id);
      return answer;
    });
    const url = (i) => `/api/properties/${pid}/reservations/${ids[i]}`;
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

const HOLDING = new Set(["booked", "checked_in"]);

/**
 * The spec's original availability check: read every reservation of the property, then test overlap in
 * JavaScript (it ran in the browser against a hosted document store; here the full list comes over HTTP).
 */
export async function naiveCheck(client, pid, slot) {
  const started = performance.now();
  const { status, body: all, bytes } = await client.json("GET", `/api/properties/${pid}/reservations`);
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
export async function oursCheck(client, pid, slot) {
  const started = performance.now();
  const { status } = await client.json("POST", `/api/properties/${pid}/reservations`, body(slot, 0));
  if (status !== 201) throw new Error(`create answered ${status}`);
  return { ms: performance.now() - started };
}

/** A create on a room and night already held must be refused with 409 by the constraint. */
export async function conflictCheck(client, pid, slot) {
  const started = performance.now();
  const { status } = await client.json("POST", `/api/properties/${pid}/reservations`, body(slot, 0));
  if (status !== 409) throw new Error(`a conflicting create answered ${status}, expected 409`);
  return { ms: performance.now() - started };
}

export async function growthPoint(client, pid, slots, { reservations, naiveRuns, oursRuns }) {
  // Warm up first: the server has just been restarted after seeding.
  for (let i = 0; i < 30; i++) await oursCheck(client, pid, slots.take());
  const ours = [];
  const conflicts = [];
  let held;
  for (let i = 0; i < oursRuns; i++) {
    held = slots.take();
    ours.push((await oursCheck(client, pid, held)).ms);
    conflicts.push((await conflictCheck(client, pid, held)).ms);
  }
  const naive = [];
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
