// The day close of the largest hotel under the front desk's load (`npm run bench -- --day-close`): each round
// closes the next day through the API while creates run `concurrency` at a time, and beside it (the order
// alternating round by round) lets the same creates run as long without a close. A create counts for a window
// when it was in flight at any time in it, so one held up by the close counts even if it started before.
// Before each round housekeeping cleans the occupied rooms through the API (untimed), as on a real day, so
// every close turns them all dirty again.
import { setTimeout as sleep } from "node:timers/promises";
import type { IsoDate } from "../../src/domain/dates.js";
import type { DayReport } from "../../src/domain/schemas/day-closes.js";
import type { Client } from "./http.js";
import { createOnSlot, type Slots } from "./measure.js";
import { percentile } from "./stats.js";

type Span = { start: number; end: number };

export type CloseRound = {
  date: IsoDate;
  closeMs: number;
  noShows: number;
  arrivals: number;
  inHouse: number;
  /** Creates in flight during the close, and during its window without one. */
  createsDuring: number;
  createsWithout: number;
  p99During: number;
  p99Without: number;
};

export type Creates = { count: number; p50: number; p99: number; max: number };

export type DayCloseFigures = {
  rounds: CloseRound[];
  closeMs: { median: number; max: number };
  during: Creates;
  without: Creates;
  concurrency: number;
};

/** Creates `concurrency` at a time on free slots until stopped, keeping when each was in flight. */
class CreateStream {
  readonly spans: Span[] = [];
  private running = true;
  private readonly workers: Promise<void>[];

  constructor(client: Client, pid: string, slots: Slots, concurrency: number, counter: { next: number }) {
    const worker = async () => {
      while (this.running) {
        const start = performance.now();
        const { status, body } = await createOnSlot(client, pid, slots, counter.next++);
        if (status !== 201) throw new Error(`a create answered ${status}: ${JSON.stringify(body)}`);
        this.spans.push({ start, end: performance.now() });
      }
    };
    this.workers = Array.from({ length: concurrency }, worker);
  }

  async stop(): Promise<Span[]> {
    this.running = false;
    await Promise.all(this.workers);
    return this.spans;
  }
}

const inFlight = (spans: Span[], from: number, to: number) =>
  spans.filter((s) => s.start < to && s.end > from).map((s) => s.end - s.start);

const creates = (samples: number[]): Creates => ({
  count: samples.length,
  p50: percentile(samples, 50),
  p99: percentile(samples, 99),
  max: Math.max(...samples),
});

/** Lets creates settle in before a window starts (connections open, the server's caches warm). */
const SETTLE_MS = 300;
/** A window without a close lasts as long as the last close did, and at least this. */
const MIN_WINDOW_MS = 1000;

/** Housekeeping's day: every occupied room set clean, `concurrency` requests at a time. */
async function cleanRooms(client: Client, pid: string, roomIds: string[], concurrency: number) {
  let next = 0;
  const worker = async () => {
    while (next < roomIds.length) {
      const id = roomIds[next++];
      const { status } = await client.json("PATCH", `/api/properties/${pid}/rooms/${id}`, {
        hkStatus: "clean",
      });
      if (status !== 200) throw new Error(`cleaning room ${id} answered ${status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export async function measureCloses(
  client: Client,
  pid: string,
  slots: Slots,
  { days, occupiedRoomIds }: { days: IsoDate[]; occupiedRoomIds: string[] },
  concurrency: number,
  log: (message: string) => void,
): Promise<DayCloseFigures> {
  const counter = { next: 0 };
  const rounds: CloseRound[] = [];
  const during: number[] = [];
  const without: number[] = [];
  let windowMs = MIN_WINDOW_MS;
  const plain = async () => {
    const stream = new CreateStream(client, pid, slots, concurrency, counter);
    await sleep(SETTLE_MS);
    const from = performance.now();
    await sleep(windowMs);
    const to = performance.now();
    return inFlight(await stream.stop(), from, to);
  };
  const closing = async (date: IsoDate) => {
    const stream = new CreateStream(client, pid, slots, concurrency, counter);
    await sleep(SETTLE_MS);
    const from = performance.now();
    const { status, body } = await client.json<DayReport>("POST", `/api/properties/${pid}/day-closes`, {
      date,
    });
    const to = performance.now();
    const spans = await stream.stop();
    if (status !== 201) throw new Error(`closing ${date} answered ${status}: ${JSON.stringify(body)}`);
    return { report: body, ms: to - from, samples: inFlight(spans, from, to) };
  };
  for (const [i, date] of days.entries()) {
    await cleanRooms(client, pid, occupiedRoomIds, concurrency);
    const closeFirst = i % 2 === 1;
    const first = closeFirst ? await closing(date) : await plain();
    const second = closeFirst ? await plain() : await closing(date);
    const closed = (closeFirst ? first : second) as Awaited<ReturnType<typeof closing>>;
    const alone = (closeFirst ? second : first) as number[];
    windowMs = Math.max(MIN_WINDOW_MS, closed.ms);
    during.push(...closed.samples);
    without.push(...alone);
    rounds.push({
      date,
      closeMs: closed.ms,
      noShows: closed.report.noShows,
      arrivals: closed.report.arrivals,
      inHouse: closed.report.inHouse,
      createsDuring: closed.samples.length,
      createsWithout: alone.length,
      p99During: percentile(closed.samples, 99),
      p99Without: percentile(alone, 99),
    });
    log(
      `closed ${date} in ${closed.ms.toFixed(0)} ms (${closed.report.noShows} no-shows); creates p99 ${percentile(closed.samples, 99).toFixed(1)} ms during, ${percentile(alone, 99).toFixed(1)} ms without`,
    );
  }
  const closeTimes = rounds.map((r) => r.closeMs);
  return {
    rounds,
    closeMs: { median: percentile(closeTimes, 50), max: Math.max(...closeTimes) },
    during: creates(during),
    without: creates(without),
    concurrency,
  };
}
