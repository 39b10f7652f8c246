import { describe, expect, it } from "vitest";
import { dateFigures, occupancyFigures } from "./occupancy.js";

describe("occupancyFigures", () => {
  it.each([
    // 10 rooms x 7 days = 70 available; 35 sold.
    ["computes occupancy, ADR and RevPAR", 35, 70_000, 10, 7, { occupancyPct: 50, adr: 2000, revpar: 1000 }],
    // 1 / 3 = 33.333...%; 100 / 3 = 33.333...; 100 / 3 again for RevPAR.
    ["rounds to two decimals", 1, 100, 3, 1, { occupancyPct: 33.33, adr: 100, revpar: 33.33 }],
    ["rounds to two decimals", 2, 100, 3, 1, { occupancyPct: 66.67, adr: 50, revpar: 33.33 }],
    [
      "reports an ADR and RevPAR of 0 without revenue",
      12,
      0,
      5,
      7,
      { occupancyPct: 34.29, adr: 0, revpar: 0 },
    ],
    ["is zero-safe when nothing is sold", 0, 0, 10, 7, { occupancyPct: 0, adr: 0, revpar: 0 }],
  ])("%s (%i sold, revenue %d, %i rooms, %i days)", (_, soldRoomNights, revenue, rooms, days, figures) => {
    expect(occupancyFigures({ soldRoomNights, revenue, rooms, days })).toEqual(figures);
  });

  it("rounds exact halves up instead of losing them to binary fractions", () => {
    // 1/8 of rooms = 12.5%; 1 / 16 = 6.25%; revenue 0.01 over 2 sold nights = 0.005 -> 0.01.
    expect(occupancyFigures({ soldRoomNights: 1, revenue: 0, rooms: 8, days: 1 }).occupancyPct).toBe(12.5);
    expect(occupancyFigures({ soldRoomNights: 1, revenue: 0, rooms: 16, days: 1 }).occupancyPct).toBe(6.25);
    expect(occupancyFigures({ soldRoomNights: 2, revenue: 0.01, rooms: 1, days: 2 }).adr).toBe(0.01);
    expect(occupancyFigures({ soldRoomNights: 3, revenue: 10, rooms: 1, days: 3 }).adr).toBe(3.33);
  });

  it("is zero-safe when nothing is sold, even with revenue", () => {
    // Revenue without sold nights (e.g. a fee on a cancelled stay) must not divide by zero.
    expect(occupancyFigures({ soldRoomNights: 0, revenue: 500, rooms: 10, days: 5 }).adr).toBe(0);
  });

  it("is zero-safe with no rooms or no days", () => {
    for (const input of [
      { soldRoomNights: 0, revenue: 0, rooms: 0, days: 7 },
      { soldRoomNights: 3, revenue: 900, rooms: 0, days: 7 },
      { soldRoomNights: 3, revenue: 900, rooms: 5, days: 0 },
    ]) {
      const figures = occupancyFigures(input);
      expect(figures.occupancyPct).toBe(0);
      expect(figures.revpar).toBe(0);
      expect(Object.values(figures).every(Number.isFinite)).toBe(true);
    }
    expect(occupancyFigures({ soldRoomNights: 3, revenue: 900, rooms: 0, days: 7 }).adr).toBe(300);
  });

  it("shows full occupancy as 100", () => {
    expect(occupancyFigures({ soldRoomNights: 21, revenue: 31_500, rooms: 3, days: 7 }).occupancyPct).toBe(
      100,
    );
  });
});

describe("dateFigures", () => {
  it("is the report's rule over one day", () => {
    expect(dateFigures({ roomsAvailable: 4, roomNightsSold: 3, revenue: 4500 })).toEqual({
      occupancyPct: 75,
      adr: 1500,
      revpar: 1125,
    });
    expect(dateFigures({ roomsAvailable: 0, roomNightsSold: 0, revenue: 0 })).toEqual({
      occupancyPct: 0,
      adr: 0,
      revpar: 0,
    });
  });
});
