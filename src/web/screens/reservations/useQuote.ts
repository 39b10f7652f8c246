/**
 * The live quote of a booking or edit form: the form's inputs, once the clerk pauses typing, priced by the
 * server's quote (the rules a save applies, src/server/modules/quotes/routes.ts) and checked for a free
 * room; and the rooms free for the dates, for the Room select. Nothing here prices a night: the web shows
 * the server's figures only.
 */
import { plural, t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { LIMITS } from "../../../domain/constants.js";
import { STAY_RANGE, stayProblem } from "../../../domain/date-ranges.js";
import { isIsoDate } from "../../../domain/dates.js";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import type { Quote, QuoteQuery, RoomVacancyQuery } from "../../../domain/schemas/quotes.js";
import { useFormQuote, useRoomVacancy } from "../../api/quote.js";
import { asSentence, numberOrNull } from "../../components/feedback.js";
import { type FieldErrors, splitFieldErrors } from "../../components/fieldErrors.js";

/** How long typing must pause before the inputs are priced: one request per pause, not per keystroke. */
export const QUOTE_PAUSE_MS = 300;

/** The form's values as typed; `stayId` names the stay being edited (its own nights do not count). */
export type QuoteInput = {
  checkInDate: string;
  checkOutDate: string;
  roomId: string;
  roomTypeId: string;
  adults: string;
  children: string;
  /** The plan to price on (a per-adult plan prices the adults too); absent or "": the Standard plan. */
  ratePlanId?: string;
  stayId?: string;
};

export type QuoteView =
  /** Nothing to price: the dates are not a stay yet (the date fields say why). */
  | { kind: "none" }
  /** Asking; the last price, if any, is shown meanwhile. */
  | { kind: "calculating"; last: Quote | null }
  | { kind: "priced"; quote: Quote }
  /** The save would be refused: the reason, and the fields it is about (shown next to them). */
  | { kind: "refused"; message: string | null; fields: FieldErrors };

/**
 * `value` once it has stayed the same for `ms`. Compared by its JSON, so an equal value built anew on each
 * render does not restart the pause; the value handed on is that JSON read back (plain data only).
 */
function usePaused<T>(value: T, ms: number): { value: T; settled: boolean } {
  const key = JSON.stringify(value) ?? "null";
  const [paused, setPaused] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(key), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return { value: JSON.parse(paused) as T, settled: paused === key };
}

/** The check-out problem the dates have before any request (the rule the server's schema applies). */
export function datesProblem(checkInDate: string, checkOutDate: string): string | null {
  if (!isIsoDate(checkInDate) || !isIsoDate(checkOutDate)) return null;
  return stayProblem(checkInDate, checkOutDate);
}

/*
 * What a field or the quote says for the two refusals the product words itself. Its sentences ("Check-out
 * must be after check-in", "Room not available for selected dates.") are the form's alert and the message
 * under it when the clerk saves (docs/product.md#date-rules); beside the field and in the quote the same
 * facts read shorter, so the product's sentence stays the one on the page. The stay rule's words come from
 * the domain in English (the server says them too); these write them in the language shown.
 */

/** A date problem (`datesProblem`) as a sentence of its own, in the language shown. */
export function problemSentence(problem: string): string {
  if (problem === MESSAGES.checkOutAfterCheckIn) return t`Check-out must be after check-in`;
  if (problem === STAY_RANGE.tooLong) {
    const most = LIMITS.maxStayNights;
    return plural(most, {
      one: "A stay can be at most # night",
      other: "A stay can be at most # nights",
    });
  }
  return asSentence(problem);
}

/** A date problem as the field beside it says it. */
export function fieldWords(problem: string): string {
  if (asSentence(problem) === MESSAGES.checkOutAfterCheckIn) return t`Must be after the check-in date`;
  return problemSentence(problem);
}

const stayDates = (input: QuoteInput): boolean =>
  isIsoDate(input.checkInDate) &&
  isIsoDate(input.checkOutDate) &&
  stayProblem(input.checkInDate, input.checkOutDate) === null;

/** The quote request for the inputs; null while the dates are not a stay. */
export function quoteQueryOf(input: QuoteInput): QuoteQuery | null {
  if (!stayDates(input)) return null;
  const adults = numberOrNull(input.adults);
  const children = numberOrNull(input.children);
  return {
    checkInDate: input.checkInDate,
    checkOutDate: input.checkOutDate,
    // A room decides its type; without one the type is the one sold.
    ...(input.roomId ? { roomId: input.roomId } : input.roomTypeId ? { roomTypeId: input.roomTypeId } : {}),
    ...(adults !== null ? { adults, children: children ?? 0 } : {}),
    ...(input.ratePlanId ? { ratePlanId: input.ratePlanId } : {}),
    availability: "true",
    ...(input.stayId ? { stayId: input.stayId } : {}),
  };
}

/** The fields a quote's refusal may be about, as the forms name them. */
const QUOTED_FIELDS = [
  "checkInDate",
  "checkOutDate",
  "roomId",
  "roomTypeId",
  "adults",
  "children",
  "ratePlanId",
];

/** The quote for the inputs (`enabled: false` asks nothing, as for an edit that changes no date or room). */
export function useLiveQuote(input: QuoteInput, enabled = true): QuoteView {
  const { t } = useLingui();
  const query = enabled ? quoteQueryOf(input) : null;
  const paused = usePaused(query, QUOTE_PAUSE_MS);
  const answer = useFormQuote(paused.settled ? paused.value : null);
  const [last, setLast] = useState<Quote | null>(null);
  useEffect(() => {
    if (answer.data) setLast(answer.data);
  }, [answer.data]);
  if (query === null) return { kind: "none" };
  if (!paused.settled || answer.isPending) return { kind: "calculating", last };
  if (answer.error instanceof AppError && answer.error.code === "room_unavailable") {
    return { kind: "refused", fields: {}, message: t`This room is taken on these dates.` };
  }
  if (answer.error) {
    const { fields, message } = splitFieldErrors(answer.error, QUOTED_FIELDS);
    return { kind: "refused", fields, message };
  }
  return answer.data ? { kind: "priced", quote: answer.data } : { kind: "calculating", last };
}

/** Which rooms are free for the inputs' dates (undefined until the dates are a stay and first answered). */
export function useFreeRooms(input: Pick<QuoteInput, "checkInDate" | "checkOutDate" | "stayId">) {
  const query: RoomVacancyQuery | null = stayDates({
    ...input,
    roomId: "",
    roomTypeId: "",
    adults: "",
    children: "",
  })
    ? {
        checkInDate: input.checkInDate,
        checkOutDate: input.checkOutDate,
        ...(input.stayId ? { stayId: input.stayId } : {}),
      }
    : null;
  const paused = usePaused(query, QUOTE_PAUSE_MS);
  return useRoomVacancy(paused.value).data;
}
