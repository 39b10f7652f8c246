import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { describeBackends, type TestUser } from "../../test/harness.js";
import { collectChanges } from "../../test/manager.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describeBackends("room types", (ctx) => {
  let owner: TestUser;
  let pid: string;
  let other: TestUser;
  let otherPid: string;

  beforeAll(async () => {
    owner = await ctx().signIn();
    pid = await ctx().propertyOf(owner);
    other = await ctx().signIn();
    otherPid = await ctx().propertyOf(other);
  });

  async function countRoomTypes(): Promise<number> {
    const result = await ctx().database.db.execute(sql`select count(*)::int as n from room_types`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  }

  const url = (propertyId: string) => `/api/properties/${propertyId}/room-types`;
  const create = (body: unknown, as: TestUser = owner, propertyId = pid) =>
    ctx().request("POST", url(propertyId), { as, body });

  describe("POST", () => {
    it("creates a room type and answers 201 with it", async () => {
      const response = await create({ name: "Deluxe", capacity: 3, baseRate: 1500 });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        id: expect.stringMatching(UUID),
        propertyId: pid,
        name: "Deluxe",
        capacity: 3,
        baseRate: 1500,
        taxRateId: null,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      const list = await ctx().request("GET", url(pid), { as: owner });
      expect(list.json()).toContainEqual(body);
    });

    it("keeps a two-decimal base rate exactly and trims the name", async () => {
      const response = await create({ name: "  Suite  ", capacity: 0, baseRate: 1499.99 });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name: "Suite", capacity: 0, baseRate: 1499.99 });
    });

    it.each([
      ["empty strings", { name: "Empty", capacity: "", baseRate: "" }],
      ["nulls", { name: "Nulls", capacity: null, baseRate: null }],
      ["missing fields", { name: "Missing" }],
    ])("falls back to capacity 1 and base rate 0 for %s", async (_label, body) => {
      const response = await create(body);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name: body.name, capacity: 1, baseRate: 0 });
    });

    it("accepts an empty body: no field is required", async () => {
      const response = await create({});
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name: "", capacity: 1, baseRate: 0 });
    });

    it.each([
      ["capacity", { capacity: "2" }],
      ["capacity", { capacity: 2.5 }],
      ["capacity", { capacity: -1 }],
      ["capacity", { capacity: 1001 }],
      ["capacity", { capacity: true }],
      ["baseRate", { baseRate: -1 }],
      ["baseRate", { baseRate: 10.005 }],
      ["baseRate", { baseRate: "1500" }],
      ["baseRate", { baseRate: 100_000_001 }],
      ["name", { name: "x".repeat(201) }],
      ["name", { name: 42 }],
      ["color", { name: "Deluxe", color: "red" }],
    ])("rejects a bad %s with 400 naming it and writes nothing (%j)", async (field, body) => {
      const before = await countRoomTypes();
      const response = await create(body);
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe("validation");
      expect(error.message).toContain(field);
      expect(await countRoomTypes()).toBe(before);
    });

    it.each([
      ["an array", "[]"],
      ["malformed JSON", "{"],
      ["null", "null"],
    ])("rejects %s as the body with 400", async (_label, raw) => {
      const before = await countRoomTypes();
      const response = await create(raw);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("validation");
      expect(await countRoomTypes()).toBe(before);
    });

    it("answers 401 when signed out and writes nothing", async () => {
      const before = await countRoomTypes();
      const response = await ctx().request("POST", url(pid), { body: { name: "Anon" } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: "unauthenticated", message: "Sign in required" } });
      expect(await countRoomTypes()).toBe(before);
    });

    it("answers 404 for another tenant's property and writes nothing", async () => {
      const before = await countRoomTypes();
      const response = await create({ name: "Intruder" }, owner, otherPid);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
      expect(await countRoomTypes()).toBe(before);
      const theirs = await ctx().request("GET", url(otherPid), { as: other });
      expect(theirs.json()).toEqual([]);
    });

    it("answers 404 for a property id that is not a uuid", async () => {
      const response = await create({ name: "Nowhere" }, owner, "not-a-uuid");
      expect(response.statusCode).toBe(404);
    });

    it("announces the new room type on the change feed", async () => {
      const changes = await collectChanges(ctx());
      try {
        const response = await create({ name: "Live" });
        expect(response.statusCode).toBe(201);
        const id = response.json().id;
        await changes.waitFor({ propertyId: pid, type: "room_type.created", entityId: id });
      } finally {
        await changes.stop();
      }
    });
  });

  describe("GET", () => {
    it("lists only the property's room types, oldest first", async () => {
      const user = await ctx().signIn();
      const ownPid = await ctx().propertyOf(user);
      expect((await ctx().request("GET", url(ownPid), { as: user })).json()).toEqual([]);
      const ids: Record<string, string> = {};
      for (const name of ["Standard", "Deluxe", "Suite", "Penthouse"]) {
        const response = await create({ name }, user, ownPid);
        expect(response.statusCode).toBe(201);
        ids[name] = response.json().id;
      }
      // Backdate the last one, so storage order and creation time disagree (to a constant: Citus refuses
      // an UPDATE that computes a time from the row's own).
      await ctx().database.db.execute(
        sql`update room_types set created_at = '2000-01-01T00:00:00Z'
            where property_id = ${ownPid} and id = ${ids.Penthouse}`,
      );
      const response = await ctx().request("GET", url(ownPid), { as: user });
      expect(response.statusCode).toBe(200);
      const list = response.json() as { name: string; propertyId: string }[];
      expect(list.map((type) => type.name)).toEqual(["Penthouse", "Standard", "Deluxe", "Suite"]);
      expect(list.every((type) => type.propertyId === ownPid)).toBe(true);
    });

    it("answers 401 when signed out", async () => {
      const response = await ctx().request("GET", url(pid));
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe("unauthenticated");
    });

    it("answers 404 for another tenant's property", async () => {
      expect((await create({ name: "Theirs" }, other, otherPid)).statusCode).toBe(201);
      const response = await ctx().request("GET", url(otherPid), { as: owner });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
    });
  });

  it("is described in the OpenAPI document", async () => {
    const response = await ctx().request("GET", "/api/openapi.json");
    const path = response.json().paths["/api/properties/{pid}/room-types"];
    expect(path.get.tags).toEqual(["room-types"]);
    expect(path.post.tags).toEqual(["room-types"]);
    expect(path.post.requestBody.content["application/json"].schema.properties).toHaveProperty("baseRate");
    expect(path.post.responses).toHaveProperty("201");
    expect(path.get.parameters).toContainEqual(expect.objectContaining({ name: "pid", in: "path" }));
  });
});
