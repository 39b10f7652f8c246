import { beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../../hardening/support.js";
import { createRateOverride, createRoom, createRoomType, type RoomTypeRow } from "../../test/factories.js";
import { describeBackends, type TestUser } from "../../test/harness.js";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describeBackends("rate overrides: edit, delete and the listed window", (ctx) => {
  let owner: TestUser;
  let clerk: TestUser;
  let pid: string;
  let type: RoomTypeRow;
  const db = () => ctx().database.db;
  const url = (id = "") => `/api/properties/${pid}/rate-overrides${id}`;
  const patch = (id: string, body: unknown, as = owner) =>
    ctx().request("PATCH", url(`/${id}`), { as, body });
  const remove = (id: string, as = owner) => ctx().request("DELETE", url(`/${id}`), { as });
  const list = async (query = "") => (await ctx().request("GET", url(query), { as: owner })).json();

  beforeAll(async () => {
    owner = await ctx().signIn();
    pid = await ctx().propertyOf(owner);
    clerk = await addMember(ctx(), owner, pid, "front_desk");
    type = await createRoomType(db(), pid, { name: "Deluxe", baseRate: 1000, capacity: 2 });
  });

  describe("PATCH", () => {
    it("changes only the fields sent, logs them, and never re-prices a stay already sold", async () => {
      const room = await createRoom(db(), pid, { number: "101", roomType: type });
      const override = await createRateOverride(db(), pid, {
        date: "2030-01-05",
        roomTypeId: type.id,
        price: 1500,
        minLos: 2,
      });
      const stay = await ctx().request("POST", `/api/properties/${pid}/reservations`, {
        as: owner,
        body: { roomId: room.id, checkInDate: "2030-01-05", checkOutDate: "2030-01-07" },
      });
      expect(stay.json()).toMatchObject({ total: 2500 });

      const response = await patch(override.id, { price: 3000 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: override.id,
        date: "2030-01-05",
        roomTypeId: type.id,
        roomTypeName: "Deluxe",
        price: 3000,
        minLOS: 2,
        stopSell: false,
      });
      const blank = await patch(override.id, { price: null, stopSell: true });
      expect(blank.json()).toMatchObject({ price: null, minLOS: 2, stopSell: true });

      const again = await ctx().request("GET", `/api/properties/${pid}/reservations/${stay.json().id}`, {
        as: owner,
      });
      expect(again.json()).toMatchObject({ total: 2500 });
      const log = await ctx().request("GET", `/api/properties/${pid}/activity?entityId=${override.id}`, {
        as: owner,
      });
      expect(
        log.json().map((entry: { action: string; changes: unknown }) => [entry.action, entry.changes]),
      ).toEqual([
        [
          "rate_override.updated",
          { price: { before: 3000, after: null }, stopSell: { before: false, after: true } },
        ],
        ["rate_override.updated", { price: { before: 1500, after: 3000 } }],
      ]);
    });

    it.each([
      ["an empty body", {}, "send at least one of price, minLOS, stopSell"],
      ["a negative price", { price: -1 }, "price"],
      ["a min LOS of 0", { minLOS: 0 }, "minLOS"],
      ["a new date (an override's date is what it is)", { date: "2030-02-01" }, "date"],
      ["stop sell as text", { stopSell: "yes" }, "stopSell"],
    ])("refuses %s with 400 and changes nothing", async (_label, body, message) => {
      const override = await createRateOverride(db(), pid, {
        date: "2030-03-01",
        roomTypeId: null,
        price: 10,
      });
      const response = await patch(override.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
      expect(await list("?from=2030-03-01&to=2030-03-02")).toEqual([
        expect.objectContaining({ id: override.id, price: 10, minLOS: 1, stopSell: false }),
      ]);
      await remove(override.id);
    });

    it("answers 404 for an unknown override and 403 to the front desk", async () => {
      expect((await patch(UNKNOWN_ID, { price: 1 })).statusCode).toBe(404);
      const override = await createRateOverride(db(), pid, {
        date: "2030-04-01",
        roomTypeId: null,
        price: 10,
      });
      const response = await patch(override.id, { price: 1 }, clerk);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe("forbidden");
    });
  });

  describe("DELETE", () => {
    it("always deletes, even an override a booked stay was priced with", async () => {
      const override = await createRateOverride(db(), pid, {
        date: "2030-05-01",
        roomTypeId: null,
        price: 99,
      });
      const response = await remove(override.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: override.id, date: "2030-05-01", price: 99 });
      expect(await list("?from=2030-05-01&to=2030-05-02")).toEqual([]);
      expect((await remove(override.id)).statusCode).toBe(404);
    });

    it("answers 403 to the front desk, deleting nothing", async () => {
      const override = await createRateOverride(db(), pid, {
        date: "2030-05-02",
        roomTypeId: null,
        price: 1,
      });
      expect((await remove(override.id, clerk)).statusCode).toBe(403);
      expect(await list("?from=2030-05-02&to=2030-05-03")).toHaveLength(1);
    });
  });

  describe("GET with a window", () => {
    it("lists the dates [from, to), either side open, and everything without one", async () => {
      const user = await ctx().signIn();
      const own = await ctx().propertyOf(user);
      for (const date of ["2030-06-01", "2030-06-02", "2030-06-03"]) {
        await createRateOverride(db(), own, { date, roomTypeId: null, price: 1 });
      }
      const dates = async (query: string) =>
        (await ctx().request("GET", `/api/properties/${own}/rate-overrides${query}`, { as: user }))
          .json()
          .map((override: { date: string }) => override.date);
      expect(await dates("")).toEqual(["2030-06-01", "2030-06-02", "2030-06-03"]);
      expect(await dates("?from=2030-06-02&to=2030-06-03")).toEqual(["2030-06-02"]);
      expect(await dates("?from=2030-06-02")).toEqual(["2030-06-02", "2030-06-03"]);
      expect(await dates("?to=2030-06-02")).toEqual(["2030-06-01"]);
    });

    it.each([
      ["to before from", "?from=2030-06-03&to=2030-06-01"],
      ["an impossible date", "?from=2030-02-30"],
      ["an unknown parameter", "?roomTypeId=1"],
    ])("answers 400 for %s", async (_label, query) => {
      const response = await ctx().request("GET", url(query), { as: owner });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("validation");
    });
  });

  it("is described in the OpenAPI document", async () => {
    const { paths } = (await ctx().request("GET", "/api/openapi.json")).json();
    const one = paths["/api/properties/{pid}/rate-overrides/{id}"];
    expect(one.patch.tags).toEqual(["rate-overrides"]);
    expect(one.delete.responses).toHaveProperty("200");
    const names = paths["/api/properties/{pid}/rate-overrides"].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(names).toEqual(expect.arrayContaining(["from", "to"]));
  });
});
