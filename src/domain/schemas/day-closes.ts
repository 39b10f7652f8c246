/** Day close (the night audit): closing a day, and the report each close stores and never changes. */
import { z } from "zod";
import { id, isoDate, pathId } from "./fields.js";

/** `POST …/day-closes`: a manager closes a day before today, the day after the last closed one. */
export const dayCloseCreateInput = z.strictObject({ date: isoDate });

export const dayCloseParams = z.strictObject({ pid: pathId, date: isoDate });

/** `GET …/day-closes?from=&to=`: closed days in a window (inclusive), newest first. */
export const dayCloseListQuery = z
  .strictObject({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "must be on or after the first day",
    path: ["to"],
  });

const money = z.number();

export const dayReport = z.object({
  date: z.string(),
  roomsAvailable: z.number().int(),
  roomsBlocked: z.number().int(),
  roomNightsSold: z.number().int(),
  /** Percent of available rooms sold, two decimals. */
  occupancy: z.number(),
  adr: money,
  revpar: money,
  revenue: z.object({ room: money, extras: money, cityTax: money }),
  taxes: z.array(z.object({ name: z.string(), percent: z.number(), net: money, tax: money })),
  /** What was recorded on the day by method (payments), and the refunds. */
  payments: z.object({ cash: money, card: money, bank_transfer: money, other: money, refunds: money }),
  arrivals: z.number().int(),
  departures: z.number().int(),
  noShows: z.number().int(),
  cancellations: z.number().int(),
  inHouse: z.number().int(),
  closedAt: z.string(),
  closedBy: id.nullable(),
});
export type DayReport = z.infer<typeof dayReport>;

/**
 * `GET …/day-closes/next`: the day a close may close next (the day after the last closed one, or before any
 * close the property's first day), and whether it is due (before today in the property's time zone).
 */
export const nextDayClose = z.object({ date: z.string(), due: z.boolean() });
export type NextDayClose = z.infer<typeof nextDayClose>;
