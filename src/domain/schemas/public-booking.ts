/**
 * The public booking engine's API (docs/product.md#booking-engine): no sign-in, no cookies, no internal ids
 * beyond room type and plan ids, never another guest's data. The booking page (src/web/book/) calls it.
 */
import { z } from "zod";
import { LIMITS, RESERVATION_DEFAULTS, RESERVATION_STATUSES } from "../constants.js";
import { checkRange, stayProblem } from "../date-ranges.js";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../languages.js";
import { id, isoDate, text } from "./fields.js";
import { country } from "./guests.js";
import { adults, children } from "./reservations.js";

/** A property's public code, as its booking page's address names it (`/book/:code`). */
export const publicPropertyParams = z.strictObject({
  code: z.string().min(1).max(LIMITS.text),
});

/** The manage link's token: 32 random bytes in base64url. */
export const manageTokenParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: "is not a booking link" }),
});

export const offersQuery = z
  .strictObject({
    checkIn: isoDate,
    checkOut: isoDate,
    adults: z.coerce.number().max(LIMITS.maxGuests).pipe(adults).default(RESERVATION_DEFAULTS.adults),
    children: z.coerce.number().max(LIMITS.maxGuests).pipe(children).default(RESERVATION_DEFAULTS.children),
  })
  .superRefine(checkRange(stayProblem, "checkIn", "checkOut"));
export type OffersQuery = z.input<typeof offersQuery>;

export const publicProperty = z.object({
  name: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  roomTypes: z.array(z.object({ id, name: z.string(), capacity: z.number() })),
});
export type PublicProperty = z.infer<typeof publicProperty>;

export const planOffer = z.object({
  ratePlanId: id,
  name: z.string(),
  total: z.number(),
  nights: z.array(z.object({ date: z.string(), price: z.number() })),
  /** Free cancellation until this many days before arrival; null: non-refundable. */
  cancellationDays: z.number().int().nullable(),
  depositDue: z.number(),
});
export const roomOffer = z.object({
  roomTypeId: id,
  roomTypeName: z.string(),
  capacity: z.number(),
  plans: z.array(planOffer),
});
export type RoomOffer = z.infer<typeof roomOffer>;

const required = { message: "is required" };
export const publicGuest = z.strictObject({
  name: text.min(1, required),
  email: z.email({ message: "must be an email address" }).max(LIMITS.text),
  phone: text,
  country,
});

export const publicBookingInput = z
  .strictObject({
    checkIn: isoDate,
    checkOut: isoDate,
    adults,
    children: children.default(0),
    roomTypeId: id,
    ratePlanId: id,
    /** The offer's total: a booking at another price is refused (409 price_changed) rather than charged. */
    expectedTotal: z
      .number()
      .nonnegative()
      .max(LIMITS.maxRate * LIMITS.maxStayNights),
    guest: publicGuest,
    /**
     * The language the guest booked in: their new profile keeps it (`guests.language`) and their emails are
     * written in it. English for a client that does not say.
     */
    language: z
      .enum(LANGUAGES)
      .default(DEFAULT_LANGUAGE)
      .meta({ description: "The guest's language (en, es or hi): their profile's, and their emails'" }),
  })
  .superRefine(checkRange(stayProblem, "checkIn", "checkOut"));
export type PublicBookingInput = z.input<typeof publicBookingInput>;

export const bookingCreated = z.object({
  code: z.string(),
  /** The manage link's token, shown once: only its hash is kept. */
  manageToken: z.string(),
  total: z.number(),
});

export const publicBooking = z.object({
  code: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  checkIn: z.string(),
  checkOut: z.string(),
  adults: z.number(),
  children: z.number(),
  roomTypeName: z.string(),
  ratePlanName: z.string(),
  total: z.number(),
  currency: z.string(),
  hotelName: z.string(),
  /** The guest may still cancel: booked, and the plan's cancellation window is open. */
  cancellable: z.boolean(),
});
export type PublicBooking = z.infer<typeof publicBooking>;
