/**
 * A refused request's words in the language shown (docs/decisions/047-languages.md). The server says what went
 * wrong in English, with a stable code (src/domain/errors.ts); English shows the server's own sentence, which
 * names the record. Another language shows the sentences SPEC.md words (MESSAGES) in translation and, for any
 * other refusal, what its code means: the client maps codes to messages, the server keeps one language.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type ErrorCode, type FieldIssue, MESSAGES } from "../../domain/errors.js";

export const MESSAGE_WORDS: Readonly<Record<keyof typeof MESSAGES, MessageDescriptor>> = {
  checkOutAfterCheckIn: msg`Check-out must be after check-in`,
  roomNotAvailable: msg`Room not available for selected dates.`,
  endAfterStart: msg`The end date must be after the start date`,
  notFound: msg`Not found`,
  unauthenticated: msg`Sign in required`,
  forbidden: msg`Unauthorized`,
};

/** What each refusal means, for a message the catalogs cannot know word for word. */
export const ERROR_WORDS: Readonly<Record<ErrorCode, MessageDescriptor>> = {
  validation: msg`Some of what was entered is not valid. Check the marked fields.`,
  unauthenticated: msg`Sign in required`,
  forbidden: msg`Unauthorized`,
  not_found: msg`Not found`,
  conflict: msg`This changed at the same time elsewhere, or clashes with another record. Reload and try again.`,
  room_unavailable: msg`Room not available for selected dates.`,
  invalid_transition: msg`This stay cannot move to that status from where it is now.`,
  restricted: msg`A rate restriction (stop sell or minimum stay) does not allow these dates.`,
  sold_out: msg`Every room of this type is taken on one of these nights.`,
  price_changed: msg`The price changed since it was shown. Check the new total and try again.`,
  in_use: msg`This is still in use by a stay or a block, so it cannot be removed.`,
  nothing_to_invoice: msg`Every charge of this stay is already on an invoice.`,
  day_closed: msg`That day is closed. Correct it with a new line dated today.`,
  unsupported_media_type: msg`The server could not read this request.`,
  misdirected: msg`This address is not one the server answers for.`,
  idempotency_key_reused: msg`This request was already sent with other details. Reload and try again.`,
  rate_limited: msg`Too many requests. Wait a moment and try again.`,
  internal: msg`Something went wrong on the server. Try again.`,
  unavailable: msg`Cannot reach the server. Check your connection.`,
  storage_full: msg`The server's disk is nearly full: changes cannot be saved. Tell your administrator.`,
};

/** A field the server refused, said in another language when its sentence is not one the catalogs know. */
const FIELD_NOT_VALID = msg`not valid`;

const KNOWN = new Map<string, MessageDescriptor>(
  (Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).map((key) => [MESSAGES[key], MESSAGE_WORDS[key]]),
);

function english(i18n: I18n): boolean {
  return i18n.locale === "" || i18n.locale === "en";
}

/** The sentence a refusal shows: the server's in English, else the known sentence's or the code's. */
export function errorWords(i18n: I18n, code: ErrorCode, message: string): string {
  if (english(i18n)) return message;
  const known = KNOWN.get(message);
  return i18n._(known ?? ERROR_WORDS[code]);
}

/** A refused field's problem in the language shown. */
export function fieldIssueWords(i18n: I18n, issue: FieldIssue): FieldIssue {
  if (english(i18n)) return issue;
  return { field: issue.field, message: i18n._(KNOWN.get(issue.message) ?? FIELD_NOT_VALID) };
}
