import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RESERVATION_STATUSES } from "../../../domain/constants.js";
import { reservations } from "../../db/schema.js";
import {
  createRoom,
  findReservation,
  findRoom,
  createReservation as seedReservation,
} from "../../test/factories.js";
import { describeBackends, TEST_NOW } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";

const OLD = "2020-01-01T00:00:00.000Z";
/** Mid-morning of 2030-03-10 in the property's zone (Asia/Kolkata): the arrival day of most stays here. */
const ARRIVAL_DAY = "2030-03-10T06:00:00Z";

describeBackends("reservation status changes", (ctx) => {
  const { url, hotel, post, patch } = reservationApi(ctx);
  beforeEach(() => ctx().setNow(ARRIVAL_DAY));
  afterEach(() => ctx().setNow(TEST_NOW));

  describe("status transitions", () => {
    const ALLOWED = new Set([
      "booked>checked_in",
      "booked>cancelled",
      "booked>no_show",
      "checked_in>checked_out",
      "checked_in>cancelled",
    ]);
    const cases = RESERVATION_STATUSES.flatMap((from) =>
      RESERVATION_STATUSES.map((to) => [from, to] as const),
    );

    it.each(cases)("%s -> %s over HTTP", async (from, to) => {
      const { user, pid, room, db } = await hotel();
      const seeded = await seedReservation(db, pid, {
        room,
        checkInDate: "2030-03-10",
        checkOutDate: "2030-03-12",
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
        checkInDate: "2030-03-10",
        checkOutDate: "2030-03-12",
      });
      expect((await patch(user, pid, seeded.id, "paid")).statusCode).toBe(400);
      const extra = await ctx().request("PATCH", `${url(pid)}/${seeded.id}`, {
        as: user,
        body: { status: "cancelled", checkOutDate: "2030-03-20" },
      });
      expect(extra.statusCode).toBe(400);
      expect((await findReservation(db, seeded.id))?.status).toBe("booked");
    });

    it("serialises concurrent transitions: one of 10 simultaneous check-ins wins", async () => {
      const { user, pid, room, db } = await hotel();
      const seeded = await seedReservation(db, pid, {
        room,
        checkInDate: "2030-03-10",
        checkOutDate: "2030-03-12",
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
        checkInDate: "2030-03-10",
        checkOutDate: "2030-03-12",
      });
      const id = created.json().id;
      expect(await findRoom(db, pid, room.id)).toMatchObject({ status: "vacant", hkStatus: "clean" });
      expect((await patch(user, pid, id, "checked_in")).statusCode).toBe(200);
      expect(await findRoom(db, pid, room.id)).toMatchObject({ status: "occupied", hkStatus: "clean" });
      expect((await patch(user, pid, id, "checked_out")).statusCode).toBe(200);
      expect(await findRoom(db, pid, room.id)).toMatchObject({ status: "vacant", hkStatus: "dirty" });
    });

    it("cancelling a checked-in stay frees the room and leaves it to be cleaned", async () => {
      const { user, pid, room, db } = await hotel();
      const created = await post(user, pid, {
        roomId: room.id,
        checkInDate: "2030-03-10",
        checkOutDate: "2030-03-12",
      });
      const id = created.json().id;
      await patch(user, pid, id, "checked_in");
      expect((await patch(user, pid, id, "cancelled")).statusCode).toBe(200);
      expect(await findRoom(db, pid, room.id)).toMatchObject({ status: "vacant", hkStatus: "dirty" });
    });

    it("cancelling a future booking leaves an occupied room occupied", async () => {
      const { user, pid, type, db } = await hotel();
      const room = await createRoom(db, pid, { number: "301", roomType: type, status: "occupied" });
      const future = await seedReservation(db, pid, {
        room,
        checkInDate: "2030-04-10",
        checkOutDate: "2030-04-12",
      });
      expect((await patch(user, pid, future.id, "cancelled")).statusCode).toBe(200);
      expect(await findRoom(db, pid, room.id)).toMatchObject({ status: "occupied" });
    });

    it.each([
      [
        "cancel the second, then check out the first",
        [
          ["second", "cancelled", "occupied"],
          ["first", "checked_out", "vacant"],
        ],
      ],
      [
        "check out the first, then cancel the second",
        [
          ["first", "checked_out", "occupied"],
          ["second", "cancelled", "vacant"],
        ],
      ],
      [
        "cancel the first, then check out the second",
        [
          ["first", "cancelled", "occupied"],
          ["second", "checked_out", "vacant"],
        ],
      ],
      [
        "check out both",
        [
          ["second", "checked_out", "occupied"],
          ["first", "checked_out", "vacant"],
        ],
      ],
    ] as const)("a room stays occupied while any of its stays is checked in: %s", async (_label, steps) => {
      const { user, pid, room, db } = await hotel();
      const ids = {
        first: (
          await post(user, pid, { roomId: room.id, checkInDate: "2030-03-10", checkOutDate: "2030-03-12" })
        ).json().id,
        second: (
          await post(user, pid, { roomId: room.id, checkInDate: "2030-03-12", checkOutDate: "2030-03-14" })
        ).json().id,
      };
      expect((await patch(user, pid, ids.first, "checked_in")).statusCode).toBe(200);
      // The first guest has not left when the second arrives.
      ctx().setNow("2030-03-12T06:00:00Z");
      expect((await patch(user, pid, ids.second, "checked_in")).statusCode).toBe(200);
      expect(await findRoom(db, pid, room.id)).toMatchObject({ status: "occupied" });
      for (const [stay, to, roomStatus] of steps) {
        expect((await patch(user, pid, ids[stay], to)).statusCode).toBe(200);
        expect(await findRoom(db, pid, room.id), `${stay} -> ${to}`).toMatchObject({ status: roomStatus });
      }
    });

    it("derives the room's occupancy in the database, whoever writes the stay", async () => {
      const { pid, type, db } = await hotel();
      const room = await createRoom(db, pid, { number: "302", roomType: type });
      const stay = await seedReservation(db, pid, {
        room,
        checkInDate: "2030-04-10",
        checkOutDate: "2030-04-12",
        status: "checked_in",
      });
      expect(await findRoom(db, pid, room.id)).toMatchObject({ status: "occupied" });
      const other = await createRoom(db, pid, { number: "303", roomType: type });
      await db.update(reservations).set({ roomId: other.id }).where(eq(reservations.id, stay.id));
      expect(await findRoom(db, pid, room.id)).toMatchObject({ status: "vacant" });
      expect(await findRoom(db, pid, other.id)).toMatchObject({ status: "occupied" });
      await db.delete(reservations).where(eq(reservations.id, stay.id));
      expect(await findRoom(db, pid, other.id)).toMatchObject({ status: "vacant" });
    });

    it("a cancelled stay frees its dates for a new booking", async () => {
      const { user, pid, room } = await hotel();
      const body = { roomId: room.id, checkInDate: "2030-03-10", checkOutDate: "2030-03-12" };
      const first = await post(user, pid, body);
      expect((await post(user, pid, body)).statusCode).toBe(409);
      await patch(user, pid, first.json().id, "cancelled");
      expect((await post(user, pid, body)).statusCode).toBe(201);
    });
  });
});
