import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { describeBackends, type TestUser } from "../../test/harness.js";
import { collectChanges } from "../../test/manager.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describeBackends("rate overrides", (ctx) => {
  let owner: TestUser;
  let pid: string;
  let deluxeId: string;
  let suiteId: string;
  let other: TestUser;
  let otherPid: string;
  let otherTypeId: string;

  const url = (propertyId: string) => `/api/properties/${propertyId}/rate-overrides`;
  const save = (body: unknown, as: TestUser = owner, propertyId = pid) =>
    ctx().request("POST", url(propertyId), { as, body });

  async function createRoomType(as: TestUser, propertyId: string, name: string): Promise<string> {
    const response = await ctx().request("POST", `/api/properties/${propertyId}/room-types`, {
      as,
      body: { name },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  async function countOverrides(): Promise<number> {
    const result = await ctx().database.db.execute(sql`select count(*)::int as n from rate_overrides`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  }

  beforeAll(async () => {
    owner = await ctx().signIn();
    pid = await ctx().propertyOf(owner);
    // Created in reverse alphabetical order, so a list sorted by creation would put Suite first.
    suiteId = await createRoomType(owner, pid, "Suite");
    deluxeId = await createRoomType(owner, pid, "Deluxe");
    other = await ctx().signIn();
    otherPid = await ctx().propertyOf(other);
    otherTypeId = await createRoomType(other, otherPid, "Theirs");
  });

  describe("POST", () => {
    it("saves an override for all room types and answers 201 with it", async () => {
      const response = await save({ date: "2029-03-01", price: 2500.5, minLOS: 2, stopSell: true });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        id: expect.stringMatching(UUID),
        propertyId: pid,
        date: "2029-03-01",
        roomTypeId: null,
        roomTypeName: null,
        price: 2500.5,
        minLOS: 2,
        stopSell: true,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect((await ctx().request("GET", url(pid), { as: owner })).json()).toContainEqual(body);
    });

    it("saves an override for one room type with its name", async () => {
      const response = await save({ date: "2029-03-02", roomTypeId: deluxeId, price: 1800 });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        date: "2029-03-02",
        roomTypeId: deluxeId,
        roomTypeName: "Deluxe",
        price: 1800,
        minLOS: 1,
        stopSell: false,
      });
    });

    it.each([
      ["empty strings", "2029-04-01", { price: "", minLOS: "" }],
      ["nulls", "2029-04-02", { price: null, minLOS: null }],
      ["missing fields", "2029-04-03", {}],
    ])("keeps no price (the base rate applies), min LOS 1 and stop sell off for %s", async (_label, date, fields) => {
      const response = await save({ date, ...fields });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        date,
        roomTypeId: null,
        price: null,
        minLOS: 1,
        stopSell: false,
      });
    });

    it("replaces the override when the same date and room type are saved again", async () => {
      const first = await save({ date: "2029-05-01", roomTypeId: suiteId, price: 3000, minLOS: 2 });
      expect(first.statusCode).toBe(201);
      const before = await countOverrides();
      const second = await save({ date: "2029-05-01", roomTypeId: suiteId, price: 3500, stopSell: true });
      expect(second.statusCode).toBe(201);
      expect(second.json()).toMatchObject({
        id: first.json().id,
        date: "2029-05-01",
        roomTypeId: suiteId,
        roomTypeName: "Suite",
        price: 3500,
        minLOS: 1,
        stopSell: true,
      });
      expect(await countOverrides()).toBe(before);
      const list = (await ctx().request("GET", url(pid), { as: owner })).json() as { date: string }[];
      expect(list.filter((override) => override.date === "2029-05-01")).toEqual([second.json()]);
    });

    it("replaces the all-room-types override too (NULL counts as one value)", async () => {
      const first = await save({ date: "2029-05-02", price: 1000 });
      const before = await countOverrides();
      const second = await save({ date: "2029-05-02", roomTypeId: null, price: 1200 });
      expect(second.statusCode).toBe(201);
      expect(second.json()).toMatchObject({ id: first.json().id, roomTypeId: null, price: 1200 });
      expect(await countOverrides()).toBe(before);
    });

    it("keeps the all-room-types and a room type's override of one date apart", async () => {
      const before = await countOverrides();
      const all = await save({ date: "2029-05-03", price: 1000 });
      const deluxe = await save({ date: "2029-05-03", roomTypeId: deluxeId, price: 1500 });
      expect([all.statusCode, deluxe.statusCode]).toEqual([201, 201]);
      expect(all.json().id).not.toBe(deluxe.json().id);
      expect(await countOverrides()).toBe(before + 2);
    });

    it("keeps one row when the same pair is saved concurrently", async () => {
      const before = await countOverrides();
      const responses = await Promise.all(
        [100, 200, 300, 400, 500].map((price) => save({ date: "2029-05-04", roomTypeId: deluxeId, price })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
      expect(await countOverrides()).toBe(before + 1);
    });

    it.each([
      ["an unknown room type", UNKNOWN_ID],
      ["another tenant's room type", "other"],
    ])("answers 404 for %s and writes nothing", async (_label, typeId) => {
      const before = await countOverrides();
      const roomTypeId = typeId === "other" ? otherTypeId : typeId;
      const response = await save({ date: "2029-06-01", roomTypeId, price: 10 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not_found", message: "Room type not found" } });
      expect(await countOverrides()).toBe(before);
    });

    it.each([
      ["date", {}],
      ["date", { date: "2029-02-30" }],
      ["date", { date: "2025-2-3" }],
      ["date", { date: "01/03/2025" }],
      ["date", { date: 20250301 }],
      ["date", { date: "" }],
      ["price", { date: "2029-06-02", price: -1 }],
      ["price", { date: "2029-06-02", price: 1.234 }],
      ["price", { date: "2029-06-02", price: "2000" }],
      ["price", { date: "2029-06-02", price: 100_000_001 }],
      ["minLOS", { date: "2029-06-02", minLOS: 0 }],
      ["minLOS", { date: "2029-06-02", minLOS: -2 }],
      ["minLOS", { date: "2029-06-02", minLOS: 1.5 }],
      ["minLOS", { date: "2029-06-02", minLOS: 366 }],
      ["stopSell", { date: "2029-06-02", stopSell: "yes" }],
      ["stopSell", { date: "2029-06-02", stopSell: null }],
      ["roomTypeId", { date: "2029-06-02", roomTypeId: "deluxe" }],
      ["roomTypeId", { date: "2029-06-02", roomTypeId: "" }],
      ["minLos", { date: "2029-06-02", minLos: 2 }],
      ["note", { date: "2029-06-02", note: "x".repeat(201) }],
    ])("rejects a bad %s with 400 naming it and writes nothing (%j)", async (field, body) => {
      const before = await countOverrides();
      const response = await save(body);
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe("validation");
      expect(error.message).toContain(field);
      expect(await countOverrides()).toBe(before);
    });

    it("answers 401 when signed out and writes nothing", async () => {
      const before = await countOverrides();
      const response = await ctx().request("POST", url(pid), { body: { date: "2029-07-01" } });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe("unauthenticated");
      expect(await countOverrides()).toBe(before);
    });

    it("answers 404 for another tenant's property and writes nothing", async () => {
      const before = await countOverrides();
      const response = await save({ date: "2029-07-02", roomTypeId: otherTypeId }, owner, otherPid);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
      expect(await countOverrides()).toBe(before);
    });
  });

  describe("GET", () => {
    it("sorts by date, then All before room types, then by room type name", async () => {
      const user = await ctx().signIn();
      const ownPid = await ctx().propertyOf(user);
      expect((await ctx().request("GET", url(ownPid), { as: user })).json()).toEqual([]);
      const suite = await createRoomType(user, ownPid, "Suite");
      const deluxe = await createRoomType(user, ownPid, "Deluxe");
      const saves: [string, string | null][] = [
        ["2029-08-02", suite],
        ["2029-08-01", suite],
        ["2029-08-01", null],
        ["2029-08-01", deluxe],
        ["2029-08-02", null],
        ["2029-07-31", deluxe],
      ];
      for (const [date, roomTypeId] of saves) {
        expect((await save({ date, roomTypeId, price: 100 }, user, ownPid)).statusCode).toBe(201);
      }
      const response = await ctx().request("GET", url(ownPid), { as: user });
      expect(response.statusCode).toBe(200);
      const list = response.json() as { date: string; roomTypeName: string | null; propertyId: string }[];
      expect(list.map((override) => [override.date, override.roomTypeName])).toEqual([
        ["2029-07-31", "Deluxe"],
        ["2029-08-01", null],
        ["2029-08-01", "Deluxe"],
        ["2029-08-01", "Suite"],
        ["2029-08-02", null],
        ["2029-08-02", "Suite"],
      ]);
      expect(list.every((override) => override.propertyId === ownPid)).toBe(true);
    });

    it("answers 401 when signed out and 404 for another tenant's property", async () => {
      expect((await ctx().request("GET", url(pid))).statusCode).toBe(401);
      expect((await save({ date: "2029-09-01" }, other, otherPid)).statusCode).toBe(201);
      const response = await ctx().request("GET", url(otherPid), { as: owner });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("not_found");
    });
  });

  it("announces a saved override on the change feed", async () => {
    const changes = await collectChanges(ctx());
    try {
      const response = await save({ date: "2029-10-01", roomTypeId: deluxeId, price: 999 });
      expect(response.statusCode).toBe(201);
      const id = response.json().id;
      await changes.waitFor({ propertyId: pid, type: "rate_override.saved", entityId: id });
    } finally {
      await changes.stop();
    }
  });

  it("is described in the OpenAPI document", async () => {
    const { paths } = (await ctx().request("GET", "/api/openapi.json")).json();
    const path = paths["/api/properties/{pid}/rate-overrides"];
    expect(path.get.tags).toEqual(["rate-overrides"]);
    expect(path.post.tags).toEqual(["rate-overrides"]);
    expect(path.post.requestBody.content["application/json"].schema.required).toContain("date");
    expect(path.post.responses).toHaveProperty("201");
  });
});
