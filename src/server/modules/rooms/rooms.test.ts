import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { HK_STATUSES } from "../../../domain/constants.js";
import { describeBackends, type TestUser } from "../../test/harness.js";
import { collectChanges } from "../../test/manager.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describeBackends("rooms", (ctx) => {
  let owner: TestUser;
  let pid: string;
  let deluxeId: string;
  let other: TestUser;
  let otherPid: string;
  let otherTypeId: string;
  let otherRoomId: string;

  const url = (propertyId: string) => `/api/properties/${propertyId}/rooms`;
  const create = (body: unknown, as: TestUser = owner, propertyId = pid) =>
    ctx().request("POST", url(propertyId), { as, body });
  const patch = (roomId: string, body: unknown, as: TestUser = owner, propertyId = pid) =>
    ctx().request("PATCH", `${url(propertyId)}/${roomId}`, { as, body });

  async function createdId(response: { statusCode: number; json(): { id: string } }): Promise<string> {
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  async function countRooms(): Promise<number> {
    const result = await ctx().database.db.execute(sql`select count(*)::int as n from rooms`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  }

  async function hkStatusOf(roomId: string): Promise<string | undefined> {
    const result = await ctx().database.db.execute(sql`select hk_status from rooms where id = ${roomId}`);
    return (result as unknown as { rows: { hk_status: string }[] }).rows[0]?.hk_status;
  }

  beforeAll(async () => {
    owner = await ctx().signIn();
    pid = await ctx().propertyOf(owner);
    other = await ctx().signIn();
    otherPid = await ctx().propertyOf(other);
    deluxeId = await createdId(
      await ctx().request("POST", `/api/properties/${pid}/room-types`, {
        as: owner,
        body: { name: "Deluxe" },
      }),
    );
    otherTypeId = await createdId(
      await ctx().request("POST", `/api/properties/${otherPid}/room-types`, {
        as: other,
        body: { name: "Theirs" },
      }),
    );
    otherRoomId = await createdId(await create({ number: "900" }, other, otherPid));
  });

  describe("POST", () => {
    it("creates a vacant, clean room on floor 1 and answers 201 with it", async () => {
      const response = await create({ number: "101" });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        id: expect.stringMatching(UUID),
        propertyId: pid,
        number: "101",
        floor: 1,
        roomTypeId: null,
        roomTypeName: null,
        status: "vacant",
        hkStatus: "clean",
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect((await ctx().request("GET", url(pid), { as: owner })).json()).toContainEqual(body);
    });

    it("copies the room type's name onto the room", async () => {
      const response = await create({ number: "102", roomTypeId: deluxeId, floor: 3 });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        number: "102",
        floor: 3,
        roomTypeId: deluxeId,
        roomTypeName: "Deluxe",
      });
    });

    it.each([
      ["an empty string", "", 1],
      ["null", null, 1],
      ["a basement floor", -1, -1],
    ])("stores floor %s as %s", async (_label, floor, expected) => {
      const response = await create({ number: `F${String(floor)}`, floor });
      expect(response.statusCode).toBe(201);
      expect(response.json().floor).toBe(expected);
    });

    it("trims the number and answers 409 for a duplicate, writing nothing", async () => {
      expect((await create({ number: "201" })).statusCode).toBe(201);
      const before = await countRooms();
      for (const number of ["201", "  201 "]) {
        const response = await create({ number, roomTypeId: deluxeId });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ error: { code: "conflict", message: "Room 201 already exists" } });
      }
      expect(await countRooms()).toBe(before);
    });

    it("lets another property use the same number", async () => {
      expect((await create({ number: "301" })).statusCode).toBe(201);
      expect((await create({ number: "301" }, other, otherPid)).statusCode).toBe(201);
    });

    it("creates exactly one room when the same number is posted concurrently", async () => {
      const before = await countRooms();
      const responses = await Promise.all(Array.from({ length: 8 }, () => create({ number: "401" })));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      expect(await countRooms()).toBe(before + 1);
    });

    it.each([
      ["an unknown room type", UNKNOWN_ID],
      ["another tenant's room type", "other"],
    ])("answers 404 for %s and writes nothing", async (_label, typeId) => {
      const before = await countRooms();
      const roomTypeId = typeId === "other" ? otherTypeId : typeId;
      const response = await create({ number: "501", roomTypeId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not_found", message: "Room type not found" } });
      expect(await countRooms()).toBe(before);
    });

    it.each([
      ["number", {}],
      ["number", { number: "" }],
      ["number", { number: "   " }],
      ["number", { number: 101 }],
      ["number", { number: "1".repeat(21) }],
      ["number", { number: "1".repeat(201) }],
      ["floor", { number: "601", floor: 1.5 }],
      ["floor", { number: "601", floor: -11 }],
      ["floor", { number: "601", floor: 1001 }],
      ["floor", { number: "601", floor: "3" }],
      ["roomTypeId", { number: "601", roomTypeId: "not-a-uuid" }],
      ["roomTypeId", { number: "601", roomTypeId: 7 }],
      ["status", { number: "601", status: "occupied" }],
      ["hkStatus", { number: "601", hkStatus: "dirty" }],
    ])("rejects a bad %s with 400 naming it and writes nothing (%j)", async (field, body) => {
      const before = await countRooms();
      const response = await create(body);
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe("validation");
      expect(error.message).toContain(field);
      expect(await countRooms()).toBe(before);
    });

    it("answers 401 when signed out and writes nothing", async () => {
      const before = await countRooms();
      const response = await ctx().request("POST", url(pid), { body: { number: "701" } });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe("unauthenticated");
      expect(await countRooms()).toBe(before);
    });

    it("answers 404 for another tenant's property and writes nothing", async () => {
      const before = await countRooms();
      const response = await create({ number: "702" }, owner, otherPid);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
      expect(await countRooms()).toBe(before);
    });
  });

  describe("GET", () => {
    it("lists the property's rooms in natural number order", async () => {
      const user = await ctx().signIn();
      const ownPid = await ctx().propertyOf(user);
      expect((await ctx().request("GET", url(ownPid), { as: user })).json()).toEqual([]);
      for (const number of ["G-10", "10", "2", "101", "G-2", "1"]) {
        expect((await create({ number }, user, ownPid)).statusCode).toBe(201);
      }
      const response = await ctx().request("GET", url(ownPid), { as: user });
      expect(response.statusCode).toBe(200);
      const list = response.json() as { number: string; propertyId: string }[];
      expect(list.map((room) => room.number)).toEqual(["1", "2", "10", "101", "G-2", "G-10"]);
      expect(list.every((room) => room.propertyId === ownPid)).toBe(true);
    });

    it("answers 401 when signed out and 404 for another tenant's property", async () => {
      expect((await ctx().request("GET", url(pid))).statusCode).toBe(401);
      const response = await ctx().request("GET", url(otherPid), { as: owner });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("not_found");
    });
  });

  describe("PATCH /rooms/:id", () => {
    let roomId: string;

    beforeAll(async () => {
      roomId = await createdId(await create({ number: "801", roomTypeId: deluxeId, floor: 8 }));
    });

    it("sets the housekeeping status and answers 200 with the room", async () => {
      const response = await patch(roomId, { hkStatus: "dirty" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: roomId,
        propertyId: pid,
        number: "801",
        floor: 8,
        roomTypeId: deluxeId,
        roomTypeName: "Deluxe",
        status: "vacant",
        hkStatus: "dirty",
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(await hkStatusOf(roomId)).toBe("dirty");
    });

    it("allows every housekeeping status to follow every other", async () => {
      for (const from of HK_STATUSES) {
        for (const to of HK_STATUSES) {
          expect((await patch(roomId, { hkStatus: from })).statusCode).toBe(200);
          const response = await patch(roomId, { hkStatus: to });
          expect(response.statusCode).toBe(200);
          expect(response.json().hkStatus).toBe(to);
          expect(await hkStatusOf(roomId)).toBe(to);
        }
      }
    });

    it("answers 404 for an unknown room", async () => {
      const response = await patch(UNKNOWN_ID, { hkStatus: "dirty" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
    });

    it("answers 404 for another tenant's room and leaves it unchanged", async () => {
      const response = await patch(otherRoomId, { hkStatus: "dirty" });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("not_found");
      expect(await hkStatusOf(otherRoomId)).toBe("clean");
    });

    it("answers 404 through another tenant's property and leaves the room unchanged", async () => {
      const response = await patch(otherRoomId, { hkStatus: "dirty" }, owner, otherPid);
      expect(response.statusCode).toBe(404);
      expect(await hkStatusOf(otherRoomId)).toBe("clean");
    });

    it("answers 401 when signed out and leaves the room unchanged", async () => {
      expect((await patch(roomId, { hkStatus: "inspected" })).statusCode).toBe(200);
      const response = await ctx().request("PATCH", `${url(pid)}/${roomId}`, { body: { hkStatus: "dirty" } });
      expect(response.statusCode).toBe(401);
      expect(await hkStatusOf(roomId)).toBe("inspected");
    });

    it.each([
      ["hkStatus", { hkStatus: "filthy" }],
      ["hkStatus", {}],
      ["hkStatus", { hkStatus: null }],
      ["status", { hkStatus: "dirty", status: "occupied" }],
      ["number", { hkStatus: "dirty", number: "" }],
    ])("rejects a bad %s with 400 naming it and changes nothing (%j)", async (field, body) => {
      expect((await patch(roomId, { hkStatus: "in_progress" })).statusCode).toBe(200);
      const response = await patch(roomId, body);
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe("validation");
      expect(error.message).toContain(field);
      expect(await hkStatusOf(roomId)).toBe("in_progress");
    });

    it("rejects a room id that is not a uuid with 400 naming it", async () => {
      const response = await patch("101", { hkStatus: "dirty" });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: "validation",
          message: "id: must be a valid id",
          fields: [{ field: "id", message: "must be a valid id" }],
        },
      });
    });
  });

  it("announces a created and an updated room on the change feed", async () => {
    const changes = await collectChanges(ctx());
    try {
      const id = await createdId(await create({ number: "LIVE-1" }));
      await changes.waitFor({ propertyId: pid, type: "room.created", entityType: "room", entityId: id });
      expect((await patch(id, { hkStatus: "dirty" })).statusCode).toBe(200);
      await changes.waitFor({ propertyId: pid, type: "room.hk_status_changed", entityId: id });
    } finally {
      await changes.stop();
    }
  });

  it("is described in the OpenAPI document", async () => {
    const { paths } = (await ctx().request("GET", "/api/openapi.json")).json();
    const list = paths["/api/properties/{pid}/rooms"];
    const one = paths["/api/properties/{pid}/rooms/{id}"];
    expect(list.get.tags).toEqual(["rooms"]);
    expect(list.post.requestBody.content["application/json"].schema.required).toContain("number");
    expect(list.post.responses).toHaveProperty("201");
    expect(one.patch.tags).toEqual(["rooms"]);
    expect(one.patch.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["id", "pid"]);
    expect(one.patch.requestBody.content["application/json"].schema.properties.hkStatus.enum).toEqual([
      ...HK_STATUSES,
    ]);
  });
});
