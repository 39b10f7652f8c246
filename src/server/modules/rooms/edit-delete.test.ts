import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../../hardening/support.js";
import { createReservation, createRoom, createRoomType, findRoom } from "../../test/factories.js";
import { describeBackends, TEST_NOW, type TestUser } from "../../test/harness.js";
import { collectChanges, queryRows } from "../../test/manager.js";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describeBackends("rooms: edit and delete", (ctx) => {
  let owner: TestUser;
  let clerk: TestUser;
  let housekeeper: TestUser;
  let pid: string;
  const db = () => ctx().database.db;
  const base = () => `/api/properties/${pid}`;
  const patch = (id: string, body: unknown, as = owner) =>
    ctx().request("PATCH", `${base()}/rooms/${id}`, { as, body });
  const remove = (id: string, as = owner) => ctx().request("DELETE", `${base()}/rooms/${id}`, { as });
  const book = (body: Record<string, unknown>) =>
    ctx().request("POST", `${base()}/reservations`, { as: owner, body });
  const actions = async (entityId: string) =>
    (await ctx().request("GET", `${base()}/activity?entityId=${entityId}`, { as: owner }))
      .json()
      .map((entry: { action: string }) => entry.action);

  beforeAll(async () => {
    owner = await ctx().signIn();
    pid = await ctx().propertyOf(owner);
    clerk = await addMember(ctx(), owner, pid, "front_desk");
    housekeeper = await addMember(ctx(), owner, pid, "housekeeping");
  });

  describe("PATCH", () => {
    it("renumbers and moves a room to another floor, logged as room.updated", async () => {
      const room = await createRoom(db(), pid, { number: "E-1", floor: 1 });
      const response = await patch(room.id, { number: "E-100", floor: 3 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: room.id, number: "E-100", floor: 3, hkStatus: "clean" });
      expect(await actions(room.id)).toEqual(["room.updated"]);
      // Housekeeping's change keeps its own action name.
      expect((await patch(room.id, { hkStatus: "dirty" }, housekeeper)).statusCode).toBe(200);
      expect(await actions(room.id)).toEqual(["room.hk_status_changed", "room.updated"]);
    });

    it("refuses a number another room has with 409, also when two renumber at once", async () => {
      await createRoom(db(), pid, { number: "N-1" });
      const room = await createRoom(db(), pid, { number: "N-2" });
      const clash = await patch(room.id, { number: "N-1" });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().error).toEqual({ code: "conflict", message: "Room N-1 already exists" });
      expect((await findRoom(db(), pid, room.id))?.number).toBe("N-2");
      const [a, b] = await Promise.all([
        createRoom(db(), pid, { number: "N-3" }),
        createRoom(db(), pid, { number: "N-4" }),
      ]);
      const answers = await Promise.all([
        patch(a?.id ?? "", { number: "N-9" }),
        patch(b?.id ?? "", { number: "N-9" }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    });

    it("lets every role set the housekeeping status but only managers touch number, type and floor", async () => {
      const room = await createRoom(db(), pid, { number: "P-1" });
      for (const as of [clerk, housekeeper]) {
        expect((await patch(room.id, { hkStatus: "inspected" }, as)).statusCode).toBe(200);
        for (const body of [
          { number: "P-2" },
          { floor: 2 },
          { roomTypeId: null },
          { hkStatus: "dirty", floor: 9 },
        ]) {
          const response = await patch(room.id, body, as);
          expect(response.statusCode, JSON.stringify(body)).toBe(403);
          expect(response.json().error.code).toBe("forbidden");
        }
        // 403 before 400: a value they may not send at all is not judged.
        expect((await patch(room.id, { number: "" }, as)).statusCode).toBe(403);
      }
      expect(await findRoom(db(), pid, room.id)).toMatchObject({
        number: "P-1",
        floor: 1,
        hkStatus: "inspected",
      });
    });

    it.each([
      ["an empty body", {}, "send at least one of"],
      ["an empty number", { number: "  " }, "number"],
      ["a fractional floor", { floor: 1.5 }, "floor"],
      ["a room type id that is not one", { roomTypeId: "deluxe" }, "roomTypeId"],
      ["an unknown field", { status: "occupied" }, "status"],
    ])("refuses %s with 400 and changes nothing", async (_label, body, field) => {
      const room = await createRoom(db(), pid, { number: `V-${field}` });
      const response = await patch(room.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("validation");
      expect(response.json().error.message).toContain(field);
      expect(await findRoom(db(), pid, room.id)).toEqual(room);
    });

    it("answers 404 for an unknown room or room type", async () => {
      expect((await patch(UNKNOWN_ID, { floor: 2 })).statusCode).toBe(404);
      const room = await createRoom(db(), pid, { number: "U-1" });
      const response = await patch(room.id, { roomTypeId: UNKNOWN_ID });
      expect(response.json().error).toEqual({ code: "not_found", message: "Room type not found" });
    });

    it("retypes a free room, taking its type's name, and refuses while a booked stay holds it", async () => {
      const twin = await createRoomType(db(), pid, { name: "Twin", baseRate: 1000 });
      const king = await createRoomType(db(), pid, { name: "King", baseRate: 2000 });
      const room = await createRoom(db(), pid, { number: "K-1", roomType: twin });
      await createRoom(db(), pid, { number: "K-2", roomType: twin });
      const retyped = await patch(room.id, { roomTypeId: king.id });
      expect(retyped.json()).toMatchObject({ roomTypeId: king.id, roomTypeName: "King" });
      const stay = await book({ roomId: room.id, checkInDate: "2030-05-01", checkOutDate: "2030-05-03" });
      expect(stay.json()).toMatchObject({ roomTypeId: king.id, total: 4000 });
      const refused = await patch(room.id, { roomTypeId: twin.id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({
        code: "in_use",
        message: `Room K-1 is in use: stay ${stay.json().code} (2030-05-01 to 2030-05-03) is booked`,
      });
      expect((await findRoom(db(), pid, room.id))?.roomTypeId).toBe(king.id);
      // Renumbering is no change of type: allowed while the stay holds the room.
      expect((await patch(room.id, { number: "K-10" })).statusCode).toBe(200);
    });

    it("refuses a retype that would leave the old type's stays without a room oversold", async () => {
      const user = await ctx().signIn();
      const own = await ctx().propertyOf(user);
      const twin = await createRoomType(db(), own, { name: "Twin" });
      const king = await createRoomType(db(), own, { name: "King" });
      const room = await createRoom(db(), own, { number: "1", roomType: twin });
      await createReservation(db(), own, {
        roomTypeId: twin.id,
        checkInDate: "2030-06-01",
        checkOutDate: "2030-06-02",
      });
      const response = await ctx().request("PATCH", `/api/properties/${own}/rooms/${room.id}`, {
        as: user,
        body: { roomTypeId: king.id },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: "sold_out",
        message: "Room 1 cannot change type: its room type would be overbooked on 2030-06-01",
      });
    });

    it("takes a room's blocks along to its new type's inventory", async () => {
      const user = await ctx().signIn();
      const own = await ctx().propertyOf(user);
      const twin = await createRoomType(db(), own, { name: "Twin" });
      const king = await createRoomType(db(), own, { name: "King" });
      const blocked = await createRoom(db(), own, { number: "1", roomType: twin });
      await createRoom(db(), own, { number: "2", roomType: twin });
      await createRoom(db(), own, { number: "3", roomType: king });
      const night = { checkInDate: "2030-07-01", checkOutDate: "2030-07-02" };
      const block = await ctx().request("POST", `/api/properties/${own}/room-blocks`, {
        as: user,
        body: {
          roomId: blocked.id,
          startDate: night.checkInDate,
          endDate: night.checkOutDate,
          reason: "Paint",
        },
      });
      expect(block.statusCode).toBe(201);
      const move = await ctx().request("PATCH", `/api/properties/${own}/rooms/${blocked.id}`, {
        as: user,
        body: { roomTypeId: king.id },
      });
      expect(move.statusCode).toBe(200);
      const bookType = (roomTypeId: string) =>
        ctx().request("POST", `/api/properties/${own}/reservations`, {
          as: user,
          body: { roomTypeId, ...night },
        });
      // Twin kept room 2, free; King has rooms 1 (blocked) and 3.
      expect((await bookType(twin.id)).statusCode).toBe(201);
      expect((await bookType(twin.id)).statusCode).toBe(409);
      expect((await bookType(king.id)).statusCode).toBe(201);
      expect((await bookType(king.id)).json().error.code).toBe("sold_out");
    });
  });

  describe("DELETE", () => {
    it("refuses a room that a booked stay holds, naming the stay", async () => {
      const room = await createRoom(db(), pid, { number: "D-1" });
      const stay = await book({ roomId: room.id, checkInDate: "2030-08-01", checkOutDate: "2030-08-04" });
      const response = await remove(room.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: "in_use",
        message: `Room D-1 is in use: stay ${stay.json().code} (2030-08-01 to 2030-08-04) is booked`,
      });
      expect(await findRoom(db(), pid, room.id)).toBeDefined();
    });

    it("refuses a room blocked until after today, but not one whose blocks have ended", async () => {
      const room = await createRoom(db(), pid, { number: "D-2" });
      const block = await ctx().request("POST", `${base()}/room-blocks`, {
        as: owner,
        body: { roomId: room.id, startDate: "2030-09-01", endDate: "2030-09-03", reason: "Leak" },
      });
      expect(block.statusCode).toBe(201);
      const refused = await remove(room.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({
        code: "in_use",
        message: "Room D-2 is in use: it is blocked from 2030-09-01 to 2030-09-03 (Leak)",
      });
      // The day the block ends, it no longer needs the room.
      ctx().setNow("2030-09-03T12:00:00Z");
      try {
        expect((await remove(room.id)).statusCode).toBe(200);
      } finally {
        ctx().setNow(TEST_NOW);
      }
      const blocks = await queryRows(db(), sql`select 1 from room_blocks where room_id = ${room.id}`);
      expect(blocks).toEqual([]);
    });

    it("deletes a room whose stays are over: they keep its number, and the feed and the log hear of it", async () => {
      const type = await createRoomType(db(), pid, { name: "Single" });
      const room = await createRoom(db(), pid, { number: "D-3", roomType: type });
      const past = await createReservation(db(), pid, {
        room,
        status: "checked_out",
        checkInDate: "2030-01-01",
        checkOutDate: "2030-01-02",
        total: 900,
      });
      const changes = await collectChanges(ctx());
      try {
        const response = await remove(room.id);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: room.id, number: "D-3", roomTypeName: "Single" });
        await changes.waitFor({ propertyId: pid, type: "room.deleted", entityId: room.id });
      } finally {
        await changes.stop();
      }
      expect(await findRoom(db(), pid, room.id)).toBeUndefined();
      const stay = await ctx().request("GET", `${base()}/reservations/${past.id}`, { as: owner });
      expect(stay.json()).toMatchObject({ roomId: null, roomNumber: "D-3", roomTypeId: type.id, total: 900 });
      expect(await actions(room.id)).toEqual(["room.deleted"]);
    });

    it("refuses to take away the last room a booked stay without a room counts on", async () => {
      const user = await ctx().signIn();
      const own = await ctx().propertyOf(user);
      const type = await createRoomType(db(), own, { name: "Suite" });
      const room = await createRoom(db(), own, { number: "S-1", roomType: type });
      await createReservation(db(), own, {
        roomTypeId: type.id,
        checkInDate: "2030-10-01",
        checkOutDate: "2030-10-02",
      });
      const response = await ctx().request("DELETE", `/api/properties/${own}/rooms/${room.id}`, { as: user });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe("sold_out");
    });

    it("answers 404 for an unknown room and 403 to the front desk and housekeeping", async () => {
      expect((await remove(UNKNOWN_ID)).statusCode).toBe(404);
      const room = await createRoom(db(), pid, { number: "D-4" });
      for (const as of [clerk, housekeeper]) expect((await remove(room.id, as)).statusCode).toBe(403);
      expect(await findRoom(db(), pid, room.id)).toBeDefined();
    });
  });

  it("is described in the OpenAPI document", async () => {
    const { paths } = (await ctx().request("GET", "/api/openapi.json")).json();
    const one = paths["/api/properties/{pid}/rooms/{id}"];
    expect(Object.keys(one.patch.requestBody.content["application/json"].schema.properties).sort()).toEqual([
      "floor",
      "hkStatus",
      "number",
      "roomTypeId",
    ]);
    expect(one.delete.tags).toEqual(["rooms"]);
    expect(one.delete.responses).toHaveProperty("200");
  });
});
