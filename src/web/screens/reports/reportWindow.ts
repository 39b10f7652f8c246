/**
 * Which report window may be asked for. A date input passes through real but unintended dates while a
 * year is typed digit by digit (0002, 0020, 0202, 2025), so only a complete window the server would take is
 * queried; anything else shows why instead.
 */
import { plural, t } from "@lingui/core/macro";
import { REPORT_WINDOW, windowProblem } from "../../../domain/date-ranges.js";
import { isIsoDate } from "../../../domain/dates.js";
import { MESSAGES } from "../../../domain/errors.js";
import { asSentence } from "../../components/feedback.js";

export const CHOOSE_BOTH_DATES = "Choose both dates.";

/** Null for a window to query, else the message to show. */
export function reportWindowProblem(from: string, to: string): string | null {
  if (!isIsoDate(from) || !isIsoDate(to)) return CHOOSE_BOTH_DATES;
  const problem = windowProblem(from, to);
  return problem && asSentence(problem);
}

/**
 * `reportWindowProblem`'s message in the language shown, matched by its English word for word; one this list
 * does not know is shown as written. Called while rendering.
 */
export function reportWindowWords(problem: string): string {
  const days = REPORT_WINDOW.maxDays;
  switch (problem) {
    case CHOOSE_BOTH_DATES:
      return t`Choose both dates.`;
    case asSentence(MESSAGES.endAfterStart):
      return t`The end date must be after the start date`;
    case asSentence(REPORT_WINDOW.tooLong):
      // Not "#": English writes the number without a thousands separator, as the rule does.
      return plural(days, {
        one: `The report window can be at most ${days} day`,
        other: `The report window can be at most ${days} days`,
      });
    default:
      return problem;
  }
}
