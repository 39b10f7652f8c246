/**
 * Which report window may be asked for. A date input passes through real but unintended dates while a
 * year is typed digit by digit (0002, 0020, 0202, 2025), so only a complete window the server would take is
 * queried; anything else shows why instead.
 */
import { LIMITS } from "../../../domain/constants.js";
import { daysBetween, isIsoDate } from "../../../domain/dates.js";
import { MESSAGES } from "../../../domain/errors.js";

export const CHOOSE_BOTH_DATES = "Choose both dates.";

/** Null for a window to query, else the message to show. */
export function reportWindowProblem(from: string, to: string): string | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return CHOOSE_BOTH_DATES;
  if (from >= to) return MESSAGES.endAfterStart;
  if (daysBetween(from, to) > LIMITS.maxReportDays) {
    return `The report window can be at most ${LIMITS.maxReportDays} days`;
  }
  return null;
}
