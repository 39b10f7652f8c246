/**
 * Schemas of the stay's operations (DESIGN §9.2, §9.3): edits and status changes, payments and room blocks.
 */
import { z } from "zod";
import { LIMITS, PAYMENT_METHODS, RESERVATION_STATUSES } from "./constants.js";
import { BLOCK_RANGE, checkRange, REPORT_WINDOW, STAY_RANGE } from "./date-ranges.js";
import { adults, children, guestEmail, id, isoDate, money, pathId, reservation, text } from "./schemas.js";

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
    checkRange<typeof input>(STAY_RANGE, "checkInDate", "checkOutDate")(input, ctx);
  });
export type ReservationUpdateInput = z.input<typeof reservationUpdateInput>;
export type ReservationEdit = Omit<z.output<typeof reservationUpdateInput>, "status">;

export const paymentCreateInput = z.strictObject({
  amount: money.refine((value) => value > 0, { message: "must be more than 0" }),
  method: z.enum(PAYMENT_METHODS),
  note: text.default(""),
});
export type PaymentCreateInput = z.input<typeof paymentCreateInput>;

export const paymentParams = z.strictObject({ pid: pathId, id: pathId, paymentId: pathId });

export const payment = z.object({
  id,
  reservationId: id,
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  note: z.string(),
  createdAt: z.string(),
  createdBy: id.nullable(),
  voidedAt: z.string().nullable(),
  voidedBy: id.nullable(),
});
export type Payment = z.infer<typeof payment>;

/** One stay with its payments; `balance` is `total` minus the payments that are not void. */
export const reservationDetail = reservation.extend({ payments: z.array(payment) });
export type ReservationDetail = z.infer<typeof reservationDetail>;

export const roomBlockCreateInput = z
  .strictObject({
    roomId: id,
    startDate: isoDate,
    endDate: isoDate,
    reason: text.default(""),
  })
  .superRefine(checkRange(BLOCK_RANGE, "startDate", "endDate"));
export type RoomBlockCreateInput = z.input<typeof roomBlockCreateInput>;

export const roomBlockQuery = z
  .strictObject({ start: isoDate.optional(), end: isoDate.optional() })
  .superRefine(checkRange(REPORT_WINDOW, "start", "end"));

export const roomBlock = z.object({
  id,
  roomId: id,
  roomNumber: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type RoomBlock = z.infer<typeof roomBlock>;

/**
 * What a stay would cost (`GET …/quote`): the same pricing, capacity and restriction rules as a create or a
 * move, without booking. The Front Desk shows it before a move is confirmed.
 */
export const quoteQuery = z
  .strictObject({
    checkInDate: isoDate,
    checkOutDate: isoDate,
    roomId: id.optional(),
    roomTypeId: id.optional(),
    adults: z.coerce.number().max(LIMITS.maxGuests).pipe(adults).optional(),
    children: z.coerce.number().max(LIMITS.maxGuests).pipe(children).optional(),
  })
  .superRefine(checkRange(STAY_RANGE, "checkInDate", "checkOutDate"));
export type QuoteQuery = z.input<typeof quoteQuery>;

export const quote = z.object({
  roomId: id.nullable(),
  roomNumber: z.string().nullable(),
  roomTypeId: id.nullable(),
  nights: z.number(),
  nightlyRates: z.array(z.number()),
  total: z.number(),
});
export type Quote = z.infer<typeof quote>;
