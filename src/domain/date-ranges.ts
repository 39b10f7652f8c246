/**
 * The date ranges an input may ask for (docs/product.md#bounds). Every range sizes work — nights to book or
 * block, days to report, dates to rewrite — so each has an order rule and an upper bound, checked by the
 * shared schemas before a request reaches the database: one long range must never hold a server that every
 * hotel shares. Each rule is written here once, as a function that says what is wrong (`stayProblem`,
 * `windowProblem`, …); schemas, services and screens all ask it.
 */
import type { z } from "zod";
import { LIMITS } from "./constants.js";
import { daysBetween, type IsoDate, isIsoDate } from "./dates.js";
import { MESSAGES } from "./errors.js";

export type DateRangeRule = {
  /** Whether the end date is part of the range (a bulk edit's "to") or the day after it (a stay's check-out). */
  inclusive: boolean;
  /** The most days (nights) the range may span. */
  maxDays: number;
  /** What to say when the end is not after (or, inclusive, not on or after) the start. */
  order: string;
  /** What to say when the range is longer than `maxDays`. */
  tooLong: string;
};

/** A stay: check-out after check-in, at most a year of nights. */
export const STAY_RANGE: DateRangeRule = {
  inclusive: false,
  maxDays: LIMITS.maxStayNights,
  order: MESSAGES.checkOutAfterCheckIn,
  tooLong: `a stay can be at most ${LIMITS.maxStayNights} nights`,
};

/** A room block (out of order, maintenance): like a stay, at most a year; a longer one is made again. */
export const BLOCK_RANGE: DateRangeRule = {
  inclusive: false,
  maxDays: LIMITS.maxStayNights,
  order: MESSAGES.endAfterStart,
  tooLong: `a room block can be at most ${LIMITS.maxStayNights} nights`,
};

/** A report, export or list window [from, to). */
export const REPORT_WINDOW: DateRangeRule = {
  inclusive: false,
  maxDays: LIMITS.maxReportDays,
  order: MESSAGES.endAfterStart,
  tooLong: `the report window can be at most ${LIMITS.maxReportDays} days`,
};

/** A bulk rate edit: [from, to], both included, at most a year with its leap day. */
export const BULK_RATE_RANGE: DateRangeRule = {
  inclusive: true,
  maxDays: LIMITS.maxBulkDays,
  order: "must be on or after from",
  tooLong: `the range can be at most ${LIMITS.maxBulkDays} days`,
};

/** How many days `[start, end)` (or `[start, end]`, inclusive) spans. */
export function rangeDays(rule: DateRangeRule, start: IsoDate, end: IsoDate): number {
  return daysBetween(start, end) + (rule.inclusive ? 1 : 0);
}

/** Why `start`..`end` breaks `rule`, or null when it keeps it. Both must be calendar dates. */
export function rangeProblem(rule: DateRangeRule, start: IsoDate, end: IsoDate): string | null {
  const days = rangeDays(rule, start, end);
  if (days < 1) return rule.order;
  if (days > rule.maxDays) return rule.tooLong;
  return null;
}

/** Why `from`..`to` is not a date range of that kind that may be asked for, or null. Both are calendar dates. */
export type RangeProblem = (start: IsoDate, end: IsoDate) => string | null;

/**
 * A stay: check-out after check-in, at most a year of nights. The create, edit and quote schemas, the
 * server's stay checks and the booking form all ask this.
 */
export const stayProblem: RangeProblem = (checkInDate, checkOutDate) =>
  rangeProblem(STAY_RANGE, checkInDate, checkOutDate);

/** A room block: its end after its start, at most a year. */
export const blockProblem: RangeProblem = (startDate, endDate) =>
  rangeProblem(BLOCK_RANGE, startDate, endDate);

/**
 * A report, export or list window [from, to): the end after the start, at most `LIMITS.maxReportDays`.
 * The query schemas, the report service and the Reports screen all ask this.
 */
export const windowProblem: RangeProblem = (from, to) => rangeProblem(REPORT_WINDOW, from, to);

/** A bulk rate edit's [from, to]: the end on or after the start, at most a year. Its schema and dialog ask this. */
export const bulkRateRangeProblem: RangeProblem = (from, to) => rangeProblem(BULK_RATE_RANGE, from, to);

/**
 * A zod refinement of an object's two date fields under `problemOf` (one of the rules above), reported on the
 * end field. It stays quiet while either date is absent or not a calendar date: the field's own check
 * reports that.
 */
export function checkRange<Input extends object>(
  problemOf: RangeProblem,
  startField: keyof Input & string,
  endField: keyof Input & string,
) {
  return (input: Input, ctx: z.RefinementCtx): void => {
    const start = input[startField];
    const end = input[endField];
    if (typeof start !== "string" || typeof end !== "string" || !isIsoDate(start) || !isIsoDate(end)) return;
    const problem = problemOf(start, end);
    if (problem !== null) ctx.addIssue({ code: "custom", path: [endField], message: problem });
  };
}
