import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../../domain/constants.js";
import { roomNumberRange } from "../../../domain/room-ranges.js";
import { addMember } from "../../hardening/support.js";
import { describeBackends, type TestUser } from "../../test/harness.js";
import { collectChanges } from "../../test/manager.js";

describeBackends("rooms: add rooms in bulk", (ctx) => {
  let owner: TestUser;
  let pid: string;
  let deluxeId: string;

  const bulk = (body: unknown, as: TestUser = owner, propertyId = pid) =>
    ctx().request("POST", `/api/properties/${propertyId}/rooms/bulk`, { as, body });

  async function count(table: "rooms" | "activity"): Promise<number> {
    const result = await ctx().database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where property_id = ${pid}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  }

  beforeAll(async () => {
    owner = await ctx().signIn();
    pid = await ctx().propertyOf(owner);
    const type = await ctx().request("POST", `/api/properties/${pid}/room-types`, {
      as: owner,
      body: { name: "Deluxe" },
    });
    deluxeId = type.json().id;
  });

  it("creates 101 to 112 of one type on one floor, in order, with one entry each", async () => {
    const { numbers } = roomNumberRange("101", "112");
    const entriesBefore = await count("activity");
    const response = await bulk({ numbers, roomTypeId: deluxeId, floor: 1 });
    expect(response.statusCode).toBe(201);
    const created = response.json() as { number: string; floor: number; roomTypeName: string }[];
    expect(created.map((room) => room.number)).toEqual(numbers);
    expect(created.every((room) => room.floor === 1 && room.roomTypeName === "Deluxe")).toBe(true);
    const list = (await ctx().request("GET", `/api/properties/${pid}/rooms`, { as: owner })).json();
    expect(list.map((room: { number: string }) => room.number)).toEqual(numbers);
    expect(await count("activity")).toBe(entriesBefore + 12);
    const log = await ctx().request("GET", `/api/properties/${pid}/activity?limit=12`, { as: owner });
    const actions = log.json().map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(Array(12).fill("room.created"));
  });

  it("refuses the whole list with 409 naming every taken number, writing nothing", async () => {
    const rooms = await count("rooms");
    const entries = await count("activity");
    const response = await bulk({ numbers: ["110", "111", "112", "113", "114"], roomTypeId: deluxeId });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: "conflict", message: "Rooms 110, 111, 112 already exist" },
    });
    expect(await count("rooms")).toBe(rooms);
    expect(await count("activity")).toBe(entries);
    const one = await bulk({ numbers: ["113", "112"] });
    expect(one.json().error.message).toBe("Room 112 already exists");
    expect(await count("rooms")).toBe(rooms);
  });

  it.each([
    ["numbers", {}],
    ["numbers", { numbers: [] }],
    ["numbers", { numbers: ["1", " 1 "] }],
    ["numbers", { numbers: ["201", ""] }],
    ["numbers", { numbers: Array.from({ length: LIMITS.bulkRooms + 1 }, (_, i) => `X${i}`) }],
    ["floor", { numbers: ["202"], floor: 1.5 }],
    ["roomTypeId", { numbers: ["202"], roomTypeId: "nope" }],
    ["status", { numbers: ["202"], status: "occupied" }],
  ])("rejects a bad %s with 400 and writes nothing (%#)", async (field, body) => {
    const rooms = await count("rooms");
    const response = await bulk(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation");
    expect(response.json().error.message).toContain(field);
    expect(await count("rooms")).toBe(rooms);
  });

  it("answers 404 for an unknown room type and writes nothing", async () => {
    const rooms = await count("rooms");
    const response = await bulk({ numbers: ["301"], roomTypeId: "00000000-0000-4000-8000-000000000000" });
    expect(response.statusCode).toBe(404);
    expect(await count("rooms")).toBe(rooms);
  });

  it("is for managers: 403 to the front desk, 404 for another tenant", async () => {
    const clerk = await addMember(ctx(), owner, pid, "front_desk");
    const rooms = await count("rooms");
    expect((await bulk({ numbers: ["401"] }, clerk)).statusCode).toBe(403);
    const stranger = await ctx().signIn();
    expect((await bulk({ numbers: ["401"] }, stranger)).statusCode).toBe(404);
    expect(await count("rooms")).toBe(rooms);
  });

  it("creates the allowed maximum in one request", async () => {
    const { numbers } = roomNumberRange("1001", String(1000 + LIMITS.bulkRooms));
    const response = await bulk({ numbers, floor: 10 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toHaveLength(LIMITS.bulkRooms);
  });

  it("announces each room on the change feed, as single creates do", async () => {
    const changes = await collectChanges(ctx());
    try {
      const response = await bulk({ numbers: ["LIVE-1", "LIVE-2"] });
      expect(response.statusCode).toBe(201);
      for (const room of response.json() as { id: string }[]) {
        await changes.waitFor({
          propertyId: pid,
          type: "room.created",
          entityType: "room",
          entityId: room.id,
        });
      }
    } finally {
      await changes.stop();
    }
  });

  describe("OpenAPI", () => {
    it("describes the endpoint", async () => {
      const { paths } = (await ctx().request("GET", "/api/openapi.json")).json();
      const post = paths["/api/properties/{pid}/rooms/bulk"].post;
      expect(post.tags).toEqual(["rooms"]);
      expect(post.responses).toHaveProperty("201");
      expect(post.responses).toHaveProperty("409");
    });
  });
});
