/** A price quote for a stay, before it is booked or moved. */
import { z } from "zod";
import { LIMITS } from "../constants.js";
import { checkRange, stayProblem } from "../date-ranges.js";
import { id, isoDate } from "./fields.js";
import { adults, children } from "./reservations.js";

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
  .superRefine(checkRange(stayProblem, "checkInDate", "checkOutDate"));
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
