import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { activity } from "../../db/schema.js";
import {
  countReservations,
  createRateOverride,
  createRoom,
  createRoomType,
  createReservation as seedReservation,
} from "../../test/factories.js";
import { describeBackends, TEST_NOW } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";
import { createReservation, FRONT_DESK } from "./create.js";

describeBackends("reservation pricing, input checks and codes", (ctx) => {
  const { url, hotel, post, book } = reservationApi(ctx);

  it("prices each night: room type override, else All override, else base rate (across a month end)", async () => {
    const { user, pid, room, db } = await hotel();
    const type = await createRoomType(db, pid, { baseRate: 1000.5 });
    const otherType = await createRoomType(db, pid, { baseRate: 7 });
    const priced = await createRoom(db, pid, { number: "201", roomType: type });
    await createRateOverride(db, pid, { date: "2030-01-31", roomTypeId: type.id, price: 800.25 });
    await createRateOverride(db, pid, { date: "2030-01-31", roomTypeId: null, price: 900 });
    await createRateOverride(db, pid, { date: "2030-02-01", roomTypeId: null, price: 1200 });
    await createRateOverride(db, pid, { date: "2030-02-02", roomTypeId: otherType.id, price: 5000 });
    await createRateOverride(db, pid, { date: "2030-02-03", roomTypeId: type.id, price: 9999 }); // check-out day
    await createRateOverride(db, pid, { date: "2030-01-29", roomTypeId: null, price: 9999 }); // before arrival
    const stay = { roomId: priced.id, checkInDate: "2030-01-30", checkOutDate: "2030-02-03" };
    // The room decides the type: a roomTypeId of another type is refused, not silently replaced.
    const mismatch = await post(user, pid, { ...stay, roomTypeId: otherType.id });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe("roomTypeId: room 201 is of another room type");
    const response = await post(user, pid, stay);
    expect(response.statusCode).toBe(201);
    // 30th base 1000.50 + 31st type override 800.25 + 1st All 1200 + 2nd base 1000.50 (other type's override ignored)
    expect(response.json()).toMatchObject({
      roomTypeId: type.id,
      nights: 4,
      total: 4001.25,
      balance: 4001.25,
    });
    // Room 101 (base 1000) on the same dates: All override 900 on the 31st, 1200 on the 1st.
    const plain = await book(user, pid, { roomId: room.id }, "2030-01-30", "2030-02-03");
    expect(plain.json()).toMatchObject({ total: 1000 + 900 + 1200 + 1000, balance: 4100 });
  });

  it("prices a room without a type from All overrides only", async () => {
    const { user, pid, db } = await hotel();
    const bare = await createRoom(db, pid, { number: "9" });
    await createRateOverride(db, pid, { date: "2030-09-02", roomTypeId: null, price: 450.1 });
    const response = await book(user, pid, { roomId: bare.id }, "2030-09-01", "2030-09-04");
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ roomTypeId: null, total: 450.1, balance: 450.1, nights: 3 });
  });

  it.each([
    ["before", "2030-03-10", "2030-03-09"],
    ["equal to", "2030-03-10", "2030-03-10"],
  ])("answers 400 'Check-out must be after check-in' when check-out is %s check-in", async (_, checkInDate, checkOutDate) => {
    const { user, pid, room, db } = await hotel();
    const response = await post(user, pid, { roomId: room.id, checkInDate, checkOutDate });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "validation", message: "Check-out must be after check-in" },
    });
    expect(await countReservations(db, pid)).toBe(0);
  });

  const valid = { checkInDate: "2030-03-10", checkOutDate: "2030-03-12" };
  it.each<[string, unknown]>([
    ["an impossible date", { ...valid, checkInDate: "2029-02-30" }],
    ["a date in another format", { ...valid, checkOutDate: "12/03/2026" }],
    ["a missing check-in date", { checkOutDate: "2030-03-12" }],
    ["adults 0", { ...valid, adults: 0 }],
    ["children -1", { ...valid, children: -1 }],
    ["fractional adults", { ...valid, adults: 1.5 }],
    ["adults as a string", { ...valid, adults: "2" }],
    ["a numeric guest name", { ...valid, guestName: 42 }],
    ["an unknown field", { ...valid, status: "checked_in" }],
    ["a total from the client", { ...valid, total: 1 }],
    ["an oversize guest name", { ...valid, guestName: "x".repeat(201) }],
    ["a malformed email", { ...valid, guestEmail: "not-an-email" }],
    ["a malformed room id", { ...valid, roomId: "101" }],
    ["an array body", [valid]],
    ["a stay over 365 nights", { checkInDate: "2030-01-01", checkOutDate: "2031-01-02" }],
    ["a total beyond the money column", { checkInDate: "2030-01-01", checkOutDate: "2030-12-31" }],
  ])("answers 400 for %s, writing nothing", async (_, body) => {
    const { user, pid, db } = await hotel();
    // A room type this expensive makes a long stay overflow numeric(12, 2).
    const pricey = await createRoomType(db, pid, { baseRate: 100_000_000 });
    const payload =
      typeof body === "object" && body !== null && !Array.isArray(body) && !("roomTypeId" in body)
        ? { ...body, roomTypeId: pricey.id }
        : body;
    const response = await post(user, pid, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation");
    expect(await countReservations(db, pid)).toBe(0);
  });

  it("refuses a stay that starts before today in the property's zone, and accepts one at the end of the calendar", async () => {
    const { user, pid, room, db } = await hotel();
    const first = await book(user, pid, { roomId: room.id }, "0001-01-01", "0001-01-03");
    expect(first.statusCode).toBe(400);
    expect(first.json().error).toEqual({
      code: "validation",
      message: "checkInDate: a stay cannot start before today (2029-01-01)",
      fields: [{ field: "checkInDate", message: "a stay cannot start before today (2029-01-01)" }],
    });
    // 20:00 UTC on 31 December is already 1 January in Kolkata: the 31st is yesterday there.
    ctx().setNow("2029-12-31T20:00:00Z");
    try {
      const yesterday = await book(user, pid, { roomId: room.id }, "2029-12-31", "2030-01-02");
      expect(yesterday.json().error?.message).toBe(
        "checkInDate: a stay cannot start before today (2030-01-01)",
      );
      const today = await book(user, pid, { roomId: room.id }, "2030-01-01", "2030-01-02");
      expect(today.statusCode).toBe(201);
    } finally {
      ctx().setNow(TEST_NOW);
    }
    // The last date an input may name (docs/product.md#bounds) ends the last stay; none runs past it.
    const last = await book(user, pid, { roomId: room.id }, "2099-12-30", "2099-12-31");
    expect(last.statusCode).toBe(201);
    expect(last.json()).toMatchObject({ checkOutDate: "2099-12-31", nights: 1, total: 1000 });
    const past = await book(user, pid, { roomId: room.id }, "2099-12-31", "2100-01-01");
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe("checkOutDate: must be on or before 2099-12-31");
    expect(await countReservations(db, pid)).toBe(2);
  });

  it("names the field in validation messages", async () => {
    const { user, pid } = await hotel();
    const response = await post(user, pid, { ...valid, adults: 0 });
    expect(response.json().error.message).toBe("adults: must be at least 1");
  });

  it("answers 400 for malformed JSON and 415 for a non-JSON body", async () => {
    const { user, pid, db } = await hotel();
    const broken = await post(user, pid, '{"checkInDate": ');
    expect(broken.statusCode).toBe(400);
    const form = await ctx().request("POST", url(pid), {
      as: user,
      body: "checkInDate=2030-03-10",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.statusCode).toBe(415);
    expect(await countReservations(db, pid)).toBe(0);
  });

  it("draws a new code when the first one is taken", async () => {
    const { user, pid, room, db } = await hotel();
    await seedReservation(db, pid, {
      checkInDate: "2030-03-01",
      checkOutDate: "2030-03-02",
      code: "RES-AAAAA",
    });
    // 0 -> "A", 1 -> "B": the first draw collides, the second does not.
    const draws = [0, 0, 0, 0, 0, 1, 1, 1, 1, 1];
    // One call writes the stay and its entry: the collided attempt must have written neither.
    const created = await createReservation(
      db,
      pid,
      actor(user.id),
      { ...defaults(), roomId: room.id, checkInDate: "2030-03-10", checkOutDate: "2030-03-11" },
      new Date(TEST_NOW),
      FRONT_DESK,
      () => draws.shift() ?? 0,
    );
    expect(created.row.code).toBe("RES-BBBBB");
    expect(await countReservations(db, pid)).toBe(2);
    const entries = await db
      .select({ action: activity.action })
      .from(activity)
      .where(and(eq(activity.propertyId, pid), eq(activity.entityId, created.row.id)));
    expect(entries).toEqual([{ action: "reservation.created" }]);
  });

  it("gives up with 409 when every drawn code is taken, and never retries an overlap", async () => {
    const { user, pid, room, db } = await hotel();
    await seedReservation(db, pid, {
      checkInDate: "2030-03-01",
      checkOutDate: "2030-03-02",
      code: "RES-AAAAA",
    });
    let draws = 0;
    const alwaysA = () => {
      draws++;
      return 0;
    };
    const input = { ...defaults(), roomId: room.id, checkInDate: "2030-03-10", checkOutDate: "2030-03-11" };
    await expect(
      createReservation(db, pid, actor(user.id), input, new Date(TEST_NOW), FRONT_DESK, alwaysA),
    ).rejects.toMatchObject({
      code: "conflict",
    });
    expect(draws).toBe(5 * 5);
    await seedReservation(db, pid, { room, checkInDate: "2030-03-10", checkOutDate: "2030-03-11" });
    draws = 0;
    let n = 0;
    const fresh = () => {
      draws++;
      return (n++ % 35) + 1;
    };
    await expect(
      createReservation(db, pid, actor(user.id), input, new Date(TEST_NOW), FRONT_DESK, fresh),
    ).rejects.toMatchObject({
      code: "room_unavailable",
      message: "Room not available for selected dates.",
    });
    expect(draws).toBe(5); // one code, one attempt
  });
});

function actor(id: string) {
  return { id, name: "Test" };
}

function defaults() {
  return { guestName: "", guestPhone: "", guestEmail: "", roomTypeId: null, adults: 2, children: 0 };
}
