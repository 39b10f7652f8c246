import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, daysBetween } from "../../../domain/dates.js";
import { addMember } from "../../hardening/support.js";
import { createRateOverride, createRoom, createRoomType } from "../../test/factories.js";
import { describeBackends, type TestUser } from "../../test/harness.js";
import { collectChanges, queryRows } from "../../test/manager.js";

type Saved = {
  date: string;
  room_type_id: string | null;
  price: string | null;
  min_los: number;
  stop_sell: boolean;
};

/** The dates of [from, to] whose weekday (0 Sunday … 6 Saturday) is listed. */
function datesOn(from: string, to: string, weekdays: number[]): string[] {
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i)).filter((date) =>
    weekdays.includes(new Date(`${date}T00:00:00Z`).getUTCDay()),
  );
}

describeBackends("rate overrides: bulk edit", (ctx) => {
  let owner: TestUser;
  let pid: string;
  let types: string[];
  const db = () => ctx().database.db;
  const bulk = (body: unknown, as = owner, propertyId = pid) =>
    ctx().request("POST", `/api/properties/${propertyId}/rate-overrides/bulk`, { as, body });
  const saved = (propertyId = pid) =>
    queryRows<Saved>(
      db(),
      sql`select date::text, room_type_id, price::text, min_los, stop_sell from rate_overrides
          where property_id = ${propertyId} order by date, room_type_id nulls first`,
    );

  beforeAll(async () => {
    owner = await ctx().signIn();
    pid = await ctx().propertyOf(owner);
    types = [
      (await createRoomType(db(), pid, { name: "Deluxe" })).id,
      (await createRoomType(db(), pid, { name: "Suite" })).id,
    ];
  });

  it("saves Fri + Sat of 90 days for two room types and All in one request, and logs it once", async () => {
    const since = await queryRows<{ n: number }>(
      db(),
      sql`select coalesce(max(property_seq), 0)::int as n from activity where property_id = ${pid}`,
    );
    const body = {
      from: "2030-01-01",
      to: "2030-03-31",
      weekdays: [5, 6],
      roomTypeIds: [...types, null],
      price: 2500,
    };
    const response = await bulk(body);
    expect(response.statusCode).toBe(200);
    const dates = datesOn("2030-01-01", "2030-03-31", [5, 6]);
    expect(dates).toHaveLength(26);
    expect(response.json()).toEqual({ saved: dates.length * 3 });
    const rows = await saved();
    expect(rows).toHaveLength(dates.length * 3);
    expect(new Set(rows.map((row) => row.date))).toEqual(new Set(dates));
    expect(rows.every((row) => row.price === "2500.00" && row.min_los === 1 && !row.stop_sell)).toBe(true);
    const entries = await queryRows<{ action: string; changes: Record<string, { after: unknown }> }>(
      db(),
      sql`select action, changes from activity where property_seq > ${since[0]?.n ?? 0} and property_id = ${pid}`,
    );
    expect(entries.map((entry) => entry.action)).toEqual(["rate_override.bulk_saved"]);
    expect(entries[0]?.changes).toEqual({
      from: { before: null, after: "2030-01-01" },
      to: { before: null, after: "2030-03-31" },
      weekdays: { before: null, after: ["Fri", "Sat"] },
      roomTypes: { before: null, after: ["Deluxe", "Suite", "All"] },
      price: { before: null, after: 2500 },
      saved: { before: null, after: 78 },
    });
  });

  it("changes only the fields sent on existing overrides and defaults the rest on new ones", async () => {
    const [deluxe = ""] = types;
    await createRateOverride(db(), pid, { date: "2031-01-01", roomTypeId: deluxe, price: 1800, minLos: 3 });
    const response = await bulk({
      from: "2031-01-01",
      to: "2031-01-02",
      roomTypeIds: [deluxe],
      stopSell: true,
    });
    expect(response.json()).toEqual({ saved: 2 });
    const rows = (await saved()).filter((row) => row.date.startsWith("2031-01"));
    expect(rows).toEqual([
      { date: "2031-01-01", room_type_id: deluxe, price: "1800.00", min_los: 3, stop_sell: true },
      { date: "2031-01-02", room_type_id: deluxe, price: null, min_los: 1, stop_sell: true },
    ]);
    // A blank price is sent as null: the nights keep their base rate.
    await bulk({ from: "2031-01-01", to: "2031-01-01", roomTypeIds: [deluxe], price: null });
    expect((await saved()).find((row) => row.date === "2031-01-01")).toMatchObject({
      price: null,
      min_los: 3,
    });
  });

  it("writes nothing when one of the room types is another property's", async () => {
    const other = await ctx().signIn();
    const otherPid = await ctx().propertyOf(other);
    const theirs = await createRoomType(db(), otherPid, { name: "Theirs" });
    const before = await saved();
    const response = await bulk({
      from: "2032-01-01",
      to: "2032-03-31",
      roomTypeIds: [...types, theirs.id, null],
      price: 1,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({ code: "not_found", message: "Room type not found" });
    expect(await saved()).toEqual(before);
  });

  it("is one transaction: a failure on a date in the middle writes nothing", async () => {
    // A rule that refuses one row of the 90 days × 3 types, to fail the statement part way through.
    await db().execute(sql`
      create function test_refuse_a_date() returns trigger language plpgsql as $$
      begin
        if new.date = '2033-02-14' and new.room_type_id is null then
          raise exception 'refused for the test' using errcode = 'check_violation';
        end if;
        return new;
      end $$`);
    await db().execute(sql`create trigger test_refuse_a_date before insert on rate_overrides
                           for each row execute function test_refuse_a_date()`);
    try {
      const before = await saved();
      const response = await bulk({
        from: "2033-01-01",
        to: "2033-03-31",
        roomTypeIds: [...types, null],
        minLOS: 2,
      });
      expect(response.statusCode).toBe(400);
      expect(await saved()).toEqual(before);
    } finally {
      await db().execute(sql`drop trigger test_refuse_a_date on rate_overrides`);
      await db().execute(sql`drop function test_refuse_a_date()`);
    }
  });

  it("announces a bulk save on the change feed once, not once per override", async () => {
    const changes = await collectChanges(ctx());
    try {
      const response = await bulk({
        from: "2034-01-01",
        to: "2034-03-31",
        roomTypeIds: [...types, null],
        price: 10,
      });
      expect(response.json()).toEqual({ saved: 270 });
      await changes.waitFor({ propertyId: pid, type: "rate_override.bulk_saved", entityId: null });
      expect(changes.events.filter((event) => event.entityType === "rate_override")).toHaveLength(1);
    } finally {
      await changes.stop();
    }
  });

  it("saves a year for 100 room types (36,600 overrides) in one request", async () => {
    const user = await ctx().signIn();
    const own = await ctx().propertyOf(user);
    await db().execute(sql`insert into room_types (property_id, name, capacity, base_rate)
                           select ${own}, 'Type ' || n, 2, 1000 from generate_series(1, 99) n`);
    const ids = (
      await queryRows<{ id: string }>(db(), sql`select id from room_types where property_id = ${own}`)
    ).map((row) => row.id);
    const body = {
      from: "2032-01-01",
      to: "2032-12-31",
      roomTypeIds: [...ids, null],
      price: 1234.5,
      stopSell: false,
    };
    const started = performance.now();
    const response = await bulk(body, user, own);
    const ms = performance.now() - started;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ saved: 36_600 });
    console.info(`bulk rate edit [${ctx().backend}]: 366 days × 100 types in ${ms.toFixed(0)} ms`);
    // Again: every row now exists, so all 36,600 take the update path.
    expect((await bulk({ ...body, price: 1300 }, user, own)).json()).toEqual({ saved: 36_600 });
  }, 120_000);

  describe("refusals", () => {
    it.each([
      ["to before from", { from: "2030-02-01", to: "2030-01-31", roomTypeIds: [null], price: 1 }, "to"],
      [
        "a range over 366 days",
        { from: "2030-01-01", to: "2031-01-02", roomTypeIds: [null], price: 1 },
        "366",
      ],
      ["no field to set", { from: "2030-01-01", to: "2030-01-02", roomTypeIds: [null] }, "set a price"],
      ["no room type", { from: "2030-01-01", to: "2030-01-02", roomTypeIds: [], price: 1 }, "roomTypeIds"],
      [
        "no weekday",
        { from: "2030-01-01", to: "2030-01-02", weekdays: [], roomTypeIds: [null], price: 1 },
        "weekdays",
      ],
      [
        "weekday 7",
        { from: "2030-01-01", to: "2030-01-02", weekdays: [7], roomTypeIds: [null], price: 1 },
        "weekdays",
      ],
      ["a negative price", { from: "2030-01-01", to: "2030-01-02", roomTypeIds: [null], price: -5 }, "price"],
      [
        "an unknown field",
        { from: "2030-01-01", to: "2030-01-02", roomTypeIds: [null], price: 1, x: 1 },
        "x",
      ],
    ])("answers 400 for %s and writes nothing", async (_label, body, message) => {
      const before = await saved();
      const response = await bulk(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
      expect(await saved()).toEqual(before);
    });

    it("answers 403 to the front desk", async () => {
      const clerk = await addMember(ctx(), owner, pid, "front_desk");
      const response = await bulk(
        { from: "2030-01-01", to: "2030-01-02", roomTypeIds: [null], price: 1 },
        clerk,
      );
      expect(response.statusCode).toBe(403);
    });
  });

  it("prices a new booking from the bulk-set overrides", async () => {
    const user = await ctx().signIn();
    const own = await ctx().propertyOf(user);
    const type = await createRoomType(db(), own, { name: "Std", baseRate: 1000 });
    const room = await createRoom(db(), own, { number: "1", roomType: type });
    // 2030-01-04 is a Friday, 2030-01-05 a Saturday.
    await bulk(
      { from: "2030-01-01", to: "2030-01-31", weekdays: [5, 6], roomTypeIds: [type.id], price: 1500 },
      user,
      own,
    );
    const stay = await ctx().request("POST", `/api/properties/${own}/reservations`, {
      as: user,
      body: { roomId: room.id, checkInDate: "2030-01-03", checkOutDate: "2030-01-07" },
    });
    expect(stay.json()).toMatchObject({ total: 1000 + 1500 + 1500 + 1000 });
  });
});
