/**
 * What RoomBlockForm says is wrong with a field (`roomBlockProblems`: its own words, else the shared schema's,
 * src/domain/schemas/room-blocks.ts) in the language shown. Each is matched by its English, word for word; a
 * problem this list does not know is shown as written. Called while rendering.
 */
import { plural, t } from "@lingui/core/macro";
import { LIMITS } from "../../domain/constants.js";
import { BLOCK_RANGE } from "../../domain/date-ranges.js";
import { MESSAGES } from "../../domain/errors.js";

export function roomBlockProblemWords(problem: string | undefined): string | undefined {
  if (problem === undefined) return undefined;
  const latest = LIMITS.latestDate;
  const nights = BLOCK_RANGE.maxDays;
  const characters = LIMITS.text;
  switch (problem) {
    case "Choose a room":
      return t`Choose a room`;
    case "Enter the first night out of order":
      return t`Enter the first night out of order`;
    case MESSAGES.endAfterStart:
      return t`The end date must be after the start date`;
    case BLOCK_RANGE.tooLong:
      return plural(nights, {
        one: "a room block can be at most # night",
        other: "a room block can be at most # nights",
      });
    case "must be a real calendar date in YYYY-MM-DD form":
      return t`must be a real calendar date in YYYY-MM-DD form`;
    case `must be on or before ${latest}`:
      return t`must be on or before ${latest}`;
    case `must be at most ${characters} characters`:
      return plural(characters, {
        one: "must be at most # character",
        other: "must be at most # characters",
      });
    case "must not contain NUL characters":
      return t`must not contain NUL characters`;
    default:
      return problem;
  }
}
