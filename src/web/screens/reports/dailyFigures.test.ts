import { describe, expect, it } from "vitest";
import { addDays } from "../../../domain/dates.js";
import { chartColumns, chartTime, dailyFigures } from "./dailyFigures.js";

const day = (date: string, roomNightsSold: number, revenue: number, roomsAvailable = 3) => ({
  date,
  roomsAvailable,
  roomsBlocked: 0,
  roomNightsSold,
  revenue,
});

describe("dailyFigures", () => {
  it("gives each day its occupancy % of all rooms and its ADR, rounded like the report", () => {
    const figures = dailyFigures([
      day("2027-03-01", 1, 1500),
      day("2027-03-02", 2, 3500),
      day("2027-03-03", 0, 0),
    ]);
    expect(figures.map((f) => [f.occupancyPct, f.adr])).toEqual([
      [33.33, 1500],
      [66.67, 1750],
      [0, 0],
    ]);
  });
  it("is 0 for a property without rooms rather than NaN", () => {
    expect(dailyFigures([day("2027-03-01", 0, 0, 0)])[0]?.occupancyPct).toBe(0);
  });
});

describe("chartColumns", () => {
  it("puts each day at UTC midnight, one day apart, with its figures", () => {
    const figures = dailyFigures([day("2027-03-01", 3, 4500), day("2027-03-02", 0, 0)]);
    const [x, occupancy, adr, revenue] = chartColumns(figures);
    expect(x).toEqual([Date.UTC(2027, 2, 1) / 1000, Date.UTC(2027, 2, 2) / 1000]);
    expect(occupancy).toEqual([100, 0]);
    expect(adr).toEqual([1500, 0]);
    expect(revenue).toEqual([4500, 0]);
  });
  it("counts days exactly across a daylight-saving change", () => {
    expect(chartTime(addDays("2027-03-13", 1)) - chartTime("2027-03-13")).toBe(86_400);
    expect(chartTime("1970-01-01")).toBe(0);
  });
});
