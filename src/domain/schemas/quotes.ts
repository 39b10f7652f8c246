/** A price quote for a stay, before it is booked or changed, and the rooms free for its dates. */
import { z } from "zod";
import { LIMITS } from "../constants.js";
import { checkRange, stayProblem } from "../date-ranges.js";
import { id, isoDate } from "./fields.js";
import { adults, children } from "./reservations.js";

/** The stay being edited: its own nights neither take its room nor fill its room type. */
const stayId = id.optional().meta({
  description: "The stay being edited: its own nights neither take a room nor fill a room type",
});

/**
 * What a stay would cost (`GET …/quote`): the same pricing, capacity and restriction rules as a create or a
 * move, without booking. With `availability=true` it also refuses, as the save would, a room that is taken
 * or out of order on those dates and a night on which the type (or the hotel) is sold out. The Front Desk
 * shows it before a move is confirmed; the booking and edit forms as the clerk types.
 */
export const quoteQuery = z
  .strictObject({
    checkInDate: isoDate,
    checkOutDate: isoDate,
    roomId: id.optional(),
    roomTypeId: id.optional(),
    adults: z.coerce.number().max(LIMITS.maxGuests).pipe(adults).optional(),
    children: z.coerce.number().max(LIMITS.maxGuests).pipe(children).optional(),
    ratePlanId: id.optional().meta({ description: "The rate plan to price on; absent: the Standard plan" }),
    availability: z
      .enum(["true", "false"])
      .optional()
      .meta({ description: '"true": refuse a taken room or a sold-out night as saving the stay would' }),
    stayId,
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

/**
 * Which of the property's rooms are free for a stay's dates (`GET …/quote/rooms`): a room is taken when a
 * booked or checked-in stay holds it on one of the nights, or it is blocked (out of order) then: the rule a
 * save refuses by. The dates obey the stay rules (check-out after check-in, at most LIMITS.maxStayNights).
 */
export const roomVacancyQuery = z
  .strictObject({ checkInDate: isoDate, checkOutDate: isoDate, stayId })
  .superRefine(checkRange(stayProblem, "checkInDate", "checkOutDate"));
export type RoomVacancyQuery = z.input<typeof roomVacancyQuery>;

/** Every room of the property, in one list or the other (each in room-number order). */
export const roomVacancy = z.object({
  freeRoomIds: z.array(id),
  takenRoomIds: z.array(id),
});
export type RoomVacancy = z.infer<typeof roomVacancy>;
