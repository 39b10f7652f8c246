/**
 * Concurrency on one server: 100 simultaneous bookings of one room, each a different stay but all holding
 * one night, leave exactly one reservation, on PGlite and on PostgreSQL (pool of 20 connections), because the
 * database's exclusion constraint decides; bookings of one room queue on a per-room lock first, so a rush on
 * one room resolves at once.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { queryRows } from "../db/rows.js";
import { countReservations, createRoom, createRoomType } from "../test/factories.js";
import { describeBackends } from "../test/harness.js";
import { ROOM_UNAVAILABLE } from "../test/reservation-api.js";

const CONCURRENT = 100;

describeBackends("concurrent bookings", (ctx) => {
  async function hotel(rooms = 1) {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const db = ctx().database.db;
    const type = await createRoomType(db, pid, { baseRate: 1000 });
    const roomIds: string[] = [];
    for (let i = 0; i < rooms; i++) roomIds.push((await createRoom(db, pid, { roomType: type })).id);
    const book = (body: Record<string, unknown>) =>
      ctx().request("POST", `/api/properties/${pid}/reservations`, { as: user, body });
    return { pid, db, roomIds, book };
  }

  it(`lets exactly one of ${CONCURRENT} different but overlapping stays through`, async () => {
    const { pid, db, roomIds, book } = await hotel();
    // Every stay holds the night of 2031-08-20, starting up to 9 days before and ending up to 9 after it.
    const bodies = Array.from({ length: CONCURRENT }, (_, i) => ({
      guestName: `Guest ${i}`,
      roomId: roomIds[0],
      checkInDate: `2031-08-${String(20 - (i % 10)).padStart(2, "0")}`,
      checkOutDate: `2031-08-${String(21 + Math.floor(i / 10)).padStart(2, "0")}`,
    }));
    const responses = await Promise.all(bodies.map(book));
    const created = responses.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual(ROOM_UNAVAILABLE);
    }
    expect(await countReservations(db, pid)).toBe(1);
  });

  it(`books one stay per room when ${CONCURRENT} requests race for ${CONCURRENT / 4} rooms`, async () => {
    const rooms = CONCURRENT / 4;
    const { pid, db, roomIds, book } = await hotel(rooms);
    const bodies = Array.from({ length: CONCURRENT }, (_, i) => ({
      roomId: roomIds[i % rooms],
      checkInDate: "2031-09-01",
      checkOutDate: "2031-09-03",
    }));
    const responses = await Promise.all(bodies.map(book));
    const created = responses.filter((r) => r.statusCode === 201).map((r) => r.json().roomId);
    expect(created.sort()).toEqual([...roomIds].sort());
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(CONCURRENT - rooms);
    expect(await countReservations(db, pid)).toBe(rooms);
  });

  it("queues writes that make a stay hold a room on that room's lock, and only those", async () => {
    const { pid, db, roomIds } = await hotel(1);
    const room = { id: roomIds[0] as string };
    // Advisory locks held by this transaction after each write (a transaction-scoped lock shows in pg_locks
    // until commit; on Citus the triggers take it on the worker, and citus_locks shows every node's locks
    // with the global id of the session they serve).
    const held =
      ctx().backend === "citus"
        ? sql`select count(*)::int as n from citus_locks
              where locktype = 'advisory' and classid = 1785 and global_pid = citus_backend_gpid()`
        : sql`select count(*)::int as n from pg_locks
              where locktype = 'advisory' and classid = 1785 and pid = pg_backend_pid()`;
    const locksAfter = (write: ReturnType<typeof sql>) =>
      db.transaction(async (tx) => {
        await tx.execute(write);
        const result = await tx.execute(held);
        return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
      });
    // A stay in a room has the room's type (checked under the same lock, migration 0011).
    const [typed] = await queryRows<{ room_type_id: string }>(
      db,
      sql`select room_type_id from rooms where property_id = ${pid} and id = ${room.id}`,
    );
    // Every stay has a guest profile (migration 0021): one for all of them, its id sent as a value (Citus
    // takes no subquery in an INSERT's VALUES).
    const [guest] = await queryRows<{ id: string }>(
      db,
      sql`insert into guests (property_id, name) values (${pid}, 'Lock guest') returning id`,
    );
    const insert = (roomId: string | null, status: string, day: string) =>
      sql`insert into reservations (property_id, code, guest_id, room_id, room_type_id, adults, children,
                                    check_in_date, check_out_date, nights, status, total, balance, nightly_rates)
          values (${pid}, ${`RES-L${day}${status.slice(0, 2)}`},
                  ${guest?.id}, ${roomId},
                  ${roomId ? (typed?.room_type_id ?? null) : null}, 2, 0, ${`2031-10-${day}`}::date,
                  ${`2031-10-${day}`}::date + 1, 1, ${status}, 0, 0, '{0}')`;
    expect(await locksAfter(insert(room.id, "booked", "01"))).toBe(1);
    expect(await locksAfter(insert(room.id, "checked_in", "02"))).toBe(1);
    expect(await locksAfter(insert(room.id, "cancelled", "03"))).toBe(0);
    expect(await locksAfter(insert(null, "booked", "04"))).toBe(0);
    expect(
      await locksAfter(
        sql`update reservations set status = 'cancelled' where property_id = ${pid} and code = 'RES-L01bo'`,
      ),
    ).toBe(0);
  });
});
