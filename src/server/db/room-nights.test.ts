/**
 * The `room_nights` rollup must always equal what it summarises: for every (night, room type), the stays
 * sold that night, the stays holding inventory and what the night was sold for. These tests drive the
 * reservations table through every kind of write and compare the rollup with a recount from the stays.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { addDays, type IsoDate } from "../../domain/dates.js";
import { createReservation, createRoom, createRooms, createRoomType } from "../test/factories.js";
import { describeBackends } from "../test/harness.js";
import type { Db } from "./connect.js";

type NightRow = { night: string; roomTypeId: string | null; sold: number; held: number; revenue: string };

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<string[]> {
  const result = await db.execute<NightRow>(query);
  return (result as unknown as { rows: NightRow[] }).rows.map(
    (row) =>
      `${String(row.night).slice(0, 10)} ${row.roomTypeId ?? "none"} sold ${Number(row.sold)} held ${Number(row.held)} ${Number(row.revenue)}`,
  );
}

function rollup(db: Db, propertyId: string) {
  return rows(
    db,
    sql`select night::text as "night", room_type_id as "roomTypeId", sold, held, revenue::text as "revenue"
        from room_nights
        where property_id = ${propertyId} and (sold > 0 or held > 0) order by 1, 2`,
  );
}

/** The same figures from the stays themselves: SOLD_STATUSES sell, ROOM_HOLDING_STATUSES hold. */
function recount(db: Db, propertyId: string) {
  return rows(
    db,
    sql`select (r.check_in_date + (n.i::int - 1))::text as "night", r.room_type_id as "roomTypeId",
               count(*) filter (where r.status in ('booked', 'checked_in', 'checked_out'))::int as "sold",
               count(*) filter (where r.status in ('booked', 'checked_in'))::int as "held",
               coalesce(sum(n.rate) filter (where r.status in ('booked', 'checked_in', 'checked_out')), 0)::text
                 as "revenue"
        from reservations r
        cross join lateral unnest(r.nightly_rates) with ordinality as n(rate, i)
        where r.property_id = ${propertyId} and r.status in ('booked', 'checked_in', 'checked_out')
        group by 1, 2 order by 1, 2`,
  );
}

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describeBackends("room_nights rollup", (ctx) => {
  async function property() {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    return { user, pid, db: ctx().database.db };
  }

  it("follows inserts, status changes, moved dates, changed room types and deletes", async () => {
    const { pid, db } = await property();
    const standard = await createRoomType(db, pid, { name: "Standard" });
    const deluxe = await createRoomType(db, pid, { name: "Deluxe" });
    // Rooms enough that no random write is refused for inventory (that rule has its own tests).
    await createRooms(
      db,
      pid,
      Array.from({ length: 150 }, (_, i) => `S${i}`),
      standard,
    );
    await createRooms(
      db,
      pid,
      Array.from({ length: 150 }, (_, i) => `D${i}`),
      deluxe,
    );
    const types = [standard.id, deluxe.id, null];
    const next = random(42);
    const price = random(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const statuses = ["booked", "checked_in", "checked_out", "cancelled", "no_show"] as const;
    const base: IsoDate = "2030-03-01";
    const ids: string[] = [];
    for (let step = 0; step < 120; step++) {
      const action = ids.length < 5 ? 0 : Math.floor(next() * 5);
      const checkIn = addDays(base, Math.floor(next() * 20));
      const checkOut = addDays(checkIn, 1 + Math.floor(next() * 6));
      const id = pick(ids);
      // Unassigned stays (no room), so the exclusion constraint never gets in the way of a random write.
      if (action === 0) {
        const stay = await createReservation(db, pid, {
          checkInDate: checkIn,
          checkOutDate: checkOut,
          roomTypeId: pick(types),
          status: pick(statuses),
          total: Math.floor(price() * 100_000) / 100,
        });
        ids.push(stay.id);
      } else if (action === 1) {
        await db.execute(sql`update reservations set status = ${pick(statuses)} where id = ${id}`);
      } else if (action === 2) {
        // Moved and re-priced: each night now sold for 100.25.
        await db.execute(
          sql`update reservations set check_in_date = ${checkIn}, check_out_date = ${checkOut},
                nights = ${checkOut}::date - ${checkIn}::date,
                nightly_rates = array_fill(100.25::numeric, array[${checkOut}::date - ${checkIn}::date]),
                total = 100.25 * (${checkOut}::date - ${checkIn}::date)
              where id = ${id}`,
        );
      } else if (action === 3) {
        await db.execute(sql`update reservations set room_type_id = ${pick(types)} where id = ${id}`);
      } else {
        await db.execute(sql`delete from reservations where id = ${id}`);
        ids.splice(ids.indexOf(id), 1);
      }
    }
    const expected = await recount(db, pid);
    expect(expected.length).toBeGreaterThan(10);
    expect(await rollup(db, pid)).toEqual(expected);
  });

  it("counts the stays created concurrently through the API", async () => {
    const { user, pid, db } = await property();
    const type = await createRoomType(db, pid, { name: "Standard" });
    const rooms = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createRoom(db, pid, { number: `C${i}`, roomType: type })),
    );
    const responses = await Promise.all(
      rooms.map((room) =>
        ctx().request("POST", `/api/properties/${pid}/reservations`, {
          as: user,
          body: {
            roomId: room.id,
            roomTypeId: type.id,
            checkInDate: "2030-05-01",
            checkOutDate: "2030-05-04",
          },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(rooms.map(() => 201));
    // The type's base rate is 1500.
    expect(await rollup(db, pid)).toEqual([
      `2030-05-01 ${type.id} sold 12 held 12 18000`,
      `2030-05-02 ${type.id} sold 12 held 12 18000`,
      `2030-05-03 ${type.id} sold 12 held 12 18000`,
    ]);
  });

  it("takes concurrent cancellations and bookings of shared nights without a deadlock", async () => {
    const { user, pid, db } = await property();
    const type = await createRoomType(db, pid, { name: "Standard" });
    const rooms = await Promise.all(
      Array.from({ length: 40 }, (_, i) => createRoom(db, pid, { number: `D${i}`, roomType: type })),
    );
    // Stays on the even rooms to cancel, over nights in varying order of physical insertion.
    const cancel: string[] = [];
    for (const [i, room] of rooms.entries()) {
      if (i % 2 === 1) continue;
      const shift = (i * 7) % 3;
      const stay = await createReservation(db, pid, {
        room,
        checkInDate: addDays("2030-07-01", shift),
        checkOutDate: addDays("2030-07-08", -shift),
      });
      cancel.push(stay.id);
    }
    const url = `/api/properties/${pid}/reservations`;
    const writes = [
      ...cancel.map((id) =>
        ctx().request("PATCH", `${url}/${id}`, { as: user, body: { status: "cancelled" } }),
      ),
      ...rooms
        .filter((_, i) => i % 2 === 1)
        .map((room) =>
          ctx().request("POST", url, {
            as: user,
            body: { roomId: room.id, checkInDate: "2030-07-01", checkOutDate: "2030-07-08" },
          }),
        ),
    ];
    const statuses = (await Promise.all(writes)).map((response) => response.statusCode);
    expect(statuses).toEqual([...cancel.map(() => 200), ...cancel.map(() => 201)]);
    expect(await rollup(db, pid)).toEqual(await recount(db, pid));
  });

  it("goes away with its property", async () => {
    const { pid, db } = await property();
    const type = await createRoomType(db, pid, { name: "Standard" });
    const room = await createRoom(db, pid, { number: "1", roomType: type });
    await createReservation(db, pid, { room, checkInDate: "2030-03-01", checkOutDate: "2030-03-03" });
    expect(await rollup(db, pid)).toHaveLength(2);
    await db.execute(sql`delete from properties where id = ${pid}`);
    const left = await db.execute(sql`select count(*)::int as n from room_nights where property_id = ${pid}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
