import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LIMITS } from "./constants.js";
import {
  BLOCK_RANGE,
  BULK_RATE_RANGE,
  blockProblem,
  bulkRateRangeProblem,
  type DateRangeRule,
  type RangeProblem,
  REPORT_WINDOW,
  rangeDays,
  rangeProblem,
  STAY_RANGE,
  stayProblem,
  windowProblem,
} from "./date-ranges.js";
import { addDays } from "./dates.js";
import { reservationCreateInput } from "./schemas/reservations.js";
import { roomBlockCreateInput } from "./schemas/room-blocks.js";

const RULES: [string, DateRangeRule][] = [
  ["stay", STAY_RANGE],
  ["room block", BLOCK_RANGE],
  ["report window", REPORT_WINDOW],
  ["bulk rate edit", BULK_RATE_RANGE],
];

describe("date range rules", () => {
  it.each(RULES)("a %s is refused exactly beyond its bound, and reversed or empty", (_name, rule) => {
    const start = "2030-01-01";
    // The longest range: maxDays days, counting the end date itself when the rule includes it.
    const longest = addDays(start, rule.maxDays - (rule.inclusive ? 1 : 0));
    expect(rangeDays(rule, start, longest)).toBe(rule.maxDays);
    expect(rangeProblem(rule, start, longest)).toBeNull();
    expect(rangeProblem(rule, start, addDays(longest, 1))).toBe(rule.tooLong);
    expect(rangeProblem(rule, start, addDays(start, -1))).toBe(rule.order);
    expect(rangeProblem(rule, start, start)).toBe(rule.inclusive ? null : rule.order);
  });

  it("bounds every range by its rule, for any pair of dates", () => {
    const date = fc.integer({ min: 0, max: 40_000 }).map((offset) => addDays("2000-01-01", offset));
    fc.assert(
      fc.property(fc.constantFrom(...RULES), date, date, ([, rule], start, end) => {
        const days = rangeDays(rule, start, end);
        expect(rangeProblem(rule, start, end) === null).toBe(days >= 1 && days <= rule.maxDays);
      }),
    );
  });

  it("is what the schemas enforce, and no date may pass the last one", () => {
    const stay = (checkOutDate: string) =>
      reservationCreateInput.safeParse({ checkInDate: "2030-01-01", checkOutDate });
    expect(stay(addDays("2030-01-01", LIMITS.maxStayNights)).success).toBe(true);
    const tooLong = stay(addDays("2030-01-01", LIMITS.maxStayNights + 1));
    expect(tooLong.error?.issues).toEqual([
      expect.objectContaining({ path: ["checkOutDate"], message: STAY_RANGE.tooLong }),
    ]);
    const block = roomBlockCreateInput.safeParse({
      roomId: "00000000-0000-4000-8000-000000000000",
      startDate: "2030-01-01",
      endDate: "9999-12-31",
    });
    expect(block.error?.issues.map((issue) => issue.path.join("."))).toContain("endDate");
    expect(stay("2100-01-01").error?.issues[0]?.message).toBe(`must be on or before ${LIMITS.latestDate}`);
  });
});

describe("each rule by name", () => {
  const NAMED: [string, RangeProblem, DateRangeRule][] = [
    ["stayProblem", stayProblem, STAY_RANGE],
    ["blockProblem", blockProblem, BLOCK_RANGE],
    ["windowProblem", windowProblem, REPORT_WINDOW],
    ["bulkRateRangeProblem", bulkRateRangeProblem, BULK_RATE_RANGE],
  ];

  it.each(NAMED)("%s answers its rule", (_name, problemOf, rule) => {
    const start = "2030-01-02";
    expect(problemOf(start, "2030-01-01")).toBe(rule.order);
    expect(problemOf(start, "2030-01-03")).toBeNull();
    expect(problemOf(start, addDays(start, rule.maxDays))).toBe(rule.inclusive ? rule.tooLong : null);
    expect(problemOf(start, addDays(start, rule.maxDays + 1))).toBe(rule.tooLong);
  });

  it("says what the API and the screens have always said", () => {
    expect(stayProblem("2030-01-02", "2030-01-02")).toBe("Check-out must be after check-in");
    expect(blockProblem("2030-01-02", "2030-01-02")).toBe("The end date must be after the start date");
    expect(windowProblem("2030-01-02", "2030-01-01")).toBe("The end date must be after the start date");
    expect(windowProblem("2030-01-01", addDays("2030-01-01", LIMITS.maxReportDays + 1))).toBe(
      `the report window can be at most ${LIMITS.maxReportDays} days`,
    );
    expect(bulkRateRangeProblem("2030-01-02", "2030-01-02")).toBeNull();
  });
});
