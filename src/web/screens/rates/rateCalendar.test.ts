import { describe, expect, it } from "vitest";
import type { RateOverride } from "../../../domain/schemas/rate-overrides.js";
import type { RoomType } from "../../../domain/schemas/room-types.js";
import { buildRateCalendar, bulkEditDates, calendarDates, RATE_CALENDAR_DAYS } from "./rateCalendar.js";

const PID = "p";
const type = (id: string, name: string, baseRate: number): RoomType => ({
  id,
  propertyId: PID,
  name,
  capacity: 2,
  baseRate,
  taxRateId: null,
  createdAt: "",
});
const override = (
  date: string,
  roomTypeId: string | null,
  fields: Partial<RateOverride> = {},
): RateOverride => ({
  id: `${date}-${roomTypeId}`,
  propertyId: PID,
  date,
  roomTypeId,
  roomTypeName: null,
  price: null,
  minLOS: 1,
  stopSell: false,
  createdAt: "",
  ...fields,
});

const DELUXE = type("deluxe", "Deluxe", 1500);
const SUITE = type("suite", "", 5000);
const DATES = ["2027-03-05", "2027-03-06", "2027-03-07"];

describe("buildRateCalendar", () => {
  it("has the All row first, then one row per room type, each with a cell per date", () => {
    const rows = buildRateCalendar(DATES, [DELUXE, SUITE], []);
    expect(rows.map((row) => row.roomType.name)).toEqual(["All", "Deluxe", "(unnamed)"]);
    expect(rows.every((row) => row.cells.map((cell) => cell.date).join() === DATES.join())).toBe(true);
  });

  it("prices each cell: the type's own override, else the All one, else the base rate", () => {
    const rows = buildRateCalendar(
      DATES,
      [DELUXE, SUITE],
      [
        override("2027-03-05", null, { price: 2000 }),
        override("2027-03-05", "deluxe", { price: 3000 }),
        override("2027-03-06", "deluxe", { minLOS: 2 }),
      ],
    );
    const prices = rows.map((row) => row.cells.map((cell) => cell.price));
    expect(prices).toEqual([
      [2000, null, null],
      [3000, 1500, 1500],
      [2000, 5000, 5000],
    ]);
  });

  it("marks stop sell from the type's own or the All override, and the minimum stay that holds", () => {
    const rows = buildRateCalendar(
      DATES,
      [DELUXE, SUITE],
      [
        override("2027-03-05", null, { stopSell: true, minLOS: 2 }),
        override("2027-03-06", "suite", { stopSell: true, minLOS: 4 }),
      ],
    );
    const [all, deluxe, suite] = rows.map((row) => row.cells);
    expect(all?.map((c) => [c.stopSell, c.minLOS])).toEqual([
      [true, 2],
      [false, 1],
      [false, 1],
    ]);
    expect(deluxe?.map((c) => [c.stopSell, c.minLOS])).toEqual([
      [true, 2],
      [false, 1],
      [false, 1],
    ]);
    expect(suite?.map((c) => [c.stopSell, c.minLOS])).toEqual([
      [true, 2],
      [true, 4],
      [false, 1],
    ]);
  });

  it("links a cell only to its own row's override, never to an inherited one", () => {
    const own = override("2027-03-05", "deluxe", { price: 3000 });
    const all = override("2027-03-05", null, { price: 2000 });
    const [allRow, deluxe, suite] = buildRateCalendar(DATES, [DELUXE, SUITE], [own, all]);
    expect(allRow?.cells[0]?.override).toBe(all);
    expect(deluxe?.cells[0]?.override).toBe(own);
    expect(suite?.cells[0]?.override).toBeUndefined();
  });
});

describe("calendarDates", () => {
  it("is RATE_CALENDAR_DAYS consecutive dates from the start, across a month end", () => {
    const dates = calendarDates("2027-01-20");
    expect(dates).toHaveLength(RATE_CALENDAR_DAYS);
    expect(dates[0]).toBe("2027-01-20");
    expect(dates.at(-1)).toBe("2027-02-18");
  });
});

describe("bulkEditDates", () => {
  it("keeps the chosen weekdays of [from, to], both ends included", () => {
    // March 2027: the 5th is a Friday, the 6th a Saturday.
    expect(bulkEditDates("2027-03-01", "2027-03-31", [5, 6])).toEqual([
      "2027-03-05",
      "2027-03-06",
      "2027-03-12",
      "2027-03-13",
      "2027-03-19",
      "2027-03-20",
      "2027-03-26",
      "2027-03-27",
    ]);
    expect(bulkEditDates("2027-03-05", "2027-03-05", [5])).toEqual(["2027-03-05"]);
  });

  it("is empty for a reversed range or no weekdays", () => {
    expect(bulkEditDates("2027-03-10", "2027-03-01", [0, 1, 2, 3, 4, 5, 6])).toEqual([]);
    expect(bulkEditDates("2027-03-01", "2027-03-31", [])).toEqual([]);
  });
});
