/**
 * The bulk form's range problems (`roomNumberRange`, src/domain/room-ranges.ts) in the language shown. The
 * domain writes them in English for every caller; each is matched here by that English, word for word, and a
 * problem this list does not know is shown as the domain wrote it. Called while rendering.
 */
import { plural, t } from "@lingui/core/macro";
import { LIMITS } from "../../../domain/constants.js";

const SAME_START = /^Both numbers must start the same way \((.*)\)\.$/;

export function roomRangeProblem(problem: string): string {
  const most = LIMITS.bulkRooms;
  const length = LIMITS.roomNumber;
  switch (problem) {
    case "Enter the first and the last room number.":
      return t`Enter the first and the last room number.`;
    case "Both numbers must end in digits, e.g. 101 to 112.":
      return t`Both numbers must end in digits, e.g. 101 to 112.`;
    case "Those numbers are too long to count.":
      return t`Those numbers are too long to count.`;
    case "The last number must not be below the first.":
      return t`The last number must not be below the first.`;
    case `Add at most ${most} rooms at a time.`:
      return plural(most, { one: "Add at most # room at a time.", other: "Add at most # rooms at a time." });
    case `Room numbers must be at most ${length} characters.`:
      return plural(length, {
        one: "Room numbers must be at most # character.",
        other: "Room numbers must be at most # characters.",
      });
  }
  const start = SAME_START.exec(problem)?.[1];
  if (start === "digits") return t`Both numbers must start the same way (digits).`;
  if (start !== undefined) return t`Both numbers must start the same way (${start}).`;
  return problem;
}
