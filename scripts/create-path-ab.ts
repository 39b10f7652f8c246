/**
 * A/B of the reservation create path (issue 16, goal 7), side by side in one run, alternating:
 *
 * - insert: `on-conflict` (the server's `createReservation`: INSERT … ON CONFLICT (property_id, code)
 *   DO NOTHING, another code when no row came back), `plain` (INSERT; a taken code (23505) aborts the
 *   transaction, so the whole transaction runs again with another code), `savepoint` (INSERT in a
 *   savepoint of its own, retried in the same transaction);
 * - lock: `lock` (the per-room advisory lock of migration 0005 in `innkeep_lock_room`, as migrated) or
 *   `no-lock` (the same trigger function without the lock; its checks stay);
 * - scenario: `same-room` (`--rush` creates at once for one room: one wins, the rest must get 409 at once)
 *   and `rooms` (`--concurrency` in flight, every create on a room-night nobody holds).
 *
 * Each create runs what the route runs below HTTP: the stay's terms, the insert and its activity entry in
 * one transaction (`withActivity`). PGlite in a temporary directory; PostgreSQL in a database of its own
 * (`AB_DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/innkeep_create_ab, dropped and re-created)
 * with the server's pool of 10 (`--pool`).
 *
 * An answer other than 201/409 is counted by its SQLSTATE (a deadlock victim: `500 40P01`).
 *
 *   npx tsx scripts/create-path-ab.ts [--reps 4] [--backends pglite,postgres] [--batches 8] [--creates 160]
 *                                     [--rush 16] [--pool 10] [--stays night|varied]
 *                                     [--inserts plain,on-conflict,savepoint] [--locks lock,no-lock]
 */
import { randomInt, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { addDays } from "../src/domain/dates.js";
import { generateReservationCode } from "../src/domain/stays.js";
import { upsertUser } from "../src/server/auth/sessions.js";
import { type Database, openPglite, openPostgres } from "../src/server/db/connect.js";
import { reservations } from "../src/server/db/schema.js";
import { toAppError } from "../src/server/http/errors.js";
import { withActivity } from "../src/server/modules/activity/record.js";
import { getOrCreateFirstProperty } from "../src/server/modules/properties/service.js";
import {
  constraintError,
  createReservation,
  newStay,
  pgConstraint,
  type ReservationData,
} from "../src/server/modules/reservations/service.js";
import { loadStayTerms } from "../src/server/modules/reservations/stay-terms.js";
import { createRooms, createRoomType } from "../src/server/test/factories.js";

const { values: args } = parseArgs({
  options: {
    reps: { type: "string", default: "4" },
    backends: { type: "string", default: "pglite,postgres" },
    batches: { type: "string", default: "8" }, // same-room batches of 16 per cell and rep
    creates: { type: "string", default: "160" }, // different-room creates per cell and rep
    concurrency: { type: "string", default: "16" },
    rush: { type: "string", default: "16" }, // requests at once for the same room
    pool: { type: "string", default: "10" }, // PostgreSQL connections (the server's default)
    // "night": the rush all book one night; "varied": different stays that all hold one night (up to 10
    // nights before and after it), as in the concurrency suite.
    stays: { type: "string", default: "night" },
    inserts: { type: "string", default: "plain,on-conflict,savepoint" },
    locks: { type: "string", default: "lock,no-lock" },
  },
});
const REPS = Number(args.reps);
const BATCHES = Number(args.batches);
const CREATES = Number(args.creates);
const CONCURRENCY = Number(args.concurrency);
const RUSH = Number(args.rush);
const POOL = Number(args.pool);
const ROOMS = 200;
const TYPES = 10;

type Insert = "plain" | "on-conflict" | "savepoint";
type Lock = "lock" | "no-lock";
const INSERTS = (args.inserts as string).split(",") as Insert[];
const LOCKS = (args.locks as string).split(",") as Lock[];
const ALL_CHECKS = { notBeforeToday: true, capacity: true, restrictions: true } as const;
const CODE_KEY = "reservations_property_id_code_key";

type Hotel = { db: Database["db"]; pid: string; userId: string; roomIds: string[] };
type Outcome = { ms: number; status: string };

const describe = (result: { row: { id: string } }) => ({
  action: "reservation.created",
  entityType: "reservation",
  entityId: result.row.id,
});

class CodeTaken extends Error {}

/** One create: the route's own (decision 032), or the plain insert in a transaction with its entry. */
async function create(hotel: Hotel, insert: Insert, input: ReservationData): Promise<unknown> {
  const { db, pid, userId } = hotel;
  const actor = { id: userId, name: "A/B" };
  if (insert === "on-conflict") return createReservation(db, pid, actor, input, new Date());
  // plain: a taken code aborts the transaction, so the whole transaction runs again with a new code.
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = generateReservationCode(randomInt);
    try {
      return await withActivity(
        db,
        pid,
        actor,
        async (tx) => {
          const terms = await loadStayTerms(tx, pid, input, new Date(), ALL_CHECKS);
          const write = (w: typeof tx) =>
            w.insert(reservations).values(newStay(randomUUID(), pid, code, actor, input, terms));
          try {
            // savepoint: the insert in a savepoint of its own, retried in the same transaction.
            const [row] =
              insert === "plain"
                ? await write(tx).returning()
                : await tx.transaction((sp) => write(sp).returning());
            if (!row) throw new Error("no row");
            return { row, roomNumber: terms.roomNumber };
          } catch (error) {
            if (pgConstraint(error) === CODE_KEY) throw new CodeTaken();
            throw constraintError(error) ?? error;
          }
        },
        describe,
      );
    } catch (error) {
      if (!(error instanceof CodeTaken)) throw error;
    }
  }
  throw new Error("no free code");
}

async function timed(run: () => Promise<unknown>): Promise<Outcome> {
  const start = performance.now();
  let status = "201";
  try {
    await run();
  } catch (error) {
    const known = toAppError(error);
    status = known
      ? String(known.status)
      : `500 ${(error as { cause?: { code?: string } }).cause?.code ?? error}`;
  }
  return { ms: performance.now() - start, status };
}

const stay = (roomId: string, night: string): ReservationData => ({
  guestName: "A/B",
  guestPhone: "",
  guestEmail: "",
  roomId,
  roomTypeId: null,
  adults: 1,
  children: 0,
  checkInDate: night,
  checkOutDate: addDays(night, 1),
});

let nightCursor = 10;
/** A night no earlier create used (years ahead, one per batch or per pass over the rooms). */
const freshNight = () => addDays("2031-01-01", nightCursor++);

/** 16 at once for one room and night, `BATCHES` times: outcomes and the time until the last answer. */
async function sameRoom(hotel: Hotel, insert: Insert) {
  const outcomes: Outcome[] = [];
  const lastAnswer: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const night = freshNight();
    nightCursor += 20; // room for the varied stays around the night
    const room = hotel.roomIds[b % hotel.roomIds.length] as string;
    const rush = (i: number): ReservationData =>
      args.stays === "varied"
        ? { ...stay(room, addDays(night, -(i % 10))), checkOutDate: addDays(night, 1 + Math.floor(i / 10)) }
        : stay(room, night);
    const start = performance.now();
    const batch = await Promise.all(
      Array.from({ length: RUSH }, (_, i) => timed(() => create(hotel, insert, rush(i)))),
    );
    lastAnswer.push(performance.now() - start);
    outcomes.push(...batch);
  }
  return { outcomes, lastAnswer };
}

/** `CREATES` creates, `CONCURRENCY` in flight, each on a room-night nobody holds. */
async function differentRooms(hotel: Hotel, insert: Insert) {
  const outcomes: Outcome[] = [];
  let next = 0;
  let night = freshNight();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < CREATES) {
        const k = next++;
        if (k > 0 && k % ROOMS === 0) night = freshNight();
        const room = hotel.roomIds[k % ROOMS] as string;
        outcomes.push(await timed(() => create(hotel, insert, stay(room, night))));
      }
    }),
  );
  return { outcomes, seconds: (performance.now() - start) / 1000 };
}

async function setLock(db: Hotel["db"], lock: Lock, original: string) {
  const definition =
    lock === "lock" ? original : original.replace(/PERFORM innkeep_lock_room_id\(NEW\.room_id\);/, "");
  if (lock === "no-lock" && definition === original) throw new Error("lock call not found");
  await db.execute(sql.raw(definition));
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function openBackend(kind: string): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-ab-"));
    const database = await openPglite(dir);
    return {
      database,
      cleanup: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.AB_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/innkeep_create_ab";
  const admin = new pg.Client({ connectionString: new URL("/postgres", url).toString() });
  const name = new URL(url).pathname.slice(1);
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const database = await openPostgres(url, { poolSize: POOL });
  return { database, cleanup: () => database.close() };
}

async function seed(database: Database): Promise<Hotel> {
  const db = database.db;
  const userId = await upsertUser(db, {
    issuer: "https://ab.test",
    subject: "ab",
    email: "ab@example.com",
    emailVerified: true,
    displayName: "A/B",
  });
  const { property } = await getOrCreateFirstProperty(db, { id: userId, name: "A/B" });
  const roomIds: string[] = [];
  for (let t = 0; t < TYPES; t++) {
    const type = await createRoomType(db, property.id, { baseRate: 100 + t, capacity: 2 });
    const numbers = Array.from({ length: ROOMS / TYPES }, (_, i) => String(100 * (t + 1) + i));
    for (const room of await createRooms(db, property.id, numbers, type)) roomIds.push(room.id);
  }
  // Interleave types, so 16 consecutive rooms are of several types.
  const byIndex = roomIds.map((id, i) => ({
    id,
    key: (i % (ROOMS / TYPES)) * TYPES + Math.floor(i / (ROOMS / TYPES)),
  }));
  return { db, pid: property.id, userId, roomIds: byIndex.sort((a, b) => a.key - b.key).map((r) => r.id) };
}

type Cell = { same: Outcome[]; lastAnswer: number[]; rooms: Outcome[]; seconds: number; perRep: number[] };

async function main() {
  for (const kind of (args.backends as string).split(",")) {
    const { database, cleanup } = await openBackend(kind);
    try {
      const hotel = await seed(database);
      const result = await hotel.db.execute(
        sql`select pg_get_functiondef('innkeep_lock_room()'::regprocedure) as def`,
      );
      const original = (result as unknown as { rows: { def: string }[] }).rows[0]?.def as string;
      const cells = new Map<string, Cell>();
      // Warm-up (plans, caches), not measured.
      await setLock(hotel.db, "lock", original);
      for (const insert of INSERTS) await differentRooms(hotel, insert);
      for (let rep = 0; rep < REPS; rep++) {
        // Rotate the order each rep, so no cell always runs first or last.
        const order = INSERTS.flatMap((insert) => LOCKS.map((lock) => ({ insert, lock })));
        const rotated = [...order.slice(rep % order.length), ...order.slice(0, rep % order.length)];
        for (const { insert, lock } of rotated) {
          await setLock(hotel.db, lock, original);
          const same = await sameRoom(hotel, insert);
          const rooms = await differentRooms(hotel, insert);
          const key = `${insert} ${lock}`;
          const cell = cells.get(key) ?? { same: [], lastAnswer: [], rooms: [], seconds: 0, perRep: [] };
          cell.perRep.push(rooms.outcomes.length / rooms.seconds);
          cell.same.push(...same.outcomes);
          cell.lastAnswer.push(...same.lastAnswer);
          cell.rooms.push(...rooms.outcomes);
          cell.seconds += rooms.seconds;
          cells.set(key, cell);
        }
        process.stderr.write(`${kind}: rep ${rep + 1}/${REPS}\n`);
      }
      await setLock(hotel.db, "lock", original);
      report(kind, cells);
    } finally {
      await cleanup();
    }
  }
}

function statuses(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o.status, (counts.get(o.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n}×${status}`).join(", ");
}

function report(kind: string, cells: Map<string, Cell>) {
  const f = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
  console.log(
    `\n## ${kind} (${RUSH} at once for one room; ${CONCURRENCY} in flight on other rooms; ${REPS} reps alternating)\n`,
  );
  console.log(
    `| insert, lock | same room: answers | same room p50 / p99 ms | last answer of ${RUSH}: median / max ms | other rooms: creates/s | other rooms p50 / p99 ms | other rooms: answers |`,
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const [key, cell] of cells) {
    const same = cell.same.map((o) => o.ms).sort((a, b) => a - b);
    const last = [...cell.lastAnswer].sort((a, b) => a - b);
    const rooms = cell.rooms.map((o) => o.ms).sort((a, b) => a - b);
    console.log(
      `| ${key} | ${statuses(cell.same)} | ${f(percentile(same, 50))} / ${f(percentile(same, 99))} | ${f(percentile(last, 50))} / ${f(last[last.length - 1] ?? Number.NaN)} | ${f(cell.rooms.length / cell.seconds)} | ${f(percentile(rooms, 50))} / ${f(percentile(rooms, 99))} | ${statuses(cell.rooms)} |`,
    );
  }
  // Paired by rep (the cells of one rep ran within seconds of each other): each cell's creates/s over the
  // first cell's, median over reps.
  const [first, ...others] = [...cells];
  if (!first) return;
  for (const [key, cell] of others) {
    const ratios = cell.perRep.map((x, i) => x / (first[1].perRep[i] ?? Number.NaN)).sort((a, b) => a - b);
    console.log(
      `\n${key} ÷ ${first[0]}, other rooms creates/s, per rep: median ${percentile(ratios, 50).toFixed(3)} (${ratios.map((r) => r.toFixed(2)).join(" ")})`,
    );
  }
}

await main();
