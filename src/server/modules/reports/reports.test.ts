import { expect, it } from "vitest";
import { createRateOverride, createReservation, createRoom, createRoomType } from "../../test/factories.js";
import { describeBackends, type TestUser } from "../../test/harness.js";

describeBackends("occupancy report", (ctx) => {
  const url = (pid: string, query: string) => `/api/properties/${pid}/reports/occupancy?${query}`;

  async function property() {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    return { user, pid, db: ctx().database.db };
  }

  /** The report for the fixture window, 2030-03-01 .. 2030-03-08, answered 200. */
  async function weekReport(user: TestUser, pid: string) {
    const response = await ctx().request("GET", url(pid, "from=2030-03-01&to=2030-03-08"), { as: user });
    expect(response.statusCode).toBe(200);
    return response.json();
  }
  /** What every report of that window says besides its figures. */
  const WEEK = { from: "2030-03-01", to: "2030-03-08", days: 7, currency: "INR" };

  /**
   * Hand-computed fixture, window 2030-03-01 .. 2030-03-08 (7 nights), 2 rooms, each stay with the nightly
   * prices it was sold at (today's overrides differ: revenue is what was sold, never re-priced):
   *   101 Standard: S1 02-27..03-03 booked -> nights 03-01, 03-02 inside = 1000 + 1000
   *                 S2 03-03..03-05 checked_out -> 1500.35 + 1200
   *   102 Deluxe:   S3 03-04..03-10 checked_in -> 2500 then 2000 each; 03-08 and 03-09 are outside
   *                 S4 03-01..03-04 cancelled -> not counted
   *   101:          S5 03-08..03-09 booked -> starts at `to`, not counted
   * sold = 2 + 2 + 4 = 8; revenue = 2000 + 2700.35 + 8500 = 13200.35
   * occupancy = 8 / 14 = 57.14 %; ADR = 13200.35 / 8 = 1650.04; RevPAR = 13200.35 / 14 = 942.88
   */
  it("computes sold room-nights, revenue, occupancy, ADR and RevPAR for a hand-computed fixture", async () => {
    const { user, pid, db } = await property();
    const standard = await createRoomType(db, pid, { name: "Standard", baseRate: 1000 });
    const deluxe = await createRoomType(db, pid, { name: "Deluxe", baseRate: 2000 });
    const r101 = await createRoom(db, pid, { number: "101", roomType: standard });
    const r102 = await createRoom(db, pid, { number: "102", roomType: deluxe });
    // Today's prices are not what the stays were sold for, and must not matter.
    await createRateOverride(db, pid, { date: "2030-03-03", roomTypeId: null, price: 99_999 });
    await createReservation(db, pid, {
      room: r101,
      checkInDate: "2030-02-27",
      checkOutDate: "2030-03-03",
      nightlyRates: [1000, 1000, 1000, 1000],
    });
    await createReservation(db, pid, {
      room: r101,
      checkInDate: "2030-03-03",
      checkOutDate: "2030-03-05",
      status: "checked_out",
      nightlyRates: [1500.35, 1200],
    });
    await createReservation(db, pid, {
      room: r102,
      checkInDate: "2030-03-04",
      checkOutDate: "2030-03-10",
      status: "checked_in",
      nightlyRates: [2500, 2000, 2000, 2000, 2000, 2000],
    });
    await createReservation(db, pid, {
      room: r102,
      checkInDate: "2030-03-01",
      checkOutDate: "2030-03-04",
      status: "cancelled",
      nightlyRates: [2000, 2000, 2000],
    });
    await createReservation(db, pid, {
      room: r101,
      checkInDate: "2030-03-08",
      checkOutDate: "2030-03-09",
      nightlyRates: [1000],
    });
    // Another property's busy room must not leak into this report.
    const other = await property();
    const otherRoom = await createRoom(other.db, other.pid, {
      roomType: await createRoomType(db, other.pid),
    });
    await createReservation(db, other.pid, {
      room: otherRoom,
      checkInDate: "2030-03-01",
      checkOutDate: "2030-03-08",
    });

    expect(await weekReport(user, pid)).toEqual({
      ...WEEK,
      rooms: 2,
      soldRoomNights: 8,
      revenue: 13200.35,
      occupancyPct: 57.14,
      adr: 1650.04,
      revpar: 942.88,
    });

    // One night only: 03-04 has S2 (sold at 1200) and S3 (sold at 2500).
    const night = await ctx().request("GET", url(pid, "from=2030-03-04&to=2030-03-05"), { as: user });
    expect(night.json()).toMatchObject({ days: 1, soldRoomNights: 2, revenue: 3700, occupancyPct: 100 });
  });

  it("counts a stay without a room type at what its nights were sold for", async () => {
    const { user, pid, db } = await property();
    await createRoom(db, pid, { number: "1" });
    await createReservation(db, pid, {
      checkInDate: "2030-05-01",
      checkOutDate: "2030-05-04",
      nightlyRates: [0, 700, 0],
    });
    const response = await ctx().request("GET", url(pid, "from=2030-05-01&to=2030-05-06"), { as: user });
    expect(response.json()).toMatchObject({
      rooms: 1,
      soldRoomNights: 3,
      revenue: 700,
      occupancyPct: 60,
      adr: 233.33,
      revpar: 140,
    });
  });

  it("keeps revenue, ADR and RevPAR after a later rate change: a sale is never re-priced", async () => {
    const { user, pid, db } = await property();
    const type = await createRoomType(db, pid, { name: "Standard", baseRate: 1000, capacity: 2 });
    const room = await createRoom(db, pid, { number: "1", roomType: type });
    const booked = await ctx().request("POST", `/api/properties/${pid}/reservations`, {
      as: user,
      body: { roomId: room.id, checkInDate: "2030-06-01", checkOutDate: "2030-06-03" },
    });
    expect(booked.json()).toMatchObject({ total: 2000 });
    const window = url(pid, "from=2030-06-01&to=2030-06-04");
    const before = (await ctx().request("GET", window, { as: user })).json();
    expect(before).toMatchObject({ revenue: 2000, adr: 1000, revpar: 666.67 });
    const rates = `/api/properties/${pid}/rate-overrides`;
    for (const date of ["2030-06-01", "2030-06-02"]) {
      const override = await ctx().request("POST", rates, {
        as: user,
        body: { date, roomTypeId: type.id, price: 3000 },
      });
      expect(override.statusCode).toBe(201);
    }
    expect((await ctx().request("GET", window, { as: user })).json()).toEqual(before);
  });

  it("answers all zeros for a property with no rooms and no stays", async () => {
    const { user, pid } = await property();
    expect(await weekReport(user, pid)).toEqual({
      ...WEEK,
      rooms: 0,
      soldRoomNights: 0,
      revenue: 0,
      occupancyPct: 0,
      adr: 0,
      revpar: 0,
    });
  });

  it("answers 0 % and 0 RevPAR, not a division error, with sales but no rooms", async () => {
    const { user, pid, db } = await property();
    const type = await createRoomType(db, pid, { baseRate: 1000 });
    // Sold (and stayed) before the hotel's rooms were taken out of the inventory.
    await createReservation(db, pid, {
      roomTypeId: type.id,
      checkInDate: "2030-03-01",
      checkOutDate: "2030-03-03",
      status: "checked_out",
      total: 2000,
    });
    expect(await weekReport(user, pid)).toMatchObject({
      rooms: 0,
      soldRoomNights: 2,
      revenue: 2000,
      occupancyPct: 0,
      adr: 1000,
      revpar: 0,
    });
  });

  it("reports the property's currency", async () => {
    const { user, pid } = await property();
    const update = await ctx().request("PATCH", `/api/properties/${pid}`, {
      as: user,
      body: { name: "Harbour Inn", currency: "USD", timeZone: "America/New_York" },
    });
    expect(update.statusCode).toBe(200);
    const response = await ctx().request("GET", url(pid, "from=2030-03-01&to=2030-03-02"), { as: user });
    expect(response.json().currency).toBe("USD");
  });

  it.each([
    ["to equal to from", "from=2030-03-08&to=2030-03-08"],
    ["to before from", "from=2030-03-08&to=2030-03-01"],
  ])("answers 400 'The end date must be after the start date' for %s", async (_, query) => {
    const { user, pid } = await property();
    const response = await ctx().request("GET", url(pid, query), { as: user });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation");
    expect(response.json().error.message).toBe("The end date must be after the start date");
  });

  it.each([
    ["an impossible date", "from=2030-02-30&to=2030-03-08"],
    ["a missing to", "from=2030-03-01"],
    ["a non-date", "from=yesterday&to=2030-03-08"],
    ["an unknown parameter", "from=2030-03-01&to=2030-03-08&roomId=1"],
    ["a window over 3660 days", "from=2000-01-01&to=2030-01-01"],
  ])("answers 400 for %s", async (_, query) => {
    const { user, pid } = await property();
    const response = await ctx().request("GET", url(pid, query), { as: user });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation");
  });

  it("handles a window ending on the last date an input may name", async () => {
    const { user, pid } = await property();
    const response = await ctx().request("GET", url(pid, "from=2099-12-01&to=2099-12-31"), { as: user });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ days: 30, soldRoomNights: 0 });
  });

  it("answers 401 signed out and 404 for another tenant's property", async () => {
    const { pid } = await property();
    const stranger = await property();
    expect((await ctx().request("GET", url(pid, "from=2030-03-01&to=2030-03-08"))).statusCode).toBe(401);
    const foreign = await ctx().request("GET", url(pid, "from=2030-03-01&to=2030-03-08"), {
      as: stranger.user,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
