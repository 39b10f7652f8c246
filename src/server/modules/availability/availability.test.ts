import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { availability } from "../../../domain/schemas/availability.js";
import { queryRows } from "../../db/rows.js";
import { createReservation, createRoom, createRooms, createRoomType } from "../../test/factories.js";
import { describeBackends } from "../../test/harness.js";
import { occupancyTotalsQuery } from "../reports/index.js";
import { staysInWindowQuery } from "./service.js";

describeBackends("availability", (ctx) => {
  const url = (pid: string, query: string) => `/api/properties/${pid}/availability?${query}`;

  async function property() {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    return { user, pid, db: ctx().database.db };
  }

  it("answers 401 signed out and 404 for another tenant's property", async () => {
    const { pid } = await property();
    const stranger = await property();
    expect((await ctx().request("GET", url(pid, "start=2030-03-10"))).statusCode).toBe(401);
    expect((await ctx().request("GET", url(pid, "start=2030-03-10"), { as: stranger.user })).statusCode).toBe(
      404,
    );
  });

  it("returns the stays overlapping the window: checked-out and unassigned included, cancelled excluded", async () => {
    const { user, pid, db } = await property();
    const type = await createRoomType(db, pid, { name: "Deluxe" });
    const a = await createRoom(db, pid, { number: "1", roomType: type });
    const b = await createRoom(db, pid, { number: "2", roomType: type });
    // Window: 2030-03-10 .. 2030-03-24 (15 nights, end exclusive 03-25).
    const seed = (room: typeof a | null, checkInDate: string, checkOutDate: string, extra = {}) =>
      createReservation(db, pid, { room, checkInDate, checkOutDate, guestName: `${checkInDate}`, ...extra });
    const firstNight = await seed(a, "2030-03-05", "2030-03-11");
    const endsAtStart = await seed(a, "2030-03-01", "2030-03-10", { status: "checked_out" });
    const startsAtEnd = await seed(a, "2030-03-25", "2030-03-27");
    const lastNight = await seed(a, "2030-03-24", "2030-03-25", { status: "checked_in" });
    const cancelled = await seed(a, "2030-03-12", "2030-03-14", { status: "cancelled" });
    const checkedOut = await seed(a, "2030-03-15", "2030-03-17", { status: "checked_out" });
    const unassigned = await seed(null, "2030-03-12", "2030-03-13", { roomTypeId: type.id });
    const spanning = await seed(b, "2030-02-01", "2030-04-30");
    const elsewhere = await property();
    const theirRoom = await createRoom(db, elsewhere.pid, { number: "1" });
    await createReservation(db, elsewhere.pid, {
      room: theirRoom,
      checkInDate: "2030-03-12",
      checkOutDate: "2030-03-14",
    });

    const response = await ctx().request("GET", url(pid, "start=2030-03-10"), { as: user });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = response.json();
    // The answer is written as JSON text, not by the schema's serializer: it must still be exactly the schema.
    expect(availability.parse(body)).toEqual(body);
    const ids = body.stays.map((s: { id: string }) => s.id);
    expect(new Set(ids)).toEqual(
      new Set([firstNight.id, lastNight.id, checkedOut.id, spanning.id, unassigned.id]),
    );
    for (const excluded of [endsAtStart, startsAtEnd, cancelled]) expect(ids).not.toContain(excluded.id);
    expect(body.stays).toContainEqual({
      id: checkedOut.id,
      roomId: a.id,
      roomTypeId: type.id,
      code: checkedOut.code,
      guestName: "2030-03-15",
      status: "checked_out",
      checkInDate: "2030-03-15",
      checkOutDate: "2030-03-17",
    });
    expect(body.stays.find((s: { id: string }) => s.id === lastNight.id).status).toBe("checked_in");
    // Room 1 has a checked-in stay, so it is occupied (derived by the database from its stays).
    expect(body.rooms).toEqual([
      {
        id: a.id,
        number: "1",
        roomTypeId: type.id,
        roomTypeName: "Deluxe",
        status: "occupied",
        hkStatus: "clean",
      },
      {
        id: b.id,
        number: "2",
        roomTypeId: type.id,
        roomTypeName: "Deluxe",
        status: "vacant",
        hkStatus: "clean",
      },
    ]);
  });

  it("orders rooms naturally", async () => {
    const { user, pid, db } = await property();
    for (const number of ["10", "G-10", "2", "101", "G-2", "1"]) await createRoom(db, pid, { number });
    const response = await ctx().request("GET", url(pid, "start=2030-03-10"), { as: user });
    expect(response.json().rooms.map((r: { number: string }) => r.number)).toEqual([
      "1",
      "2",
      "10",
      "101",
      "G-2",
      "G-10",
    ]);
  });

  it("defaults to 15 days and lists the dates across a month end", async () => {
    const { user, pid } = await property();
    const response = await ctx().request("GET", url(pid, "start=2030-02-20"), { as: user });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ start: "2030-02-20", days: 15, rooms: [], stays: [] });
    expect(body.dates).toHaveLength(15);
    expect(body.dates.slice(7, 11)).toEqual(["2030-02-27", "2030-02-28", "2030-03-01", "2030-03-02"]);
    expect(body.dates.at(-1)).toBe("2030-03-06");
  });

  it("honours an explicit number of days", async () => {
    const { user, pid, db } = await property();
    const room = await createRoom(db, pid, { number: "7" });
    const later = await createReservation(db, pid, {
      room,
      checkInDate: "2030-03-13",
      checkOutDate: "2030-03-14",
    });
    const short = await ctx().request("GET", url(pid, "start=2030-03-10&days=3"), { as: user });
    expect(short.json().dates).toEqual(["2030-03-10", "2030-03-11", "2030-03-12"]);
    expect(short.json().stays).toEqual([]);
    const longer = await ctx().request("GET", url(pid, "start=2030-03-10&days=4"), { as: user });
    expect(longer.json().stays.map((s: { id: string }) => s.id)).toEqual([later.id]);
  });

  it.each([
    ["a missing start", ""],
    ["an impossible start", "start=2029-02-30"],
    ["a non-date start", "start=today"],
    ["days 0", "start=2030-03-10&days=0"],
    ["days over the limit", "start=2030-03-10&days=63"],
    ["fractional days", "start=2030-03-10&days=1.5"],
    ["non-numeric days", "start=2030-03-10&days=many"],
    ["an unknown parameter", "start=2030-03-10&roomId=1"],
    ["a window past 9999-12-31", "start=9999-12-25"],
  ])("answers 400 for %s", async (_, query) => {
    const { user, pid } = await property();
    const response = await ctx().request("GET", url(pid, query), { as: user });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation");
  });

  // How fast is measured by `npm run bench` (grid p50/p99), not here: shared machines make timings noisy.
  it("serves 1000 rooms and their stays in one answer", async () => {
    const { user, pid, db } = await property();
    const type = await createRoomType(db, pid, { name: "Standard" });
    const numbers = Array.from({ length: 1000 }, (_, i) => String(1000 - i));
    const rooms = await createRooms(db, pid, numbers, type);
    // Two stays per room: one inside the window and one long before it.
    // One guest for all of them: a stay's guest is a profile (migration 0021).
    const [guest] = await queryRows<{ id: string }>(
      db,
      sql`insert into guests (property_id, name) values (${pid}, 'Bulk guest') returning id`,
    );
    await db.execute(sql`
      insert into reservations (property_id, code, guest_id, room_id, room_type_id, adults, children,
                                check_in_date, check_out_date, nights, status, total, balance, nightly_rates)
      select ${pid}, 'RES-' || d.tag || lpad(r.g::text, 4, '0'),
             ${guest?.id}::uuid, r.id, r.room_type_id, 2, 0,
             d.ci, d.ci + 2, 2, 'booked', 0, 0, '{0,0}'
      from (select id, room_type_id, row_number() over (order by id) as g from rooms where property_id = ${pid}) r
      cross join lateral (values ('A', date '2030-03-10' + (r.g % 10)::int), ('B', date '2029-01-01')) as d(tag, ci)
`);
    const response = await ctx().request("GET", url(pid, "start=2030-03-10"), { as: user });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.rooms).toHaveLength(rooms.length);
    expect(body.rooms.map((r: { number: string }) => r.number)).toEqual(
      Array.from({ length: 1000 }, (_, i) => String(i + 1)),
    );
    expect(body.stays).toHaveLength(1000);
  });

  it("lets the planner use the indexes of the grid and report queries", async () => {
    const { pid, db } = await property();
    const room = await createRoom(db, pid, { number: "1" });
    await createReservation(db, pid, { room, checkInDate: "2030-03-10", checkOutDate: "2030-03-12" });
    const plans = await db.transaction(async (tx) => {
      // On a tiny table a sequential scan is cheapest; forbid it to see whether the index is usable at all.
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = async (query: ReturnType<typeof sql>) => {
        const result = await tx.execute(sql`explain ${query}`);
        return (result as unknown as { rows: Record<string, string>[] }).rows
          .map((row) => Object.values(row)[0])
          .join("\n");
      };
      return [
        await plan(staysInWindowQuery(pid, "2030-03-10", "2030-03-25")),
        await plan(occupancyTotalsQuery(pid, "2030-03-01", "2030-03-08")),
      ];
    });
    if (ctx().backend === "citus") {
      // A shard's table is shared with other tests' properties, and on a property's one stay every index
      // that starts with the property (check-in, guest, stays) costs about the same: which one the worker
      // takes follows the shard's statistics of the moment (CI saw check-in's and guest's). What holds
      // there is that one shard answers, from an index on the property.
      expect(plans[0], plans[0]).toMatch(/Task Count: 1\b/);
      expect(plans[0], plans[0]).toMatch(/Index Cond: \(+property_id = /);
      expect(plans[0], plans[0]).not.toMatch(/Seq Scan/);
    } else {
      expect(plans[0], plans[0]).toContain("reservations_property_stay_idx");
    }
    expect(plans[1], plans[1]).toContain("room_nights_property_night_type_key");
  });
});
