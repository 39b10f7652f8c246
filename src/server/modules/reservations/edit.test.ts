/**
 * Editing stays over HTTP (docs/product.md#editing-a-stay): what each status allows, re-pricing, the
 * re-checked rules, room moves with their housekeeping side effects, and that a refused edit changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createRateOverride,
  createRoom,
  createRoomType,
  findReservation,
  findRoom,
} from "../../test/factories.js";
import { describeBackends, TEST_NOW } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";

describeBackends("editing stays", (ctx) => {
  const { url, hotel, post, patch } = reservationApi(ctx);
  const edit = (user: Parameters<typeof patch>[0], pid: string, id: string, body: unknown) =>
    ctx().request("PATCH", `${url(pid)}/${id}`, { as: user, body });
  afterEach(() => ctx().setNow(TEST_NOW));

  async function booked(dates = { checkInDate: "2030-05-10", checkOutDate: "2030-05-13" }) {
    const h = await hotel();
    const response = await post(h.user, h.pid, { guestName: "Asha Rao", roomId: h.room.id, ...dates });
    expect(response.statusCode).toBe(201);
    return { ...h, stay: response.json() as { id: string; total: number } };
  }

  describe("a booked stay", () => {
    it("fixes the guest's details without re-pricing, and logs only what changed", async () => {
      const { user, pid, stay, db } = await booked();
      await createRateOverride(db, pid, { date: "2030-05-10", roomTypeId: null, price: 5000 });
      const response = await edit(user, pid, stay.id, { guestName: "Asha Rao-Iyer", guestPhone: "+91 1" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ guestName: "Asha Rao-Iyer", guestPhone: "+91 1", total: 3000 });
      const log = (
        await ctx().request("GET", `/api/properties/${pid}/activity?entityId=${stay.id}`, { as: user })
      ).json();
      expect(log[0]).toMatchObject({
        action: "reservation.updated",
        changes: {
          guestName: { before: "Asha Rao", after: "Asha Rao-Iyer" },
          guestPhone: { before: "", after: "+91 1" },
        },
      });
      expect(Object.keys(log[0].changes)).toEqual(["guestName", "guestPhone"]);
    });

    it("extends the stay and re-prices it with the creation rule", async () => {
      const { user, pid, stay, db } = await booked();
      await createRateOverride(db, pid, { date: "2030-05-13", roomTypeId: null, price: 2500 });
      const response = await edit(user, pid, stay.id, { checkOutDate: "2030-05-14" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        checkOutDate: "2030-05-14",
        nights: 4,
        total: 5500,
        balance: 5500,
      });
      expect((await findReservation(db, stay.id))?.nightlyRates.map(Number)).toEqual([
        1000, 1000, 1000, 2500,
      ]);
    });

    it("moves to another room of the type, and to a room of another type, taking its price", async () => {
      const { user, pid, stay, db, type } = await booked();
      const twin = await createRoom(db, pid, { number: "102", roomType: type });
      const moved = await edit(user, pid, stay.id, { roomId: twin.id });
      expect(moved.json()).toMatchObject({ roomId: twin.id, roomNumber: "102", total: 3000 });
      const suiteType = await createRoomType(db, pid, { name: "Suite", baseRate: 4000, capacity: 4 });
      const suite = await createRoom(db, pid, { number: "501", roomType: suiteType });
      const upgraded = await edit(user, pid, stay.id, { roomId: suite.id });
      expect(upgraded.json()).toMatchObject({
        roomNumber: "501",
        roomTypeId: suite.roomTypeId,
        total: 12000,
      });
      // Unassigned again: the stay keeps its type and price.
      const unassigned = await edit(user, pid, stay.id, { roomId: null });
      expect(unassigned.json()).toMatchObject({
        roomId: null,
        roomNumber: null,
        roomTypeId: suite.roomTypeId,
      });
    });

    it("refuses a move onto another stay, a stop-sell night, too many guests or a past date, and changes nothing", async () => {
      const { user, pid, stay, db, room, type } = await booked();
      const other = await createRoom(db, pid, { number: "102", roomType: type });
      const blocker = await post(user, pid, {
        roomId: other.id,
        checkInDate: "2030-05-12",
        checkOutDate: "2030-05-14",
      });
      expect(blocker.statusCode).toBe(201);
      await createRateOverride(db, pid, {
        date: "2030-05-20",
        roomTypeId: null,
        price: null,
        stopSell: true,
      });
      const before = await findReservation(db, stay.id);
      const refusals = [
        [{ roomId: other.id }, 409, "room_unavailable", "Room not available for selected dates."],
        [
          { checkInDate: "2030-05-19", checkOutDate: "2030-05-21" },
          409,
          "restricted",
          "Stop sell on 2030-05-20",
        ],
        [
          { adults: 4, children: 1 },
          400,
          "validation",
          "adults: 5 guests do not fit the room type's capacity of 4",
        ],
        [
          { checkInDate: "2028-12-30", checkOutDate: "2029-01-02" },
          400,
          "validation",
          "checkInDate: a stay cannot start before today",
        ],
        [{ checkOutDate: "2030-05-10" }, 400, "validation", "checkOutDate: Check-out must be after check-in"],
      ] as const;
      for (const [body, status, code, message] of refusals) {
        const response = await edit(user, pid, stay.id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(status);
        expect(response.json().error.code).toBe(code);
        expect(response.json().error.message).toContain(message);
      }
      expect(await findReservation(db, stay.id)).toEqual(before);
      expect((await findRoom(db, pid, room.id))?.status).toBe("vacant");
    });

    it("answers 400 for a status with fields, an empty edit, or an unknown field", async () => {
      const { user, pid, stay } = await booked();
      for (const body of [
        { status: "cancelled", guestName: "X" },
        {},
        { total: 1 },
        { roomTypeId: "nope" },
      ]) {
        expect((await edit(user, pid, stay.id, body)).statusCode, JSON.stringify(body)).toBe(400);
      }
    });
  });

  describe("a checked-in stay", () => {
    beforeEach(() => ctx().setNow("2030-05-10T06:00:00Z"));

    it("moves rooms: the old one is vacant and dirty, the new one occupied, in one change", async () => {
      const { user, pid, stay, db, room, type } = await booked();
      const next = await createRoom(db, pid, { number: "102", roomType: type });
      expect((await patch(user, pid, stay.id, "checked_in")).statusCode).toBe(200);
      const moved = await edit(user, pid, stay.id, { roomId: next.id });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ status: "checked_in", roomNumber: "102" });
      expect(await findRoom(db, pid, room.id)).toMatchObject({ status: "vacant", hkStatus: "dirty" });
      expect(await findRoom(db, pid, next.id)).toMatchObject({ status: "occupied" });
    });

    it("extends the departure but never to today or before, and never changes the arrival or leaves the room", async () => {
      const { user, pid, stay } = await booked();
      await patch(user, pid, stay.id, "checked_in");
      expect((await edit(user, pid, stay.id, { checkOutDate: "2030-05-15" })).json()).toMatchObject({
        checkOutDate: "2030-05-15",
        total: 5000,
      });
      const cases = [
        [{ checkOutDate: "2030-05-10" }, 400],
        [{ checkInDate: "2030-05-11" }, 409],
        [{ roomId: null }, 409],
      ] as const;
      for (const [body, status] of cases) {
        expect((await edit(user, pid, stay.id, body)).statusCode, JSON.stringify(body)).toBe(status);
      }
      ctx().setNow("2030-05-12T06:00:00Z");
      const today = await edit(user, pid, stay.id, { checkOutDate: "2030-05-12" });
      expect(today.statusCode).toBe(409);
      expect(today.json().error).toEqual({
        code: "invalid_transition",
        message: "The new check-out date must be after today (2030-05-12)",
      });
    });

    it("a departed, cancelled or no-show stay keeps its dates but its guest's details can be fixed", async () => {
      const { user, pid, stay } = await booked();
      await patch(user, pid, stay.id, "cancelled");
      const dates = await edit(user, pid, stay.id, { checkOutDate: "2030-05-20" });
      expect(dates.statusCode).toBe(409);
      expect(dates.json().error.message).toBe(
        "The checkOutDate of a cancelled reservation cannot be changed",
      );
      expect((await edit(user, pid, stay.id, { guestEmail: "asha@example.com" })).statusCode).toBe(200);
    });
  });

  describe("status changes with dates", () => {
    it("refuses check-in before the arrival date and without a room; records a no-show from the arrival date", async () => {
      const { user, pid, stay, room, db } = await booked();
      ctx().setNow("2030-05-09T06:00:00Z");
      const early = await patch(user, pid, stay.id, "checked_in");
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe("Check-in opens on the arrival date, 2030-05-10");
      expect((await patch(user, pid, stay.id, "no_show")).statusCode).toBe(409);
      ctx().setNow("2030-05-10T06:00:00Z");
      const unassigned = await post(user, pid, {
        roomTypeId: room.roomTypeId,
        checkInDate: "2030-05-20",
        checkOutDate: "2030-05-21",
      });
      ctx().setNow("2030-05-20T06:00:00Z");
      expect((await patch(user, pid, unassigned.json().id, "checked_in")).json().error.message).toBe(
        "Assign a room before checking the guest in",
      );
      ctx().setNow("2030-05-11T06:00:00Z");
      const noShow = await patch(user, pid, stay.id, "no_show");
      expect(noShow.json()).toMatchObject({ status: "no_show" });
      // A no-show frees the room like a cancellation.
      const rebook = await post(user, pid, {
        roomId: room.id,
        checkInDate: "2030-05-11",
        checkOutDate: "2030-05-13",
      });
      expect(rebook.statusCode).toBe(201);
      expect((await findReservation(db, stay.id))?.status).toBe("no_show");
    });

    it("an early check-out ends the stay today and keeps only the nights stayed, at their stored prices", async () => {
      const { user, pid, stay, db } = await booked({ checkInDate: "2030-05-10", checkOutDate: "2030-05-15" });
      ctx().setNow("2030-05-10T06:00:00Z");
      await patch(user, pid, stay.id, "checked_in");
      // A later rate change does not touch the nights already sold.
      await createRateOverride(db, pid, { date: "2030-05-11", roomTypeId: null, price: 9999 });
      ctx().setNow("2030-05-12T06:00:00Z");
      const out = await patch(user, pid, stay.id, "checked_out");
      expect(out.json()).toMatchObject({
        status: "checked_out",
        checkOutDate: "2030-05-12",
        nights: 2,
        total: 2000,
      });
      // Leaving on the arrival day still pays one night.
      const second = await post(user, pid, {
        roomId: (await findReservation(db, stay.id))?.roomId,
        checkInDate: "2030-05-12",
        checkOutDate: "2030-05-14",
      });
      await patch(user, pid, second.json().id, "checked_in");
      const sameDay = await patch(user, pid, second.json().id, "checked_out");
      expect(sameDay.json()).toMatchObject({ checkOutDate: "2030-05-13", nights: 1 });
    });
  });
});
