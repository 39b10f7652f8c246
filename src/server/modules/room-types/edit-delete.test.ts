import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../../hardening/support.js";
import {
  createRateOverride,
  createReservation,
  createRoom,
  createRoomType,
  findReservation,
} from "../../test/factories.js";
import { describeBackends, type TestUser } from "../../test/harness.js";
import { collectChanges, queryRows } from "../../test/manager.js";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describeBackends("room types: edit and delete", (ctx) => {
  let owner: TestUser;
  let clerk: TestUser;
  let pid: string;
  const url = (id: string) => `/api/properties/${pid}/room-types/${id}`;
  const patch = (id: string, body: unknown, as = owner) => ctx().request("PATCH", url(id), { as, body });
  const remove = (id: string, as = owner) => ctx().request("DELETE", url(id), { as });
  const db = () => ctx().database.db;
  const activity = async (entityId: string) =>
    (
      await ctx().request("GET", `/api/properties/${pid}/activity?entityId=${entityId}`, { as: owner })
    ).json();

  beforeAll(async () => {
    owner = await ctx().signIn();
    pid = await ctx().propertyOf(owner);
    clerk = await addMember(ctx(), owner, pid, "front_desk");
  });

  describe("PATCH", () => {
    it("changes only the fields sent and logs them", async () => {
      const type = await createRoomType(db(), pid, { name: "Twin", capacity: 2, baseRate: 1000 });
      const response = await patch(type.id, { capacity: 3, baseRate: 1250.5 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: type.id, name: "Twin", capacity: 3, baseRate: 1250.5 });
      const [entry] = await activity(type.id);
      expect(entry).toMatchObject({
        action: "room_type.updated",
        changes: { capacity: { before: 2, after: 3 }, baseRate: { before: 1000, after: 1250.5 } },
      });
    });

    it("copies a new name onto the type's rooms, and the stays booked in them are not re-priced", async () => {
      const type = await createRoomType(db(), pid, { name: "(unnamed)", baseRate: 1000 });
      const room = await createRoom(db(), pid, { number: "R-1", roomType: type });
      const stay = await ctx().request("POST", `/api/properties/${pid}/reservations`, {
        as: owner,
        body: { roomId: room.id, checkInDate: "2030-01-10", checkOutDate: "2030-01-12" },
      });
      expect(stay.json()).toMatchObject({ total: 2000 });
      const response = await patch(type.id, { name: "Garden Twin", baseRate: 5000 });
      expect(response.statusCode).toBe(200);
      const rooms = (await ctx().request("GET", `/api/properties/${pid}/rooms`, { as: owner })).json();
      expect(rooms.find((r: { id: string }) => r.id === room.id)).toMatchObject({
        roomTypeName: "Garden Twin",
      });
      const after = await ctx().request("GET", `/api/properties/${pid}/reservations/${stay.json().id}`, {
        as: owner,
      });
      expect(after.json()).toMatchObject({ total: 2000 });
    });

    it.each([
      ["an empty body", {}, "send at least one of"],
      ["a negative capacity", { capacity: -1 }, "capacity"],
      ["a price with three decimals", { baseRate: 1.234 }, "baseRate"],
      ["an unknown field", { color: "red" }, "color"],
      ["a name that is not text", { name: 7 }, "name"],
    ])("refuses %s with 400 and changes nothing", async (_label, body, field) => {
      const type = await createRoomType(db(), pid, { name: "Keep", capacity: 2 });
      const response = await patch(type.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: "validation" });
      expect(response.json().error.message).toContain(field);
      expect((await patch(type.id, { name: "Keep" })).json()).toMatchObject({ capacity: 2 });
    });

    it("answers 404 for an unknown id and 403 to the front desk", async () => {
      expect((await patch(UNKNOWN_ID, { name: "X" })).statusCode).toBe(404);
      const type = await createRoomType(db(), pid, { name: "Mine" });
      const forbidden = await patch(type.id, { name: "Theirs" }, clerk);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error.code).toBe("forbidden");
    });
  });

  describe("DELETE", () => {
    it("refuses a type that still has rooms with 409 in_use naming them", async () => {
      const type = await createRoomType(db(), pid, { name: "Twin" });
      await createRoom(db(), pid, { number: "T-2", roomType: type });
      await createRoom(db(), pid, { number: "T-1", roomType: type });
      const response = await remove(type.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: "in_use",
        message: 'Room type "Twin" is in use: it still has 2 rooms (T-1, T-2)',
      });
      expect(
        (await ctx().request("GET", `/api/properties/${pid}/room-types`, { as: owner })).json(),
      ).toContainEqual(expect.objectContaining({ id: type.id }));
    });

    it("refuses a type that a booked stay without a room needs", async () => {
      const type = await createRoomType(db(), pid, { name: "Loft" });
      // The inventory rule keeps such a stay from being booked into a type without rooms, and a type's last
      // room from going while it holds one; a stay written before those rules is still protected.
      const stay = await db().transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        return createReservation(tx, pid, {
          roomTypeId: type.id,
          checkInDate: "2030-02-01",
          checkOutDate: "2030-02-03",
        });
      });
      const response = await remove(type.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: "in_use",
        message: `Room type "Loft" is in use: stay ${stay.code} (2030-02-01 to 2030-02-03) is booked`,
      });
      expect((await findReservation(db(), stay.id))?.roomTypeId).toBe(type.id);
    });

    it("deletes a type nothing needs: past stays keep its name and the report its revenue; its overrides go", async () => {
      const user = await ctx().signIn();
      const own = await ctx().propertyOf(user);
      const type = await createRoomType(db(), own, { name: "Old Wing" });
      const room = await createRoom(db(), own, { number: "OW-1", roomType: type });
      const past = await createReservation(db(), own, {
        room,
        status: "checked_out",
        checkInDate: "2030-03-01",
        checkOutDate: "2030-03-03",
        nightlyRates: [1000, 1200.5],
      });
      await createReservation(db(), own, {
        room,
        status: "cancelled",
        checkInDate: "2030-03-05",
        checkOutDate: "2030-03-06",
      });
      await createRateOverride(db(), own, { date: "2030-04-01", roomTypeId: type.id, price: 1 });
      const report = `/api/properties/${own}/reports/occupancy?from=2030-03-01&to=2030-03-08`;
      const before = (await ctx().request("GET", report, { as: user })).json();
      expect(before).toMatchObject({ soldRoomNights: 2, revenue: 2200.5 });

      const changes = await collectChanges(ctx());
      try {
        expect(
          (await ctx().request("DELETE", `/api/properties/${own}/rooms/${room.id}`, { as: user })).statusCode,
        ).toBe(200);
        const response = await ctx().request("DELETE", `/api/properties/${own}/room-types/${type.id}`, {
          as: user,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: type.id, name: "Old Wing" });
        await changes.waitFor({ type: "room_type.deleted", entityType: "room_type", entityId: type.id });
      } finally {
        await changes.stop();
      }

      expect((await ctx().request("GET", `/api/properties/${own}/room-types`, { as: user })).json()).toEqual(
        [],
      );
      expect(
        (await ctx().request("GET", `/api/properties/${own}/rate-overrides`, { as: user })).json(),
      ).toEqual([]);
      const [kept] = await queryRows<{
        room_type_id: string | null;
        room_type_name: string;
        room_number: string;
      }>(db(), sql`select room_type_id, room_type_name, room_number from reservations where id = ${past.id}`);
      expect(kept).toEqual({ room_type_id: null, room_type_name: "Old Wing", room_number: "OW-1" });
      const stay = await ctx().request("GET", `/api/properties/${own}/reservations/${past.id}`, { as: user });
      expect(stay.json()).toMatchObject({
        roomId: null,
        roomNumber: "OW-1",
        roomTypeId: null,
        total: 2200.5,
      });
      // The room is gone from the denominator; what was sold is not.
      expect((await ctx().request("GET", report, { as: user })).json()).toMatchObject({
        soldRoomNights: 2,
        revenue: 2200.5,
        adr: 1100.25,
      });
      const [entry] = (
        await ctx().request("GET", `/api/properties/${own}/activity?entityId=${type.id}`, { as: user })
      ).json();
      expect(entry).toMatchObject({
        action: "room_type.deleted",
        changes: { name: { before: "Old Wing", after: null } },
      });
    });

    it("answers 404 for an unknown id and 403 to the front desk, deleting nothing", async () => {
      expect((await remove(UNKNOWN_ID)).statusCode).toBe(404);
      const type = await createRoomType(db(), pid, { name: "Spare" });
      const forbidden = await remove(type.id, clerk);
      expect(forbidden.statusCode).toBe(403);
      expect((await patch(type.id, { name: "Spare" })).statusCode).toBe(200);
    });
  });

  it("is described in the OpenAPI document", async () => {
    const { paths } = (await ctx().request("GET", "/api/openapi.json")).json();
    const one = paths["/api/properties/{pid}/room-types/{id}"];
    expect(one.patch.tags).toEqual(["room-types"]);
    expect(one.delete.tags).toEqual(["room-types"]);
    expect(one.patch.requestBody.content["application/json"].schema.properties).toHaveProperty("baseRate");
    expect(one.patch.responses).toHaveProperty("200");
    expect(one.delete.responses).toHaveProperty("200");
  });
});
