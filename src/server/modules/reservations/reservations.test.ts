import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/rows.js";
import {
  countReservations,
  createRoom,
  findReservation,
  createReservation as seedReservation,
} from "../../test/factories.js";
import { describeBackends } from "../../test/harness.js";
import { ROOM_UNAVAILABLE, reservationApi } from "../../test/reservation-api.js";

describeBackends("reservations", (ctx) => {
  const { url, hotel, post, patch } = reservationApi(ctx);

  describe("auth and tenancy", () => {
    it("answers 401 when signed out, for list, create and update", async () => {
      const { pid, room } = await hotel();
      const body = { roomId: room.id, checkInDate: "2030-03-10", checkOutDate: "2030-03-11" };
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
        checkInDate: "2030-03-10",
        checkOutDate: "2030-03-12",
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
        checkInDate: "2030-03-10",
        checkOutDate: "2030-03-12",
      });
      expect(unknownRoom.statusCode).toBe(404);
      const foreignType = await post(mine.user, mine.pid, {
        roomTypeId: theirs.type.id,
        checkInDate: "2030-03-10",
        checkOutDate: "2030-03-12",
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
        checkInDate: "2030-03-10",
        checkOutDate: "2030-03-12",
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
        checkInDate: "2030-03-10",
        checkOutDate: "2030-03-13",
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
        checkInDate: "2030-03-10",
        checkOutDate: "2030-03-13",
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
      // Written by the same call as the stay: its entry logs the stay as the API answered it.
      const entries = await queryRows(
        ctx().database.db,
        sql`select actor_id, action, entity_type, entity_id, changes from activity where entity_id = ${created.id}`,
      );
      expect(entries).toEqual([
        {
          actor_id: user.id,
          action: "reservation.created",
          entity_type: "reservation",
          entity_id: created.id,
          changes: Object.fromEntries(
            ["code", "guestName", "roomId", "roomNumber", "checkInDate", "checkOutDate", "total"].map(
              (field) => [field, { before: null, after: created[field] }],
            ),
          ),
        },
      ]);
    });

    it("applies the defaults: adults 2, children 0, empty guest fields, no room", async () => {
      const { user, pid } = await hotel();
      const response = await post(user, pid, { checkInDate: "2030-03-10", checkOutDate: "2030-03-11" });
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
          checkInDate: `2030-04-${day}`,
          checkOutDate: `2030-04-${Number(day) + 1}`,
        });
        codes.push(response.json().code);
      }
      const list = (await ctx().request("GET", url(pid), { as: user })).json();
      expect(list.map((r: { code: string }) => r.code)).toEqual(codes.reverse());
    });

    it("allows back-to-back stays (the end date is exclusive)", async () => {
      const { user, pid, room } = await hotel();
      const a = await post(user, pid, {
        roomId: room.id,
        checkInDate: "2030-06-10",
        checkOutDate: "2030-06-12",
      });
      const b = await post(user, pid, {
        roomId: room.id,
        checkInDate: "2030-06-12",
        checkOutDate: "2030-06-14",
      });
      const before = await post(user, pid, {
        roomId: room.id,
        checkInDate: "2030-06-08",
        checkOutDate: "2030-06-10",
      });
      expect([a.statusCode, b.statusCode, before.statusCode]).toEqual([201, 201, 201]);
    });

    it("refuses partial, enclosing and enclosed overlaps with booked and checked-in stays", async () => {
      const { user, pid, room, db } = await hotel();
      await seedReservation(db, pid, { room, checkInDate: "2030-07-10", checkOutDate: "2030-07-14" });
      await seedReservation(db, pid, {
        room,
        checkInDate: "2030-07-20",
        checkOutDate: "2030-07-22",
        status: "checked_in",
      });
      const attempts: [string, string][] = [
        ["2030-07-12", "2030-07-16"], // starts inside
        ["2030-07-08", "2030-07-11"], // ends inside
        ["2030-07-09", "2030-07-15"], // encloses
        ["2030-07-11", "2030-07-12"], // enclosed
        ["2030-07-21", "2030-07-23"], // overlaps the checked-in stay
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
      const dates = { checkInDate: "2030-08-10", checkOutDate: "2030-08-12" };
      await seedReservation(db, pid, { room, ...dates, status: "cancelled" });
      await seedReservation(db, pid, { room, ...dates, status: "checked_out" });
      await seedReservation(db, pid, { room: other, ...dates, status: "checked_in" });
      const response = await post(user, pid, { roomId: room.id, ...dates });
      expect(response.statusCode).toBe(201);
    });

    it("sells an unassigned stay (no room) from its room type's inventory, and no more than the type has", async () => {
      const { user, pid, type } = await hotel();
      const body = { roomTypeId: type.id, checkInDate: "2030-08-10", checkOutDate: "2030-08-12" };
      const first = await post(user, pid, body);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ roomId: null, roomTypeId: type.id, total: 2000 });
      // The type has one room (101): a second stay on those nights is refused, naming the first night.
      const second = await post(user, pid, body);
      expect(second.statusCode).toBe(409);
      expect(second.json().error).toMatchObject({
        code: "sold_out",
        message: expect.stringContaining("2030-08-10"),
      });
      // After the first stay's nights the room is free again.
      const later = await post(user, pid, { ...body, checkInDate: "2030-08-12", checkOutDate: "2030-08-13" });
      expect(later.statusCode).toBe(201);
    });
  });
});

function _defaults() {
  return { guestName: "", guestPhone: "", guestEmail: "", roomTypeId: null, adults: 2, children: 0 };
}
