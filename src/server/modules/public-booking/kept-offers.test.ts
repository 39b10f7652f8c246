/**
 * The booking engine's offers are kept until the property's next change (src/server/http/kept-answers.ts,
 * decision 045): a repeated search is answered from the kept answer, and after every kind of change the
 * staff make (stays, blocks, rooms, room types, overrides, plans, a guest's own booking) the answer is
 * exactly what building it afresh gives. An arrival that has become past is never answered from one.
 */
import { brotliDecompressSync } from "node:zlib";
import { beforeEach, expect, it } from "vitest";
import { createRateOverride, createRoomType } from "../../test/factories.js";
import { describeBackends } from "../../test/harness.js";
import { listOffers } from "./offers.js";
import { engineProperty } from "./property.js";
import { publicApi, STAY } from "./public-api.js";

describeBackends("booking engine offers, kept between changes", (ctx) => {
  const { hotel, offers, book } = publicApi(ctx);
  // The stay searched lies within the kept snapshot's horizon (sellable-snapshots.ts), as guests' do.
  beforeEach(() => ctx().setNow("2029-02-20T12:00:00Z"));

  /** The offers as a guest gets them, twice (the second kept), checked against a fresh build. */
  async function searched(code: string, search: Record<string, string | number> = STAY) {
    const first = await offers(code, search);
    expect(first.statusCode, first.body).toBe(200);
    const again = await offers(code, search);
    expect(again.body).toBe(first.body);
    const db = ctx().database.db;
    const fresh = await listOffers(db, await engineProperty(db, code), search as typeof STAY, new Date());
    expect(first.json()).toEqual(fresh.offers);
    return first.json() as { roomTypeName: string; plans: { name: string; total: number }[] }[];
  }
  const summary = (answer: Awaited<ReturnType<typeof searched>>) =>
    answer.map(
      (offer) => `${offer.roomTypeName}: ${offer.plans.map((p) => `${p.name} ${p.total}`).join(", ")}`,
    );

  it("answers a repeated search from the kept answer until the property's next change", async () => {
    const { code, pid, family, override } = await hotel(1);
    expect(summary(await searched(code))).toEqual(["Deluxe: Standard 4000", "Family: Standard 6000"]);
    // Written behind the application's back (no change recorded): the kept answer is still served.
    await createRateOverride(ctx().database.db, pid, { date: STAY.checkIn, roomTypeId: family.id, price: 1 });
    expect(summary((await offers(code)).json())).toEqual(["Deluxe: Standard 4000", "Family: Standard 6000"]);
    // A change made as the staff make it is seen at once, with the one written before it.
    await override({ date: STAY.checkOut, roomTypeId: null, price: 100 });
    expect(summary(await searched(code))).toEqual(["Deluxe: Standard 4000", "Family: Standard 3001"]);
  });

  it("answers as a fresh build after each change that alters what is offered", async () => {
    const { code, deluxe, family, staff, override } = await hotel(1);
    const api = async (method: "POST" | "PATCH" | "DELETE", path: string, body?: object) => {
      const response = await staff(method, path, body);
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json() as { id: string };
    };
    const rooms = (await staff("GET", "/rooms")).json() as { id: string; number: string }[];
    const deluxeRoom = rooms.find((room) => room.number === "101");
    if (!deluxeRoom) throw new Error("the hotel has no room 101");
    expect(summary(await searched(code))).toEqual(["Deluxe: Standard 4000", "Family: Standard 6000"]);

    const stay = await api("POST", "/reservations", {
      roomTypeId: deluxe.id,
      checkInDate: STAY.checkIn,
      checkOutDate: STAY.checkOut,
    });
    expect(summary(await searched(code))).toEqual(["Family: Standard 6000"]);
    await api("PATCH", `/reservations/${stay.id}`, { status: "cancelled" });
    expect(summary(await searched(code))).toHaveLength(2);

    const block = await api("POST", "/room-blocks", {
      roomId: deluxeRoom.id,
      startDate: STAY.checkIn,
      endDate: STAY.checkOut,
    });
    expect(summary(await searched(code))).toEqual(["Family: Standard 6000"]);
    await api("DELETE", `/room-blocks/${block.id}`);
    expect(summary(await searched(code))).toHaveLength(2);

    await api("PATCH", `/room-types/${deluxe.id}`, { name: "Deluxe Garden", baseRate: 2500 });
    expect(summary(await searched(code))[0]).toBe("Deluxe Garden: Standard 5000");
    await api("PATCH", `/room-types/${family.id}`, { capacity: 1 });
    expect(summary(await searched(code))).toEqual(["Deluxe Garden: Standard 5000"]);
    await api("POST", "/rooms", { number: "102", floor: 1, roomTypeId: deluxe.id });
    await api("DELETE", `/rooms/${deluxeRoom.id}`);
    expect(summary(await searched(code))).toEqual(["Deluxe Garden: Standard 5000"]);

    await override({ date: STAY.checkIn, roomTypeId: deluxe.id, price: null, stopSell: true });
    expect(await searched(code)).toEqual([]);
    await override({ date: STAY.checkIn, roomTypeId: deluxe.id, price: 2000, stopSell: false });
    expect(summary(await searched(code))).toEqual(["Deluxe Garden: Standard 4500"]);

    const plan = await api("POST", "/rate-plans", { name: "Non-refundable", adjustmentPercent: -10 });
    expect(summary(await searched(code))).toEqual(["Deluxe Garden: Standard 4500, Non-refundable 4050"]);
    await api("PATCH", `/rate-plans/${plan.id}`, { public: false });
    expect(summary(await searched(code))).toEqual(["Deluxe Garden: Standard 4500"]);

    // A guest's own booking takes the last Deluxe room: the next guest is not offered it.
    const [offer] = await searched(code);
    const booked = await book(code, {
      roomTypeId: deluxe.id,
      ratePlanId: (offer as unknown as { plans: { ratePlanId: string }[] }).plans[0]?.ratePlanId,
      expectedTotal: 4500,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await searched(code)).toEqual([]);
  });

  it("keeps the booking page's hotel and room types until the property's next change", async () => {
    const { code, pid, db, deluxe, staff } = await hotel(1);
    const page = async () => {
      const response = await ctx().request("GET", `/api/public/properties/${code}`);
      expect(response.statusCode, response.body).toBe(200);
      const { name, roomTypes } = response.json() as { name: string; roomTypes: { name: string }[] };
      // Types made in the same instant come in either order: what counts is which are there.
      return [name, ...roomTypes.map((type) => type.name).sort()];
    };
    const [name] = await page();
    expect(await page()).toEqual([name, "Deluxe", "Family"]);
    // Behind the application's back: the kept page is still served.
    await createRoomType(db, pid, { name: "Suite", baseRate: 5000, capacity: 2 });
    expect(await page()).toEqual([name, "Deluxe", "Family"]);
    const renamed = await staff("PATCH", `/room-types/${deluxe.id}`, { name: "Deluxe Garden" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await page()).toEqual([name, "Deluxe Garden", "Family", "Suite"]);
    const hotelRenamed = await staff("PATCH", "", { name: "Casa Lucía" });
    expect(hotelRenamed.statusCode, hotelRenamed.body).toBe(200);
    expect(await page()).toEqual(["Casa Lucía", "Deluxe Garden", "Family", "Suite"]);
  });

  it("keeps each search apart: other dates, guests and hotels", async () => {
    const one = await hotel(1);
    const other = await hotel(1);
    await other.override({ date: STAY.checkIn, roomTypeId: null, price: 500 });
    expect(summary(await searched(one.code))).toEqual(["Deluxe: Standard 4000", "Family: Standard 6000"]);
    expect(summary(await searched(other.code))).toEqual(["Deluxe: Standard 2500", "Family: Standard 3500"]);
    expect(summary(await searched(one.code, { ...STAY, adults: 3 }))).toEqual(["Family: Standard 6000"]);
    expect(summary(await searched(one.code, { ...STAY, checkOut: "2029-03-11" }))).toEqual([
      "Deluxe: Standard 2000",
      "Family: Standard 3000",
    ]);
  });

  it("sends the kept answer compressed as the browser asks, and never keeps a past arrival's", async () => {
    const { code, staff } = await hotel(3);
    for (const name of ["Non-refundable", "Bed and breakfast"]) await staff("POST", "/rate-plans", { name });
    // A week on three plans: long enough to be worth compressing.
    const week = { ...STAY, checkOut: "2029-03-17", adults: "2", children: "0" };
    const path = `/api/public/properties/${code}/offers?${new URLSearchParams(week)}`;
    const plain = await ctx().request("GET", path);
    const compressed = await ctx().request("GET", path, { headers: { "accept-encoding": "br" } });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(compressed.rawPayload).toString("utf8")).toBe(plain.body);

    // Offered the day before arrival; once the hotel's day is past the arrival, nothing is.
    ctx().setNow("2029-03-09T12:00:00Z");
    expect(await searched(code)).toHaveLength(2);
    ctx().setNow("2029-03-11T12:00:00Z");
    expect((await offers(code)).json()).toEqual([]);
    ctx().setNow("2029-01-01T12:00:00Z");
    expect(await searched(code)).toHaveLength(2);
  });
});
