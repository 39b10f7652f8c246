import { expect, it } from "vitest";
import { addDays } from "../../../domain/dates.js";
import { addMember } from "../../hardening/support.js";
import { createReservation, createRoom, createRoomType } from "../../test/factories.js";
import { describeBackends } from "../../test/harness.js";

type Day = {
  date: string;
  roomsAvailable: number;
  roomsBlocked: number;
  roomNightsSold: number;
  revenue: number;
};

describeBackends("daily occupancy series", (ctx) => {
  const daily = (pid: string, query: string) => `/api/properties/${pid}/reports/occupancy/daily?${query}`;
  const totals = (pid: string, query: string) => `/api/properties/${pid}/reports/occupancy?${query}`;

  async function property() {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    return { user, pid, db: ctx().database.db };
  }

  /**
   * Hand-computed, window 2030-03-01 .. 2030-03-05 (4 nights), rooms 101 (Standard) and 102 (Deluxe):
   *   S1 101 02-28..03-03 booked, sold at 900, 1000, 1100 -> 03-01 1000, 03-02 1100
   *   S2 no room, Deluxe, 03-02..03-03 checked out at 500.25 -> 03-02
   *   S3 102 03-01..03-02 cancelled -> nothing
   *   B  102 blocked 03-03..03-05 -> 03-03 and 03-04
   */
  it("matches a hand-computed case, one entry per date", async () => {
    const { user, pid, db } = await property();
    const standard = await createRoomType(db, pid, { name: "Standard" });
    const deluxe = await createRoomType(db, pid, { name: "Deluxe" });
    const r101 = await createRoom(db, pid, { number: "101", roomType: standard });
    const r102 = await createRoom(db, pid, { number: "102", roomType: deluxe });
    await createReservation(db, pid, {
      room: r101,
      checkInDate: "2030-02-28",
      checkOutDate: "2030-03-03",
      nightlyRates: [900, 1000, 1100],
    });
    await createReservation(db, pid, {
      roomTypeId: deluxe.id,
      status: "checked_out",
      checkInDate: "2030-03-02",
      checkOutDate: "2030-03-03",
      nightlyRates: [500.25],
    });
    await createReservation(db, pid, {
      room: r102,
      status: "cancelled",
      checkInDate: "2030-03-01",
      checkOutDate: "2030-03-02",
      nightlyRates: [2000],
    });
    const block = await ctx().request("POST", `/api/properties/${pid}/room-blocks`, {
      as: user,
      body: { roomId: r102.id, startDate: "2030-03-03", endDate: "2030-03-05", reason: "Paint" },
    });
    expect(block.statusCode).toBe(201);

    const response = await ctx().request("GET", daily(pid, "from=2030-03-01&to=2030-03-05"), { as: user });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { date: "2030-03-01", roomsAvailable: 2, roomsBlocked: 0, roomNightsSold: 1, revenue: 1000 },
      { date: "2030-03-02", roomsAvailable: 2, roomsBlocked: 0, roomNightsSold: 2, revenue: 1600.25 },
      { date: "2030-03-03", roomsAvailable: 2, roomsBlocked: 1, roomNightsSold: 0, revenue: 0 },
      { date: "2030-03-04", roomsAvailable: 2, roomsBlocked: 1, roomNightsSold: 0, revenue: 0 },
    ]);
  });

  it("adds up to the window totals of the occupancy report", async () => {
    const { user, pid, db } = await property();
    const type = await createRoomType(db, pid, { name: "Standard" });
    const rooms = await Promise.all(
      ["1", "2", "3", "4", "5"].map((number) => createRoom(db, pid, { number, roomType: type })),
    );
    // Stays of 1–6 nights at odd prices, across the window's edges and a month end.
    let start = "2030-01-20";
    for (let i = 0; i < 30; i++) {
      const nights = 1 + (i % 6);
      const room = rooms[i % rooms.length];
      const checkInDate = addDays(start, i % 3);
      await createReservation(db, pid, {
        room,
        checkInDate,
        checkOutDate: addDays(checkInDate, nights),
        status: i % 7 === 0 ? "cancelled" : i % 5 === 0 ? "checked_out" : "booked",
        nightlyRates: Array.from({ length: nights }, (_, n) => 1000 + i * 13.37 + n * 0.01),
      });
      if (i % rooms.length === rooms.length - 1) start = addDays(start, 7);
    }
    const window = "from=2030-01-25&to=2030-03-03";
    const series = (await ctx().request("GET", daily(pid, window), { as: user })).json() as Day[];
    const report = (await ctx().request("GET", totals(pid, window), { as: user })).json();
    expect(series).toHaveLength(report.days);
    expect(series.map((day) => day.date)).toEqual(
      Array.from({ length: report.days }, (_, i) => addDays("2030-01-25", i)),
    );
    expect(series.every((day) => day.roomsAvailable === report.rooms)).toBe(true);
    expect(series.reduce((sum, day) => sum + day.roomNightsSold, 0)).toBe(report.soldRoomNights);
    expect(report.soldRoomNights).toBeGreaterThan(40);
    // In cents, so float addition cannot blur an exact sum.
    const cents = series.reduce((sum, day) => sum + Math.round(day.revenue * 100), 0);
    expect(cents).toBe(Math.round(report.revenue * 100));
  });

  it("answers zeros for every date of an empty window, up to the last date an input may name", async () => {
    const { user, pid } = await property();
    const response = await ctx().request("GET", daily(pid, "from=2099-12-29&to=2099-12-31"), { as: user });
    expect(response.json()).toEqual([
      { date: "2099-12-29", roomsAvailable: 0, roomsBlocked: 0, roomNightsSold: 0, revenue: 0 },
      { date: "2099-12-30", roomsAvailable: 0, roomsBlocked: 0, roomNightsSold: 0, revenue: 0 },
    ]);
  });

  it.each([
    ["to equal to from", "from=2030-03-08&to=2030-03-08"],
    ["a missing to", "from=2030-03-01"],
    ["a window over 3660 days", "from=2000-01-01&to=2030-01-01"],
    ["an unknown parameter", "from=2030-03-01&to=2030-03-08&x=1"],
  ])("answers 400 for %s, as the totals do", async (_label, query) => {
    const { user, pid } = await property();
    const [one, all] = await Promise.all([
      ctx().request("GET", daily(pid, query), { as: user }),
      ctx().request("GET", totals(pid, query), { as: user }),
    ]);
    expect(one.statusCode).toBe(400);
    expect(one.json()).toEqual(all.json());
  });

  it("is for managers: 403 to the front desk", async () => {
    const { user, pid } = await property();
    const clerk = await addMember(ctx(), user, pid, "front_desk");
    expect(
      (await ctx().request("GET", daily(pid, "from=2030-03-01&to=2030-03-02"), { as: clerk })).statusCode,
    ).toBe(403);
  });

  it("is described in the OpenAPI document", async () => {
    const { paths } = (await ctx().request("GET", "/api/openapi.json")).json();
    const path = paths["/api/properties/{pid}/reports/occupancy/daily"];
    expect(path.get.tags).toEqual(["reports"]);
    expect(path.get.responses["200"].content["application/json"].schema.type).toBe("array");
  });
});
