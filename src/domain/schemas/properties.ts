/** A property (one hotel): its settings edit, its record, and how members and the admin list see it. */
import { z } from "zod";
import { LIMITS } from "../constants.js";
import { isValidTimeZone } from "../dates.js";
import { isCurrencyCode } from "../money.js";
import { ROLES } from "../permissions.js";
import { id, money, partialEdit, text } from "./fields.js";

/** The settings form's fields; a PATCH sends any of them. */
export const propertyUpdateInput = partialEdit({
  name: text.min(1, { message: "is required" }).optional(),
  currency: z
    .string()
    .max(LIMITS.text)
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, { message: "must be an ISO 4217 currency code such as INR or USD" })
    .optional(),
  timeZone: z
    .string()
    .max(LIMITS.text)
    .trim()
    .refine(isValidTimeZone, { message: "must be an IANA time zone such as Asia/Kolkata" })
    .optional(),
  /** Months after a guest's last stay until the day close erases them; null keeps guests. */
  guestRetentionMonths: z
    .number()
    .int({ message: "must be a whole number of months" })
    .min(1, { message: "must be at least 1 month" })
    .max(LIMITS.maxRetentionMonths, { message: `must be at most ${LIMITS.maxRetentionMonths} months` })
    .nullable()
    .optional(),
  /** Whether room and product prices are the gross a guest pays (tax inside) or the net tax is added to. */
  pricesIncludeTax: z.boolean().optional(),
  legalName: text.optional(),
  address: text.optional(),
  taxId: text.optional(),
  invoicePrefix: text
    .max(LIMITS.invoicePrefix, { message: `must be at most ${LIMITS.invoicePrefix} characters` })
    .optional(),
  /** Charged per adult per night, untaxed; 0 is none. */
  cityTaxPerAdultPerNight: money.optional(),
  cityTaxName: text.optional(),
  /** When the day closes itself, on the next day, in the property's time zone ("03:00"). */
  dayCloseTime: z
    .string()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { message: "must be a time such as 03:00" })
    .optional(),
  /** Whether a close marks the day's arrivals that never came as no-shows. */
  autoNoShow: z.boolean().optional(),
  /** Whether a close turns occupied rooms dirty for the stay-over cleaning. */
  stayoverDirty: z.boolean().optional(),
  /** Whether guests can book on the public booking engine (`/book/:code`). */
  bookingEngineEnabled: z.boolean().optional(),
});
export type PropertyUpdateInput = z.infer<typeof propertyUpdateInput>;

export const propertyRecord = z.object({
  id,
  ownerId: id,
  name: z.string(),
  code: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  guestRetentionMonths: z.number().int().nullable(),
  pricesIncludeTax: z.boolean(),
  legalName: z.string(),
  address: z.string(),
  taxId: z.string(),
  invoicePrefix: z.string(),
  cityTaxPerAdultPerNight: z.number(),
  cityTaxName: z.string(),
  dayCloseTime: z.string(),
  autoNoShow: z.boolean(),
  stayoverDirty: z.boolean(),
  bookingEngineEnabled: z.boolean(),
  /** The last closed day (nothing dated on or before it changes); null before the first close. */
  closedThrough: z.string().nullable(),
  createdAt: z.string(),
});
export type PropertyRecord = z.infer<typeof propertyRecord>;

/** A property as its member sees it: with the caller's `role` there. */
export const property = propertyRecord.extend({ role: z.enum(ROLES) });
export type Property = z.infer<typeof property>;

/** `GET /api/properties`: every property the caller belongs to. */
export const propertySummary = property.pick({ id: true, name: true, code: true, role: true });
export type PropertySummary = z.infer<typeof propertySummary>;

/** `ownerEmailVerified`: whether the owner's provider vouched for the address (an unverified one is a claim). */
export const adminProperty = propertyRecord.extend({
  ownerEmail: z.string().nullable(),
  ownerEmailVerified: z.boolean(),
});
export type AdminProperty = z.infer<typeof adminProperty>;
