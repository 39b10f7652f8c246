// Creates on a history written through the API, against the database's own speed (issue 16, goal 2).
//
// Per backend, in a database of its own (a fresh PGlite directory, or a PostgreSQL database beside the
// bench's): a property of 1,000 rooms in 20 types and no stays, seeded in SQL like the others; then, with
// the built server as its child process, one-night stays created through the real create route, 16 in
// flight (room k % 1,000, night k / 1,000 from tomorrow), so the history is what a hotel that books
// through the API has: whatever dead rows, statistics and maintenance (PGlite's own, PostgreSQL's
// autovacuum) that leaves. Then 16 clients create for a fixed time: creates/s, p50, p99.
//
// The floor, in the same run on the same data: the create route's reservation INSERT (its exclusion
// constraints, the per-room lock, the room-nights rollup and inventory check, the balance, the guest copy and
// the event triggers all run) for a returning guest (one profile made before the floor: no profile write) in a loop straight into the database, no HTTP: 16 at once on a pool of 16 connections
// on PostgreSQL; one after the other on PGlite, which has one connection. Beside it, the route's whole
// write below HTTP (the stay's terms, then the stay and its activity entry in one function call:
// `createReservation`, imported from the server), which tells HTTP's share from the other statements'.
//
// PGlite's data directory is locked by the running server, so the floors run after the server is stopped,
// in the bench's process on the same directory (openPglite, as the server opens it). Not on a copy: a copy
// would be the same files with a cold cache, and copying costs time the run does not have; the server has
// nothing left to do on this database, so it is not restarted. PostgreSQL's server is stopped too, so both
// floors run on an otherwise idle machine.
import { randomInt } from "node:crypto";
import { addDays, type IsoDate } from "../../src/domain/dates.js";
import { generateReservationCode } from "../../src/domain/stays.js";
import { type Database, openPostgres } from "../../src/server/db/connect.js";
import { guests, reservations } from "../../src/server/db/schema.js";
import { createReservation, type StayCreate } from "../../src/server/modules/reservations/create.js";
import { type Backend, execOf, pgliteBackend, postgresBackend } from "./backends.js";
import { generateProperty } from "./dataset.js";
import type { Client } from "./http.js";
import { createLoad, type Slot, Slots } from "./measure.js";
import { seedProperty } from "./seed.js";
import { Server } from "./server.js";
import { percentile } from "./stats.js";

const OWNER = { email: "history@bench.innkeep.test", name: "History Owner" };
export const HISTORY_CONCURRENCY = 16;
const ROOMS = 1000;

/**
 * Stays built through the API (the outside harness of issue 16 built 10,000 over 1,000 rooms), then ms of
 * creates at c16 and of each floor: about 45 s on PostgreSQL and 60 s on PGlite on a quiet machine.
 */
const FULL = { stays: 10_000, apiMs: 8_000, floorMs: 4_000, routeMs: 2_000 };
const QUICK = { stays: 500, apiMs: 2_000, floorMs: 1_000, routeMs: 1_000 };

/** Operations run for a fixed time, `concurrency` at once. */
export type Timed = {
  count: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  concurrency: number;
};

export type HistoryFigures = {
  rooms: number;
  /** Stays created through the API before the timed creates, and the build's own figures (c16). */
  built: number;
  build: { perSecond: number; p50: number; p99: number };
  /** Creates through HTTP for a fixed time on that history. */
  api: Timed;
  /** The route's reservation INSERT alone, straight into the database. */
  floor: Timed;
  /** The route's write below HTTP (terms, then the insert with its activity entry), straight into the database. */
  route: Timed;
  /** Stays in the property at the end (API-built, timed creates and both floors). */
  stays: number;
  /** Smaller sizes: a quick run, or a run behind its time budget. */
  reduced: boolean;
};

/** The history's own database: a sibling of the backend's (port + 4: 3304 PGlite, 3305 PostgreSQL). */
export function historyBackend(backend: Backend): Backend {
  const port = backend.port + 4;
  if (backend.spec.kind === "pglite") return pgliteBackend(port, `innkeep-bench-history-${port}`);
  const url = new URL(backend.spec.url);
  url.pathname = `${url.pathname}_history`;
  return postgresBackend(port, url.href);
}

/** One-night stays on every room in turn, a night at a time from `first`: never two on one room-night. */
class NightByNight extends Slots {
  constructor(
    private readonly rooms: string[],
    private readonly first: IsoDate,
  ) {
    super([], rooms);
  }

  override peek(): Slot {
    const roomId = this.rooms[this.next % this.rooms.length] as string;
    const checkInDate = addDays(this.first, Math.floor(this.next / this.rooms.length));
    return { roomId, checkInDate, checkOutDate: addDays(checkInDate, 1) };
  }
}

/** `op` run by `concurrency` workers until `ms` have passed (the ones in flight then finish and count). */
export async function forDuration(ms: number, concurrency: number, op: () => Promise<void>): Promise<Timed> {
  const samples: number[] = [];
  const started = performance.now();
  const end = started + ms;
  const worker = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      await op();
      samples.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    count: samples.length,
    seconds,
    perSecond: samples.length / seconds,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    concurrency,
  };
}

type Room = { typeId: string; rate: number };

/**
 * The reservation INSERT of `createReservation` (src/server/modules/reservations/service.ts), for the floor.
 * The server builds it inline after reading the stay's terms, so it cannot be imported without that read;
 * this is its one copy in the bench, written with the same Drizzle builder on the server's schema, so the
 * statement sent is the route's: the same columns, `on conflict (property_id, code) do nothing returning *`.
 * The terms are known here (the room's type; its base rate: a price does not change the insert's cost).
 * The stay is a returning guest's (`guestId`, the profile left as it is); the database copies the guest's
 * name, phone and email onto it. Like the route, a code that is taken (no row back) draws another.
 */
async function insertReservation(
  database: Database,
  {
    pid,
    userId,
    room,
    slot,
    guestId,
  }: { pid: string; userId: string; room: Room; slot: Slot; guestId: string },
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await database.db
      .insert(reservations)
      .values({
        propertyId: pid,
        code: generateReservationCode(randomInt),
        guestId,
        roomTypeId: room.typeId,
        roomId: slot.roomId,
        adults: 1,
        children: 0,
        checkInDate: slot.checkInDate,
        checkOutDate: slot.checkOutDate,
        nights: 1,
        status: "booked",
        nightlyRates: [room.rate.toFixed(2)],
        total: room.rate.toFixed(2),
        balance: room.rate.toFixed(2),
        createdBy: userId,
      })
      .onConflictDoNothing({ target: [reservations.propertyId, reservations.code] })
      .returning();
    if (row) return;
  }
  throw new Error("floor: no free reservation code in 5 attempts");
}

/**
 * What the route runs below HTTP: `createReservation`, the route's own write with its activity entry; a new
 * guest's, so the profile is written too, as the API's creates here are.
 */
async function routeTransaction(
  database: Database,
  { pid, userId, slot, guestName }: { pid: string; userId: string; slot: Slot; guestName: string },
): Promise<void> {
  const input: StayCreate = {
    guestName,
    guestPhone: "",
    guestEmail: "",
    roomId: slot.roomId,
    roomTypeId: null,
    adults: 1,
    children: 0,
    checkInDate: slot.checkInDate,
    checkOutDate: slot.checkOutDate,
  };
  await createReservation(database.db, pid, { id: userId, name: OWNER.name }, input, new Date());
}

/**
 * The stage, on `historyBackend(backend)`. `signIn` is the suite's (the development provider over HTTP);
 * `reduced` takes the quick sizes (a quick run, or a full run behind its budget).
 */
export async function apiHistory({
  backend: main,
  today,
  reduced,
  signIn,
  log,
}: {
  backend: Backend;
  today: IsoDate;
  reduced: boolean;
  signIn: (server: Server, owner: { email: string; name: string }, pid: string) => Promise<Client>;
  log: (message: string) => void;
}): Promise<HistoryFigures> {
  const sizes = reduced ? QUICK : FULL;
  const backend = historyBackend(main);
  const server = new Server({
    port: backend.port,
    env: { ...backend.env, AUTH_RATE_LIMIT_PER_MINUTE: "1000" },
  });
  await server.assertPortFree();
  const issuer = `http://127.0.0.1:${backend.port}/dev-idp`;
  const data = generateProperty({ rooms: ROOMS, reservations: 0, today, seed: 3 });
  let database = await backend.open(true);
  const ids = await seedProperty(execOf(database), { issuer, ...OWNER, data });
  await database.close();
  const rooms = new Map<string, Room>(
    data.rooms.map((room, i) => [
      ids.roomIds[i] as string,
      { typeId: ids.typeIds[room.type] as string, rate: data.roomTypes[room.type]?.baseRate ?? 0 },
    ]),
  );
  const slots = new NightByNight(ids.roomIds, addDays(today, 1));
  let running = false; // a second stop() after SIGTERM would wait for an exit that has happened
  try {
    await server.start();
    running = true;
    const client = await signIn(server, OWNER, ids.pid);
    log(`${backend.name}: building ${sizes.stays} one-night stays through the API (c16)`);
    const build = await createLoad(client, ids.pid, slots, {
      count: sizes.stays,
      concurrency: HISTORY_CONCURRENCY,
    });
    const built = slots.next;
    log(`${backend.name}: creates (c16) for ${sizes.apiMs / 1000} s on the API-built history`);
    const url = `/api/properties/${ids.pid}/reservations`;
    const api = await forDuration(sizes.apiMs, HISTORY_CONCURRENCY, async () => {
      const i = slots.next;
      const answer = await client.json("POST", url, {
        guestName: `History ${i}`,
        adults: 1,
        ...slots.take(),
      });
      if (answer.status !== 201)
        throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    });
    await server.stop();
    running = false;

    // PostgreSQL: a pool of 16, one connection per worker; PGlite: its one connection, one insert at a time.
    const concurrency = backend.spec.kind === "postgres" ? HISTORY_CONCURRENCY : 1;
    database =
      backend.spec.kind === "postgres"
        ? await openPostgres(backend.spec.url, { poolSize: HISTORY_CONCURRENCY })
        : await backend.open(false);
    try {
      const db = database;
      const [floorGuest] = await db.db
        .insert(guests)
        .values({ propertyId: ids.pid, name: "Floor guest" })
        .returning({ id: guests.id });
      if (!floorGuest) throw new Error("floor: no guest profile");
      const stay = () => {
        const i = slots.next;
        const slot = slots.take();
        return {
          pid: ids.pid,
          userId: ids.userId,
          slot,
          room: rooms.get(slot.roomId) as Room,
          guestId: floorGuest.id,
          guestName: `Floor ${i}`,
        };
      };
      log(`${backend.name}: raw INSERT floor (${concurrency} at once) for ${sizes.floorMs / 1000} s`);
      await forDuration(300, concurrency, () => insertReservation(db, stay())); // connections, plans
      const floor = await forDuration(sizes.floorMs, concurrency, () => insertReservation(db, stay()));
      log(`${backend.name}: the route's write without HTTP for ${sizes.routeMs / 1000} s`);
      await forDuration(300, concurrency, () => routeTransaction(db, stay()));
      const route = await forDuration(sizes.routeMs, concurrency, () => routeTransaction(db, stay()));
      return { rooms: ROOMS, built, build, api, floor, route, stays: slots.next, reduced };
    } finally {
      await database.close();
    }
  } finally {
    if (running) await server.stop();
    if (process.env.BENCH_KEEP !== "1") await backend.cleanup();
  }
}
