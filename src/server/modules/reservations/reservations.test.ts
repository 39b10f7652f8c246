import { describe, expect, it } from "vitest";
import type { ReservationStatus } from "../../../domain/constants.js";
import {
  countReservations,
  createRateOverride,
  createRoom,
  createRoomType,
  findReservation,
  findRoom,
  createReservation as seedReservation,
} from "../../test/factories.js";
import { describeBackends, type TestUser } from "../../test/harness.js";
import { createReservation } from "./service.js";

const ROOM_UNAVAILABLE = {
  error: { code: "room_unavailable", message: "Room not available for selected dates." },
};
const OLD = "2020-01-01T00:00:00.000Z";

describeBackends("reservations", (ctx) => {
  const url = (pid: string) => `/api/properties/${pid}/reservations`;

  /** A signed-in user with a property, one room type (base rate 1000) and room 101 of that type. */
  async function hotel() {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const db = ctx().database.db;
    const type = await createRoomType(db, pid, { name: "Deluxe", baseRate: 1000 });
    const room = await createRoom(db, pid, { number: "101", roomType: type });
    return { user, pid, type, room, db };
  }

  const post = (user: TestUser, pid: string, body: unknown) =>
    ctx().request("POST", url(pid), { as: user, body });
  const patch = (user: TestUser, pid: string, id: string, status: string) =>
    ctx().request("PATCH", `${url(pid)}/${id}`, { as: user, body: { status } });

  describe("auth and tenancy", () => {
    it("answers 401 when signed out, for list, create and update", async () => {
      const { pid, room } = await hotel();
      const body = { roomId: room.id, checkInDate: "2026-03-10", checkOutDate: "2026-03-11" };
      const list = await ctx().request("GET", url(pid));
      const create = await ctx().request("POST", url(pid), { body });
      const update = await ctx().request("PATCH", `${url(pid)}/${room.id}`, {
        body: { status: "cancelled" },
      });
      for (const response of [list, create, update]) {
        expect(response.statusCode).toBe(401);
        expect(response.json().error.code).toBe("unauthenticated");
      }
      expect(await countReservations(ctx().database.db, pid)).toBe(0);
    });

    it("answers 404 for another tenant's room, writing nothing", async () => {
      const mine = await hotel();
      const theirs = await hotel();
      const response = await post(mine.user, mine.pid, {
        roomId: theirs.room.id,
        checkInDate: "2026-03-10",
        checkOutDate: "2026-03-12",
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not_found", message: "Room not found" } });
      expect(await countReservations(mine.db, mine.pid)).toBe(0);
      expect(await countReservations(mine.db, theirs.pid)).toBe(0);
    });

    it("answers 404 for an unknown room or another tenant's room type", async () => {
      const mine = await hotel();
      const theirs = await hotel();
      const unknownRoom = await post(mine.user, mine.pid, {
        roomId: "00000000-0000-4000-8000-000000000000",
        checkInDate: "2026-03-10",
        checkOutDate: "2026-03-12",
      });
      expect(unknownRoom.statusCode).toBe(404);
      const foreignType = await post(mine.user, mine.pid, {
        roomTypeId: theirs.type.id,
        checkInDate: "2026-03-10",
        checkOutDate: "2026-03-12",
      });
      expect(foreignType.statusCode).toBe(404);
      expect(foreignType.json().error.message).toBe("Room type not found");
      expect(await countReservations(mine.db, mine.pid)).toBe(0);
    });

    it("hides other tenants' reservations from list and update", async () => {
      const mine = await hotel();
      const theirs = await hotel();
      const created = await post(theirs.user, theirs.pid, {
        roomId: theirs.room.id,
        checkInDate: "2026-03-10",
        checkOutDate: "2026-03-12",
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().id;
      const list = await ctx().request("GET", url(mine.pid), { as: mine.user });
      expect(list.json()).toEqual([]);
      // Through my own property, and through theirs (not a member): both 404, nothing changes.
      expect((await patch(mine.user, mine.pid, id, "cancelled")).statusCode).toBe(404);
      expect((await patch(mine.user, theirs.pid, id, "cancelled")).statusCode).toBe(404);
      expect((await findReservation(mine.db, id))?.status).toBe("booked");
    });
  });

  describe("create", () => {
    it("creates a booked, priced reservation and lists it with its room number", async () => {
      const { user, pid, type, room } = await hotel();
      const response = await post(user, pid, {
        guestName: "Asha Rao",
        guestPhone: "+91 98450 00000",
        guestEmail: "asha@example.com",
        roomId: room.id,
        checkInDate: "2026-03-10",
        checkOutDate: "2026-03-13",
        adults: 2,
        children: 1,
      });
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created).toMatchObject({
        propertyId: pid,
        guestName: "Asha Rao",
        guestPhone: "+91 98450 00000",
        guestEmail: "asha@example.com",
        roomId: room.id,
        roomNumber: "101",
        roomTypeId: type.id,
        adults: 2,
        children: 1,
        checkInDate: "2026-03-10",
        checkOutDate: "2026-03-13",
        nights: 3,
        status: "booked",
        total: 3000,
        balance: 3000,
        createdBy: user.id,
      });
      expect(created.code).toMatch(/^RES-[A-Z0-9]{5}$/);
      const list = await ctx().request("GET", url(pid), { as: user });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([created]);
    });

    it("applies the spec's defaults: adults 2, children 0, empty guest fields, no room", async () => {
      const { user, pid } = await hotel();
      const response = await post(user, pid, { checkInDate: "2026-03-10", checkOutDate: "2026-03-11" });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        guestName: "",
        guestPhone: "",
        guestEmail: "",
        roomId: null,
        roomNumber: null,
        roomTypeId: null,
        adults: 2,
        children: 0,
        nights: 1,
        total: 0,
      });
    });

    it("lists newest created first", async () => {
      const { user, pid, room } = await hotel();
      const codes: string[] = [];
      for (const day of ["10", "12", "14"]) {
        const response = await post(user, pid, {
          roomId: room.id,
          checkInDate: `2026-04-${day}`,
          checkOutDate: `2026-04-${Number(day) + 1}`,
        });
        codes.push(response.json().code);
      }
      const list = (await ctx().request("GET", url(pid), { as: user })).json();
      expect(list.map((r: { code: string }) => r.code)).toEqual(codes.reverse());
    });

    it("lets exactly one of 50 concurrent bookings of one room and night through", async () => {
      const { user, pid, room, db } = await hotel();
      const body = { roomId: room.id, checkInDate: "2026-05-01", checkOutDate: "2026-05-02" };
      const responses = await Promise.all(Array.from({ length: 50 }, () => post(user, pid, body)));
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expect(response.json()).toEqual(ROOM_UNAVAILABLE);
      }
      expect(await countReservations(db, pid)).toBe(1);
    });

    it("allows back-to-back stays (the end date is exclusive)", async () => {
      const { user, pid, room } = await hotel();
      const a = await post(user, pid, {
        roomId: room.id,
        checkInDate: "2026-06-10",
        checkOutDate: "2026-06-12",
      });
      const b = await post(user, pid, {
        roomId: room.id,
        checkInDate: "2026-06-12",
        checkOutDate: "2026-06-14",
      });
      const before = await post(user, pid, {
        roomId: room.id,
        checkInDate: "2026-06-08",
        checkOutDate: "2026-06-10",
      });
      expect([a.statusCode, b.statusCode, before.statusCode]).toEqual([201, 201, 201]);
    });

    it("refuses partial, enclosing and enclosed overlaps with booked and checked-in stays", async () => {
      const { user, pid, room, db } = await hotel();
      await seedReservation(db, pid, { room, checkInDate: "2026-07-10", checkOutDate: "2026-07-14" });
      await seedReservation(db, pid, {
        room,
        checkInDate: "2026-07-20",
        checkOutDate: "2026-07-22",
        status: "checked_in",
      });
      const attempts: [string, string][] = [
        ["2026-07-12", "2026-07-16"], // starts inside
        ["2026-07-08", "2026-07-11"], // ends inside
        ["2026-07-09", "2026-07-15"], // encloses
        ["2026-07-11", "2026-07-12"], // enclosed
        ["2026-07-21", "2026-07-23"], // overlaps the checked-in stay
      ];
      for (const [checkInDate, checkOutDate] of attempts) {
        const response = await post(user, pid, { roomId: room.id, checkInDate, checkOutDate });
        expect(response.statusCode, `${checkInDate}..${checkOutDate}`).toBe(409);
        expect(response.json()).toEqual(ROOM_UNAVAILABLE);
      }
      expect(await countReservations(db, pid)).toBe(2);
    });

    it("allows overlapping a cancelled or checked-out stay, and another room", async () => {
      const { user, pid, room, type, db } = await hotel();
      const other = await createRoom(db, pid, { number: "102", roomType: type });
      const dates = { checkInDate: "2026-08-10", checkOutDate: "2026-08-12" };
      await seedReservation(db, pid, { room, ...dates, status: "cancelled" });
      await seedReservation(db, pid, { room, ...dates, status: "checked_out" });
      await seedReservation(db, pid, { room: other, ...dates, status: "checked_in" });
      const response = await post(user, pid, { roomId: room.id, ...dates });
      expect(response.statusCode).toBe(201);
    });

    it("allows unassigned reservations (no room) on any dates", async () => {
      const { user, pid, type } = await hotel();
      const body = { roomTypeId: type.id, checkInDate: "2026-08-10", checkOutDate: "2026-08-12" };
      const first = await post(user, pid, body);
      const second = await post(user, pid, body);
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect(first.json()).toMatchObject({ roomId: null, roomTypeId: type.id, total: 2000 });
    });

    it("prices each night: room type override, else All override, else base rate (across a month end)", async () => {
      const { user, pid, room, db } = await hotel();
      const type = await createRoomType(db, pid, { baseRate: 1000.5 });
      const otherType = await createRoomType(db, pid, { baseRate: 7 });
      const priced = await createRoom(db, pid, { number: "201", roomType: type });
      await createRateOverride(db, pid, { date: "2026-01-31", roomTypeId: type.id, price: 800.25 });
      await createRateOverride(db, pid, { date: "2026-01-31", roomTypeId: null, price: 900 });
      await createRateOverride(db, pid, { date: "2026-02-01", roomTypeId: null, price: 1200 });
      await createRateOverride(db, pid, { date: "2026-02-02", roomTypeId: otherType.id, price: 5000 });
      await createRateOverride(db, pid, { date: "2026-02-03", roomTypeId: type.id, price: 9999 }); // check-out day
      await createRateOverride(db, pid, { date: "2026-01-29", roomTypeId: null, price: 9999 }); // before arrival
      const response = await post(user, pid, {
        roomId: priced.id,
        // A roomTypeId in the body does not override the room's own type.
        roomTypeId: otherType.id,
        checkInDate: "2026-01-30",
        checkOutDate: "2026-02-03",
      });
      expect(response.statusCode).toBe(201);
      // 30th base 1000.50 + 31st type override 800.25 + 1st All 1200 + 2nd base 1000.50 (other type's override ignored)
      expect(response.json()).toMatchObject({
        roomTypeId: type.id,
        nights: 4,
        total: 4001.25,
        balance: 4001.25,
      });
      // Room 101 (base 1000) on the same dates: All override 900 on the 31st, 1200 on the 1st.
      const plain = await post(user, pid, {
        roomId: room.id,
        checkInDate: "2026-01-30",
        checkOutDate: "2026-02-03",
      });
      expect(plain.json()).toMatchObject({ total: 1000 + 900 + 1200 + 1000, balance: 4100 });
    });

    it("prices a room without a type from All overrides only", async () => {
      const { user, pid, db } = await hotel();
      const bare = await createRoom(db, pid, { number: "9" });
      await createRateOverride(db, pid, { date: "2026-09-02", roomTypeId: null, price: 450.1 });
      const response = await post(user, pid, {
        roomId: bare.id,
        checkInDate: "2026-09-01",
        checkOutDate: "2026-09-04",
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ roomTypeId: null, total: 450.1, balance: 450.1, nights: 3 });
    });

    it.each([
      ["before", "2026-03-10", "2026-03-09"],
      ["equal to", "2026-03-10", "2026-03-10"],
    ])("answers 400 'Check-out must be after check-in' when check-out is %s check-in", async (_, checkInDate, checkOutDate) => {
      const { user, pid, room, db } = await hotel();
      const response = await post(user, pid, { roomId: room.id, checkInDate, checkOutDate });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: "validation", message: "Check-out must be after check-in" },
      });
      expect(await countReservations(db, pid)).toBe(0);
    });

    const valid = { checkInDate: "2026-03-10", checkOutDate: "2026-03-12" };
    it.each<[string, unknown]>([
      ["an impossible date", { ...valid, checkInDate: "2025-02-30" }],
      ["a date in another format", { ...valid, checkOutDate: "12/03/2026" }],
      ["a missing check-in date", { checkOutDate: "2026-03-12" }],
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
      ["a stay over 365 nights", { checkInDate: "2026-01-01", checkOutDate: "2027-01-02" }],
      ["a total beyond the money column", { checkInDate: "2026-01-01", checkOutDate: "2026-12-31" }],
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

    it("accepts stays at both ends of the calendar", async () => {
      const { user, pid, room } = await hotel();
      const first = await post(user, pid, {
        roomId: room.id,
        checkInDate: "0001-01-01",
        checkOutDate: "0001-01-03",
      });
      const last = await post(user, pid, {
        roomId: room.id,
        checkInDate: "9999-12-30",
        checkOutDate: "9999-12-31",
      });
      expect([first.statusCode, last.statusCode]).toEqual([201, 201]);
      expect(first.json()).toMatchObject({ checkInDate: "0001-01-01", nights: 2, total: 2000 });
      expect(last.json()).toMatchObject({ checkOutDate: "9999-12-31", nights: 1, total: 1000 });
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
        body: "checkInDate=2026-03-10",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(form.statusCode).toBe(415);
      expect(await countReservations(db, pid)).toBe(0);
    });

    it("draws a new code when the first one is taken", async () => {
      const { user, pid, room, db } = await hotel();
      await seedReservation(db, pid, {
        checkInDate: "2026-03-01",
        checkOutDate: "2026-03-02",
        code: "RES-AAAAA",
      });
      // 0 -> "A", 1 -> "B": the first draw collides, the second does not.
      const draws = [0, 0, 0, 0, 0, 1, 1, 1, 1, 1];
      const created = await createReservation(
        db,
        pid,
        user.id,
        { ...defaults(), roomId: room.id, checkInDate: "2026-03-10", checkOutDate: "2026-03-11" },
        () => draws.shift() ?? 0,
      );
      expect(created.row.code).toBe("RES-BBBBB");
      expect(await countReservations(db, pid)).toBe(2);
    });

    it("gives up with 409 when every drawn code is taken, and never retries an overlap", async () => {
      const { user, pid, room, db } = await hotel();
      await seedReservation(db, pid, {
        checkInDate: "2026-03-01",
        checkOutDate: "2026-03-02",
        code: "RES-AAAAA",
      });
      let draws = 0;
      const alwaysA = () => {
        draws++;
        return 0;
      };
      const input = { ...defaults(), roomId: room.id, checkInDate: "2026-03-10", checkOutDate: "2026-03-11" };
      await expect(createReservation(db, pid, user.id, input, alwaysA)).rejects.toMatchObject({
        code: "conflict",
      });
      expect(draws).toBe(5 * 5);
      await seedReservation(db, pid, { room, checkInDate: "2026-03-10", checkOutDate: "2026-03-11" });
      draws = 0;
      let n = 0;
      const fresh = () => {
        draws++;
        return (n++ % 35) + 1;
      };
      await expect(createReservation(db, pid, user.id, input, fresh)).rejects.toMatchObject({
        code: "room_unavailable",
        message: "Room not available for selected dates.",
      });
      expect(draws).toBe(5); // one code, one attempt
    });
  });

  describe("status transitions", () => {
    const ALL: ReservationStatus[] = ["booked", "checked_in", "checked_out", "cancelled"];
    const ALLOWED = new Set([
      "booked>checked_in",
      "booked>cancelled",
      "checked_in>checked_out",
      "checked_in>cancelled",
      "checked_out>cancelled",
    ]);
    const cases = ALL.flatMap((from) => ALL.map((to) => [from, to] as const));

    it.each(cases)("%s -> %s over HTTP", async (from, to) => {
      const { user, pid, room, db } = await hotel();
      const seeded = await seedReservation(db, pid, {
        room,
        checkInDate: "2026-03-10",
        checkOutDate: "2026-03-12",
        status: from,
        updatedAt: OLD,
      });
      const response = await patch(user, pid, seeded.id, to);
      const stored = await findReservation(db, seeded.id);
      if (ALLOWED.has(`${from}>${to}`)) {
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toMatchObject({ id: seeded.id, status: to, roomNumber: "101", code: seeded.code });
        expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.parse(OLD));
        expect(stored?.status).toBe(to);
      } else {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          error: { code: "invalid_transition", message: `Cannot change a ${from} reservation to ${to}` },
        });
        expect(stored?.status).toBe(from);
        expect(new Date(stored?.updatedAt ?? "").toISOString()).toBe(OLD);
      }
    });

    it("answers 404 for an unknown id and 400 for a malformed id or status", async () => {
      const { user, pid, room, db } = await hotel();
      const unknown = await patch(user, pid, "00000000-0000-4000-8000-000000000000", "cancelled");
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe("not_found");
      expect((await patch(user, pid, "not-a-uuid", "cancelled")).statusCode).toBe(400);
      const seeded = await seedReservation(db, pid, {
        room,
        checkInDate: "2026-03-10",
        checkOutDate: "2026-03-12",
      });
      expect((await patch(user, pid, seeded.id, "paid")).statusCode).toBe(400);
      const extra = await ctx().request("PATCH", `${url(pid)}/${seeded.id}`, {
        as: user,
        body: { status: "cancelled", checkOutDate: "2026-03-20" },
      });
      expect(extra.statusCode).toBe(400);
      expect((await findReservation(db, seeded.id))?.status).toBe("booked");
    });

    it("serialises concurrent transitions: one of 10 simultaneous check-ins wins", async () => {
      const { user, pid, room, db } = await hotel();
      const seeded = await seedReservation(db, pid, {
        room,
        checkInDate: "2026-03-10",
        checkOutDate: "2026-03-12",
      });
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => patch(user, pid, seeded.id, "checked_in")),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    });
  });

  describe("room side effects", () => {
    it("check-in occupies the room; check-out frees it and marks it dirty", async () => {
      const { user, pid, room, db } = await hotel();
      const created = await post(user, pid, {
        roomId: room.id,
        checkInDate: "2026-03-10",
        checkOutDate: "2026-03-12",
      });
      const id = created.json().id;
      expect(await findRoom(db, pid, room.id)).toMatchObject({ status: "vacant", hkStatus: "clean" });
      expect((await patch(user, pid, id, "checked_in")).statusCode).toBe(200);
      expect(await findRoom(db, pid, room.id)).toMatchObject({ status: "occupied", hkStatus: "clean" });
      expect((await patch(user, pid, id, "checked_out")).statusCode).toBe(200);
      expect(await findRoom(db, pid, room.id)).toMatchObject({ status: "vacant", hkStatus: "dirty" });
    });

    it("cancelling a checked-in stay frees the room", async () => {
      const { user, pid, room, db } = await hotel();
      const created = await post(user, pid, {
        roomId: room.id,
        checkInDate: "2026-03-10",
        checkOutDate: "2026-03-12",
      });
      const id = created.json().id;
      await patch(user, pid, id, "checked_in");
      expect((await patch(user, pid, id, "cancelled")).statusCode).toBe(200);
      expect(await findRoom(db, pid, room.id)).toMatchObject({ status: "vacant", hkStatus: "clean" });
    });

    it("cancelling a future booking leaves an occupied room occupied", async () => {
      const { user, pid, type, db } = await hotel();
      const room = await createRoom(db, pid, { number: "301", roomType: type, status: "occupied" });
      const future = await seedReservation(db, pid, {
        room,
        checkInDate: "2026-04-10",
        checkOutDate: "2026-04-12",
      });
      expect((await patch(user, pid, future.id, "cancelled")).statusCode).toBe(200);
      expect(await findRoom(db, pid, room.id)).toMatchObject({ status: "occupied" });
    });

    it("a cancelled stay frees its dates for a new booking", async () => {
      const { user, pid, room } = await hotel();
      const body = { roomId: room.id, checkInDate: "2026-03-10", checkOutDate: "2026-03-12" };
      const first = await post(user, pid, body);
      expect((await post(user, pid, body)).statusCode).toBe(409);
      await patch(user, pid, first.json().id, "cancelled");
      expect((await post(user, pid, body)).statusCode).toBe(201);
    });
  });
});

function defaults() {
  return { guestName: "", guestPhone: "", guestEmail: "", roomTypeId: null, adults: 2, children: 0 };
}
