/**
 * The API contract is one set of zod schemas, one file per resource in this folder: the server validates
 * every input with them, the web forms derive their payloads from them, and the OpenAPI document is
 * generated from them. This file holds the fields every resource is built from.
 */
import { z } from "zod";
import { LIMITS } from "../constants.js";
import { isIsoDate } from "../dates.js";
import { hasAtMostDecimals, hasAtMostTwoDecimals } from "../money.js";
import { hasInvisibleCharacter, hasLoneSurrogate, normalizeIdentifier, stripBidiControls } from "../text.js";

export const isoDate = z
  .string()
  .refine(isIsoDate, { message: "must be a real calendar date in YYYY-MM-DD form" })
  .refine((value) => value <= LIMITS.latestDate, { message: `must be on or before ${LIMITS.latestDate}` })
  .meta({ format: "date", example: "2026-11-22" });

export const id = z.uuid({ message: "must be a valid id" });
/** Ids in a path, in the lower-case form the database returns (so a property's live stream matches its events). */
export const pathId = id.overwrite((value) => value.toLowerCase());
export const propertyParams = z.strictObject({ pid: pathId });
export const resourceParams = z.strictObject({ pid: pathId, id: pathId });

/** Any string a client sends: a lone surrogate has no UTF-8 form and would be silently replaced, so refuse it. */
const unicode = z.string().refine((value) => !hasLoneSurrogate(value), {
  message: "must be valid Unicode text (it contains a lone surrogate)",
});

/** Free text (names, phones): bidi controls stripped (see text.ts), trimmed, bounded. */
export const text = unicode
  .overwrite(stripBidiControls)
  .trim()
  .max(LIMITS.text, { message: `must be at most ${LIMITS.text} characters` })
  // PostgreSQL text cannot hold NUL; reject it here rather than fail in the database.
  .refine((value) => !value.includes("\u0000"), { message: "must not contain NUL characters" });

/** The search box's text never holds these; search indexes separate the fields with one (reservations/filters.ts). */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** A search box's text (`q`): trimmed and bounded; blank is no search. */
export const searchQuery = z
  .string()
  .overwrite(stripBidiControls)
  .trim()
  .max(LIMITS.search, { message: `must be at most ${LIMITS.search} characters` })
  .refine((value) => !hasLoneSurrogate(value) && !CONTROL_CHARACTER.test(value), {
    message: "must be text without control characters",
  })
  .transform((value) => value || undefined)
  .optional();

/** A guest's email: blank, or an address. */
export const guestEmail = z.union([
  z.literal(""),
  z.email({ message: "must be an email address" }).max(LIMITS.text),
]);

/** An identifier people read aloud (a room number): normalised so look-alikes are one value (see text.ts). */
export const identifier = unicode
  .overwrite(normalizeIdentifier)
  .min(1, { message: "is required" })
  .refine((value) => !hasInvisibleCharacter(value), {
    message: "must not contain invisible or control characters",
  });

/**
 * A numeric form field: empty (null, "" or missing) falls back to its default
 * (docs/product.md#room-types-and-rooms).
 */
export function numberWithFallback(fallback: number, schema: z.ZodType<number>) {
  return z
    .union([schema, z.literal(""), z.null()])
    .optional()
    .transform((value) => (value === "" || value === null || value === undefined ? fallback : value));
}

export const money = z
  .number()
  .nonnegative({ message: "must not be negative" })
  .max(LIMITS.maxRate)
  .refine(hasAtMostTwoDecimals, { message: "must have at most two decimals" });

/**
 * A folio amount as the API sends it: at most three decimals (the most any currency has, KWD); the
 * property's currency may allow fewer, which the server checks against it (tax.ts `fitsMinorUnit`).
 */
export const amount = z
  .number()
  .min(-LIMITS.maxRate, { message: `must be at least -${LIMITS.maxRate}` })
  .max(LIMITS.maxRate, { message: `must be at most ${LIMITS.maxRate}` })
  .refine((value) => hasAtMostDecimals(value, 3), { message: "must have at most three decimals" });

/** A tax rate's percentage: 0–100 with up to three decimals. */
export const percent = z
  .number()
  .min(0, { message: "must not be negative" })
  .max(100, { message: "must be at most 100" })
  .refine((value) => hasAtMostDecimals(value, 3), { message: "must have at most three decimals" });

const hasAField = (value: object) => Object.values(value).some((field) => field !== undefined);
/** A PATCH body: only known fields, all optional, at least one of them (the message names them). */
export function partialEdit<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .strictObject(shape)
    .refine(hasAField, { message: `send at least one of ${Object.keys(shape).join(", ")}` });
}
