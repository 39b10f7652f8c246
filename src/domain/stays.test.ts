import { describe, expect, it } from "vitest";
import { RESERVATION_STATUSES, type ReservationStatus } from "./constants.js";
import {
  canTransition,
  generateReservationCode,
  nightsBetween,
  nightsInWindow,
  staysOverlap,
} from "./stays.js";

const stay = (checkInDate: string, checkOutDate: string) => ({ checkInDate, checkOutDate });

describe("nightsBetween", () => {
  it("counts calendar nights", () => {
    expect(nightsBetween("2026-03-01", "2026-03-02")).toBe(1);
    expect(nightsBetween("2026-03-01", "2026-03-05")).toBe(4);
    expect(nightsBetween("2026-01-30", "2026-02-02")).toBe(3);
    expect(nightsBetween("2025-12-30", "2026-01-02")).toBe(3);
    expect(nightsBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(nightsBetween("2027-02-28", "2027-03-01")).toBe(1);
  });

  it("stays whole across New York's DST weekends (23- and 25-hour days)", () => {
    expect(nightsBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(nightsBetween("2026-10-31", "2026-11-02")).toBe(2);
  });

  it("is at least one night", () => {
    expect(nightsBetween("2026-03-05", "2026-03-05")).toBe(1);
    expect(nightsBetween("2026-03-05", "2026-03-01")).toBe(1);
  });
});

describe("staysOverlap", () => {
  const base = stay("2026-03-10", "2026-03-13");

  it.each([
    ["identical", stay("2026-03-10", "2026-03-13"), true],
    ["overlapping the start", stay("2026-03-08", "2026-03-11"), true],
    ["overlapping the end", stay("2026-03-12", "2026-03-15"), true],
    ["contained", stay("2026-03-11", "2026-03-12"), true],
    ["containing", stay("2026-03-01", "2026-03-31"), true],
    ["back-to-back after", stay("2026-03-13", "2026-03-15"), false],
    ["back-to-back before", stay("2026-03-08", "2026-03-10"), false],
    ["well before", stay("2026-03-01", "2026-03-05"), false],
    ["well after", stay("2026-03-20", "2026-03-22"), false],
  ])("%s -> %s", (_label, other, expected) => {
    expect(staysOverlap(base, other)).toBe(expected);
    expect(staysOverlap(other, base)).toBe(expected);
  });

  it("compares across month and year ends", () => {
    expect(staysOverlap(stay("2025-12-30", "2026-01-02"), stay("2026-01-01", "2026-01-03"))).toBe(true);
    expect(staysOverlap(stay("2025-12-30", "2026-01-01"), stay("2026-01-01", "2026-01-03"))).toBe(false);
  });
});

describe("nightsInWindow", () => {
  const from = "2026-03-01";
  const to = "2026-03-08";

  it.each([
    ["inside", stay("2026-03-02", "2026-03-05"), 3],
    ["starting before", stay("2026-02-26", "2026-03-03"), 2],
    ["ending after", stay("2026-03-06", "2026-03-10"), 2],
    ["spanning", stay("2026-02-20", "2026-03-20"), 7],
    ["leaving on the first day", stay("2026-02-25", "2026-03-01"), 0],
    ["arriving on the exclusive end", stay("2026-03-08", "2026-03-10"), 0],
    ["arriving on the last day", stay("2026-03-07", "2026-03-09"), 1],
    ["outside", stay("2026-04-01", "2026-04-03"), 0],
  ])("%s -> %d", (_label, s, expected) => {
    expect(nightsInWindow(s, from, to)).toBe(expected);
  });

  it("handles a leap-year February window", () => {
    expect(nightsInWindow(stay("2028-02-27", "2028-03-03"), "2028-02-28", "2028-03-01")).toBe(2);
  });

  it("is zero for an empty or reversed window", () => {
    expect(nightsInWindow(stay("2026-03-01", "2026-03-05"), "2026-03-03", "2026-03-03")).toBe(0);
    expect(nightsInWindow(stay("2026-03-01", "2026-03-05"), "2026-03-04", "2026-03-02")).toBe(0);
  });
});

describe("canTransition", () => {
  const allowed = new Set([
    "booked>checked_in",
    "booked>cancelled",
    "checked_in>checked_out",
    "checked_in>cancelled",
    "checked_out>cancelled",
  ]);
  const pairs = RESERVATION_STATUSES.flatMap((from) => RESERVATION_STATUSES.map((to) => [from, to] as const));

  it("covers all 16 pairs", () => {
    expect(pairs).toHaveLength(16);
  });

  it.each(pairs)("%s -> %s", (from: ReservationStatus, to: ReservationStatus) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
  });
});

describe("generateReservationCode", () => {
  it("is RES- plus five characters from A-Z0-9", () => {
    const sequence = [0, 25, 26, 35, 7];
    let i = 0;
    const bounds: number[] = [];
    const code = generateReservationCode((max) => {
      bounds.push(max);
      return sequence[i++] ?? 0;
    });
    expect(code).toBe("RES-AZ09H");
    expect(bounds).toEqual([36, 36, 36, 36, 36]);
  });

  it("matches the format with Math.random", () => {
    for (let n = 0; n < 200; n++) {
      const code = generateReservationCode((max) => Math.floor(Math.random() * max));
      expect(code).toMatch(/^RES-[A-Z0-9]{5}$/);
    }
  });

  it.each([-1, 36, 1.5, Number.NaN])("rejects a random source returning %d", (bad) => {
    expect(() => generateReservationCode(() => bad)).toThrow(RangeError);
  });
});
