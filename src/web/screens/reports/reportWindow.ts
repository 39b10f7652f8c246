/**
 * Which report window may be asked for. A date input passes through real but unintended dates while a
 * year is typed digit by digit (0002, 0020, 0202, 2025), so only a complete window the server would take is
 * queried; anything else shows why instead.
 */
import { windowProblem } from "../../../domain/date-ranges.js";
import { isIsoDate } from "../../../domain/dates.js";
import { asSentence } from "../../components/feedback.js";

export const CHOOSE_BOTH_DATES = "Choose both dates.";

/** Null for a window to query, else the message to show. */
export function reportWindowProblem(from: string, to: string): string | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return CHOOSE_BOTH_DATES;
  const problem = windowProblem(from, to);
  return problem && asSentence(problem);
}
