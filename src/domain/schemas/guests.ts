/**
 * Guest profiles (docs/product.md#guests): the person across stays. A stay's guest name, phone and email are
 * its profile's; the profile adds what the front desk records at check-in and what privacy law asks for.
 */
import { z } from "zod";
import { DOCUMENT_TYPES, GUESTS_PAGE, LIMITS } from "../constants.js";
import { activityEntry } from "./activity.js";
import { guestEmail, id, isoDate, searchQuery, text } from "./fields.js";
import { folioLine } from "./folio.js";
import { invoice } from "./invoices.js";
import { payment } from "./payments.js";
import { reservation } from "./reservations.js";

const language = z
  .string()
  .trim()
  .max(35)
  .refine(isLanguageTag, { message: "must be a language tag such as en, es or hi" })
  .transform((value) => Intl.getCanonicalLocales(value)[0] ?? value);

export const country = z
  .string()
  .max(LIMITS.text)
  .trim()
  .toUpperCase()
  .refine((value) => value === "" || /^[A-Z]{2}$/.test(value), {
    message: "must be a two-letter country code such as IN or ES",
  });

const tags = z
  .array(text.min(1, { message: "must not be blank" }).max(LIMITS.tag))
  .max(LIMITS.guestTags, { message: `must have at most ${LIMITS.guestTags} tags` })
  .transform((values) => [...new Set(values)]);

/** The fields a clerk edits on a profile; every one optional in a PATCH. */
const profileFields = {
  name: text,
  email: guestEmail,
  phone: text,
  language,
  country,
  dateOfBirth: isoDate.nullable(),
  documentType: z.enum(DOCUMENT_TYPES).nullable(),
  documentNumber: text,
  address: text.max(LIMITS.notes),
  taxId: text,
  notes: text.max(LIMITS.notes),
  tags,
  marketingConsent: z.boolean(),
};

export const guestCreateInput = z.strictObject({
  ...profileFields,
  name: text.min(1, { message: "is required" }),
  email: profileFields.email.default(""),
  phone: profileFields.phone.default(""),
  language: profileFields.language.optional(),
  country: profileFields.country.default(""),
  dateOfBirth: profileFields.dateOfBirth.default(null),
  documentType: profileFields.documentType.default(null),
  documentNumber: profileFields.documentNumber.default(""),
  address: profileFields.address.default(""),
  taxId: profileFields.taxId.default(""),
  notes: profileFields.notes.default(""),
  tags: profileFields.tags.default([]),
  marketingConsent: profileFields.marketingConsent.default(false),
});
export type GuestCreateInput = z.input<typeof guestCreateInput>;

export const guestUpdateInput = z
  .strictObject(profileFields)
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: `send at least one of ${Object.keys(profileFields).join(", ")}`,
  });
export type GuestUpdateInput = z.input<typeof guestUpdateInput>;
export type GuestEdit = z.output<typeof guestUpdateInput>;

export const guestMergeInput = z.strictObject({ sourceId: id });

/** `GET …/guests`: the search (name, email, phone or document number, any case) newest first, a page at a time. */
export const guestListQuery = z.strictObject({
  q: searchQuery.meta({ description: "Part of the name, email, phone or document number (any case)" }),
  limit: z.coerce.number().int().min(1).max(GUESTS_PAGE.max).default(GUESTS_PAGE.default),
  before: id.optional().meta({ description: "The id of the last guest of the previous page" }),
});
export type GuestListQuery = z.input<typeof guestListQuery>;

export const guest = z.object({
  id,
  propertyId: id,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  language: z.string(),
  country: z.string(),
  dateOfBirth: z.string().nullable(),
  documentType: z.enum(DOCUMENT_TYPES).nullable(),
  documentNumber: z.string(),
  address: z.string(),
  taxId: z.string(),
  notes: z.string(),
  tags: z.array(z.string()),
  marketingConsent: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  anonymizedAt: z.string().nullable(),
});
export type Guest = z.infer<typeof guest>;

/** A row of the guest list: the profile with how many stays it has and when the last one began. */
export const guestListItem = guest.extend({
  stayCount: z.number().int(),
  lastStayDate: z.string().nullable(),
});
export type GuestListItem = z.infer<typeof guestListItem>;

/**
 * A profile with its stays (newest first); `nights` and `revenue` sum its booked, checked-in and checked-out
 * stays (revenue: what they were sold for).
 */
export const guestDetail = guest.extend({
  stays: z.array(reservation),
  nights: z.number().int(),
  revenue: z.number(),
});
export type GuestDetail = z.infer<typeof guestDetail>;

/**
 * `GET …/guests/:id/export`: everything the property holds about the person, as one document (GDPR article
 * 15, India's DPDP Act): the profile, every stay, every payment against them, and every activity entry about
 * the profile or its stays. `retained` says what the hotel must keep even after an erasure.
 */
export const guestExport = z.object({
  exportedAt: z.string(),
  property: z.object({ id, name: z.string(), code: z.string() }),
  guest,
  stays: z.array(reservation),
  payments: z.array(payment.extend({ reservationCode: z.string() })),
  /** The lines posted to their stays (the nights are the stays' own), and every invoice and credit note. */
  folioLines: z.array(folioLine.extend({ reservationCode: z.string() })),
  invoices: z.array(invoice),
  activity: z.array(activityEntry.omit({ subject: true, names: true })),
  retained: z.string(),
});
export type GuestExport = z.infer<typeof guestExport>;

function isLanguageTag(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    // RangeError: not a well-formed BCP 47 tag.
    return false;
  }
}
