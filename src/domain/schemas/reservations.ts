/**
 * Reservations (stays): the guest and stay fields, create, the PATCH of an edit or a status change, and the
 * record with and without its payments. The search and list filters are in reservation-search.ts.
 */
import { z } from "zod";
import { LIMITS, RESERVATION_DEFAULTS, RESERVATION_STATUSES, STAY_SOURCES } from "../constants.js";
import { checkRange, stayProblem } from "../date-ranges.js";
import { guestEmail, id, isoDate, text } from "./fields.js";
import { payment } from "./payments.js";

export const adults = z
  .number()
  .int({ message: "must be a whole number" })
  .min(1, { message: "must be at least 1" })
  .max(LIMITS.maxGuests);
export const children = z
  .number()
  .int({ message: "must be a whole number" })
  .min(0, { message: "must not be negative" })
  .max(LIMITS.maxGuests);

/**
 * A booking. Without `guestId` it makes a new guest profile from the guest fields (blank when left out); with
 * `guestId` the stay is that profile's, and a guest field sent (not blank) updates the profile (one fact, one
 * place); a blank one keeps the profile's value.
 */
export const reservationCreateInput = z
  .strictObject({
    guestId: id.optional(),
    guestName: text.optional(),
    guestPhone: text.optional(),
    guestEmail: guestEmail.optional(),
    roomId: id.nullable().default(null),
    roomTypeId: id.nullable().default(null),
    checkInDate: isoDate,
    checkOutDate: isoDate,
    adults: adults.default(RESERVATION_DEFAULTS.adults),
    children: children.default(RESERVATION_DEFAULTS.children),
    /** The rate plan it is sold on; null: the property's Standard plan. */
    ratePlanId: id.nullable().default(null),
    /** Email the guest a booking confirmation (the front desk's "Send confirmation"); needs the guest's email. */
    sendConfirmation: z.boolean().default(false),
  })
  .superRefine(checkRange(stayProblem, "checkInDate", "checkOutDate"))
  // One form per meaning (the idempotency hash is over it): a new guest's blank field is "", a returning
  // guest's blank field is not sent at all (it keeps the profile's value).
  .transform(({ guestName, guestPhone, guestEmail, ...rest }) =>
    rest.guestId === undefined
      ? { ...rest, guestName: guestName ?? "", guestPhone: guestPhone ?? "", guestEmail: guestEmail ?? "" }
      : {
          ...rest,
          ...(guestName ? { guestName } : {}),
          ...(guestPhone ? { guestPhone } : {}),
          ...(guestEmail ? { guestEmail } : {}),
        },
  );
export type ReservationCreateInput = z.input<typeof reservationCreateInput>;

/**
 * A PATCH of a reservation: either `{status}` or any of the editable fields (partial: only what changes).
 * Which fields a stay's status allows is the domain's rule (`editableFields`), checked by the server.
 */
export const reservationUpdateInput = z
  .strictObject({
    status: z.enum(RESERVATION_STATUSES).optional(),
    guestName: text.optional(),
    guestPhone: text.optional(),
    guestEmail: guestEmail.optional(),
    adults: adults.optional(),
    children: children.optional(),
    checkInDate: isoDate.optional(),
    checkOutDate: isoDate.optional(),
    roomTypeId: id.nullable().optional(),
    roomId: id.nullable().optional(),
    ratePlanId: id.optional(),
  })
  .superRefine((input, ctx) => {
    const fields = Object.keys(input).filter((key) => key !== "status");
    if (input.status !== undefined && fields.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["status"],
        message: "send either a status or the fields to edit, not both",
      });
    } else if (input.status === undefined && fields.length === 0) {
      ctx.addIssue({ code: "custom", path: [], message: "send a status or at least one field to edit" });
    }
    // One date alone is checked with the stay's other one by the server (the same rule).
    checkRange<typeof input>(stayProblem, "checkInDate", "checkOutDate")(input, ctx);
  });
export type ReservationUpdateInput = z.input<typeof reservationUpdateInput>;
export type ReservationEdit = Omit<z.output<typeof reservationUpdateInput>, "status">;

export const reservation = z.object({
  id,
  propertyId: id,
  code: z.string(),
  guestId: id,
  guestName: z.string(),
  guestPhone: z.string(),
  guestEmail: z.string(),
  roomTypeId: id.nullable(),
  roomId: id.nullable(),
  roomNumber: z.string().nullable(),
  adults: z.number(),
  children: z.number(),
  checkInDate: z.string(),
  checkOutDate: z.string(),
  nights: z.number(),
  status: z.enum(RESERVATION_STATUSES),
  /** The rate plan it was sold on (the property's Standard plan unless another was chosen). */
  ratePlanId: id,
  /** Who booked it: the front desk, the public booking engine, or an API client. */
  source: z.enum(STAY_SOURCES),
  total: z.number(),
  /** The gross of every folio line that is not void: the nights, the city tax and what was posted. */
  folioTotal: z.number(),
  /** `folioTotal` minus the payments (refunds count back), kept by the database. */
  balance: z.number(),
  createdBy: id.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Reservation = z.infer<typeof reservation>;

/** One stay with its payments; `balance` is `folioTotal` minus the payments that are not void. */
export const reservationDetail = reservation.extend({
  payments: z.array(payment),
  /** Which of its guest's stays this is, in check-in order, counting those sold (not cancelled or no-show). */
  guestStayNumber: z.number().int(),
});
export type ReservationDetail = z.infer<typeof reservationDetail>;
