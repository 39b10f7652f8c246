import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  compareIsoDates,
  dateSequence,
  daysBetween,
  endOfDayIn,
  formatLongDate,
  formatMonthDay,
  isIsoDate,
  isValidTimeZone,
  todayIn,
  weekdayLabel,
  weekdayOf,
} from "./dates.js";

const at = (iso: string) => new Date(iso);

describe("isIsoDate", () => {
  it.each(["2025-01-01", "2028-02-29", "2025-12-31", "0001-01-01", "9999-12-31"])("accepts %s", (value) => {
    expect(isIsoDate(value)).toBe(true);
  });

  it.each([
    "2027-02-29",
    "2025-02-30",
    "2025-13-01",
    "2025-00-10",
    "2025-04-31",
    "2025-01-00",
    "2025-1-01",
    "2025-01-1",
    "25-01-01",
    "2025-01-01T00:00",
    " 2025-01-01",
    "0000-01-01",
    "",
  ])("rejects %j", (value) => {
    expect(isIsoDate(value)).toBe(false);
  });

  it("knows century leap rules", () => {
    expect(isIsoDate("2000-02-29")).toBe(true);
    expect(isIsoDate("2100-02-29")).toBe(false);
  });
});

describe("isValidTimeZone", () => {
  it.each(["Asia/Kolkata", "America/New_York", "UTC", "Europe/London"])("accepts %s", (zone) => {
    expect(isValidTimeZone(zone)).toBe(true);
  });

  it.each(["Mars/Olympus", "", "Asia/Kolkata ", "x".repeat(65)])("rejects %j", (zone) => {
    expect(isValidTimeZone(zone)).toBe(false);
  });
});

describe("todayIn Asia/Kolkata (UTC+05:30)", () => {
  it.each([
    ["2026-01-01T20:00:00Z", "2026-01-02"],
    ["2026-01-01T02:00:00Z", "2026-01-01"],
    ["2025-12-31T20:00:00Z", "2026-01-01"],
    ["2025-12-31T18:29:59Z", "2025-12-31"],
    ["2025-12-31T18:30:00Z", "2026-01-01"],
    // 00:00-05:30 local: the UTC date is still yesterday.
    ["2026-03-09T20:00:00Z", "2026-03-10"],
    ["2026-03-09T18:30:00Z", "2026-03-10"],
    ["2026-03-10T00:00:00Z", "2026-03-10"],
    ["2026-03-10T18:29:59Z", "2026-03-10"],
    ["2028-02-28T19:00:00Z", "2028-02-29"],
  ])("%s -> %s", (now, expected) => {
    expect(todayIn("Asia/Kolkata", at(now))).toBe(expected);
  });
});

describe("todayIn America/New_York around daylight-saving changes", () => {
  it.each([
    // Spring forward on 2026-03-08: midnight starting that day is still EST (05:00Z)...
    ["2026-03-08T04:59:59Z", "2026-03-07"],
    ["2026-03-08T05:00:00Z", "2026-03-08"],
    // ...but the next midnight is EDT (04:00Z), an hour earlier in UTC.
    ["2026-03-09T03:59:59Z", "2026-03-08"],
    ["2026-03-09T04:00:00Z", "2026-03-09"],
    // Fall back on 2026-11-01: that midnight is EDT (04:00Z), the next one EST (05:00Z).
    ["2026-11-01T03:59:59Z", "2026-10-31"],
    ["2026-11-01T04:00:00Z", "2026-11-01"],
    ["2026-11-02T04:59:59Z", "2026-11-01"],
    ["2026-11-02T05:00:00Z", "2026-11-02"],
  ])("%s -> %s", (now, expected) => {
    expect(todayIn("America/New_York", at(now))).toBe(expected);
  });

  it("differs from Kolkata at the same instant", () => {
    const now = at("2026-03-09T20:00:00Z");
    expect(todayIn("America/New_York", now)).toBe("2026-03-09");
    expect(todayIn("Asia/Kolkata", now)).toBe("2026-03-10");
  });

  it("throws on an unknown zone", () => {
    expect(() => todayIn("Mars/Olympus", at("2026-01-01T00:00:00Z"))).toThrow(RangeError);
  });
});

describe("addMonths", () => {
  it.each([
    ["2026-11-26", -24, "2024-11-26"],
    ["2026-03-31", -1, "2026-02-28"],
    ["2024-03-31", -1, "2024-02-29"],
    ["2026-01-31", 1, "2026-02-28"],
    ["2026-12-15", 1, "2027-01-15"],
    ["2026-05-10", 0, "2026-05-10"],
  ])("%s %+d months is %s", (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it("refuses a part of a month", () => {
    expect(() => addMonths("2026-01-01", 1.5)).toThrow(RangeError);
  });
});

describe("addDays", () => {
  it.each([
    ["2028-02-28", 1, "2028-02-29"],
    ["2028-02-29", 1, "2028-03-01"],
    ["2027-02-28", 1, "2027-03-01"],
    ["2028-03-01", -1, "2028-02-29"],
    ["2026-01-31", 1, "2026-02-01"],
    ["2026-04-30", 1, "2026-05-01"],
    ["2025-12-31", 1, "2026-01-01"],
    ["2026-01-01", -1, "2025-12-31"],
    ["2026-03-07", 2, "2026-03-09"],
    ["2026-10-31", 2, "2026-11-02"],
    ["2026-01-01", 365, "2027-01-01"],
    ["2028-01-01", 365, "2028-12-31"],
    ["2026-05-05", 0, "2026-05-05"],
    ["0050-06-01", 1, "0050-06-02"],
  ])("%s %+d -> %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it("rejects invalid dates, fractional days and results outside 0001-9999", () => {
    expect(() => addDays("2027-02-29", 1)).toThrow(RangeError);
    expect(() => addDays("2026-01-01", 0.5)).toThrow(RangeError);
    expect(() => addDays("9999-12-31", 1)).toThrow(RangeError);
    expect(() => addDays("0001-01-01", -1)).toThrow(RangeError);
  });

  it("round-trips with daysBetween", () => {
    const date = fc
      .date({
        min: new Date("1900-01-01T00:00:00Z"),
        max: new Date("2200-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(date, fc.integer({ min: -5000, max: 5000 }), (start, days) => {
        const end = addDays(start, days);
        expect(isIsoDate(end)).toBe(true);
        expect(daysBetween(start, end)).toBe(days);
      }),
    );
  });
});

describe("daysBetween", () => {
  it.each([
    // Whole calendar days, negative when reversed.
    ["2026-03-01", "2026-03-05", 4],
    ["2026-03-05", "2026-03-01", -4],
    ["2026-03-05", "2026-03-05", 0],
    ["2028-02-01", "2028-03-01", 29],
    ["2027-02-01", "2027-03-01", 28],
    ["2025-12-31", "2026-01-01", 1],
    // Unaffected by the 23- and 25-hour days of New York's DST weekends.
    ["2026-03-07", "2026-03-09", 2],
    ["2026-10-31", "2026-11-02", 2],
  ])("%s to %s is %i day(s)", (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });
});

describe("dateSequence", () => {
  it("lists consecutive dates across month and year ends", () => {
    expect(dateSequence("2025-12-30", 4)).toEqual(["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02"]);
    expect(dateSequence("2028-02-28", 3)).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
  });

  it("is empty for zero or negative counts", () => {
    expect(dateSequence("2026-01-01", 0)).toEqual([]);
    expect(dateSequence("2026-01-01", -3)).toEqual([]);
  });

  it("produces a 15-day front desk window", () => {
    const days = dateSequence("2026-03-01", 15);
    expect(days).toHaveLength(15);
    expect(days.at(-1)).toBe("2026-03-15");
  });
});

describe("formatMonthDay", () => {
  it("returns MM-DD", () => {
    expect(formatMonthDay("2026-03-05")).toBe("03-05");
    expect(formatMonthDay("2028-02-29")).toBe("02-29");
    expect(formatMonthDay("2026-12-31")).toBe("12-31");
  });

  it("rejects non-dates", () => {
    expect(() => formatMonthDay("2026-3-5")).toThrow(RangeError);
  });
});

describe("compareIsoDates", () => {
  it("orders chronologically", () => {
    expect(compareIsoDates("2026-01-09", "2026-01-10")).toBeLessThan(0);
    expect(compareIsoDates("2026-01-10", "2025-12-31")).toBeGreaterThan(0);
    expect(compareIsoDates("2026-01-10", "2026-01-10")).toBe(0);
    expect(["2026-02-01", "2025-12-31", "2026-01-15"].sort(compareIsoDates)).toEqual([
      "2025-12-31",
      "2026-01-15",
      "2026-02-01",
    ]);
  });
});

describe("weekdayOf", () => {
  it("counts 0 Sunday … 6 Saturday", () => {
    expect(weekdayOf("2026-03-01")).toBe(0);
    expect(weekdayOf("2026-03-06")).toBe(5);
    expect(weekdayOf("2026-03-07")).toBe(6);
    expect(weekdayOf("2028-02-29")).toBe(2);
  });
  it("moves by one a day, across months and years (fast-check)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), (offset) => {
        const date = addDays("2024-12-25", offset);
        expect(weekdayOf(addDays(date, 1))).toBe((weekdayOf(date) + 1) % 7);
      }),
    );
  });
});

it("names weekdays by the date itself", () => {
  expect(["2026-02-26", "2026-03-01", "2000-02-29", "1999-12-31"].map(weekdayLabel)).toEqual([
    "Thu",
    "Sun",
    "Tue",
    "Fri",
  ]);
  const week = [
    "2026-11-23",
    "2026-11-24",
    "2026-11-25",
    "2026-11-26",
    "2026-11-27",
    "2026-11-28",
    "2026-11-29",
  ];
  expect(week.map(weekdayLabel)).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
});

describe("endOfDayIn", () => {
  it("ends the day at the hotel, not in UTC", () => {
    expect(endOfDayIn("2025-06-30", "Asia/Kolkata")).toBe("2025-06-30T18:29:59Z");
    expect(endOfDayIn("2025-06-30", "UTC")).toBe("2025-06-30T23:59:59Z");
    expect(endOfDayIn("2025-06-30", "Pacific/Honolulu")).toBe("2025-07-01T09:59:59Z");
  });

  it("crosses a month and a year end", () => {
    expect(endOfDayIn("2025-12-31", "Europe/Berlin")).toBe("2025-12-31T22:59:59Z");
  });

  it("follows a daylight-saving change on that night", () => {
    // Europe/London moves to summer time at 01:00 on 2025-03-30; the 29th still ends in winter time.
    expect(endOfDayIn("2025-03-29", "Europe/London")).toBe("2025-03-29T23:59:59Z");
    expect(endOfDayIn("2025-03-30", "Europe/London")).toBe("2025-03-30T22:59:59Z");
    // America/Sao_Paulo had no 2018-11-04 midnight (clocks jumped from 00:00 to 01:00); the 3rd ends at
    // the first instant of the 4th, 03:00Z.
    expect(endOfDayIn("2018-11-03", "America/Sao_Paulo")).toBe("2018-11-04T02:59:59Z");
  });
});

describe("formatLongDate", () => {
  it("writes a day out in English without the weekday's comma, and in another locale as it writes it", () => {
    expect(formatLongDate("2026-11-26")).toBe("Thursday 26 November 2026");
    expect(formatLongDate("2026-11-26", "es-ES")).toBe("jueves, 26 de noviembre de 2026");
  });
});
