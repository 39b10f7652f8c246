/** The occupancy report: its window, the totals and the daily series. */
import { z } from "zod";
import { checkRange, windowProblem } from "../date-ranges.js";
import { isoDate } from "./fields.js";

export const occupancyQuery = z
  .strictObject({ from: isoDate, to: isoDate })
  .superRefine(checkRange(windowProblem, "from", "to"));

export const occupancyReport = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number(),
  rooms: z.number(),
  soldRoomNights: z.number(),
  revenue: z.number(),
  occupancyPct: z.number(),
  adr: z.number(),
  revpar: z.number(),
  currency: z.string(),
});
export type OccupancyReport = z.infer<typeof occupancyReport>;

/**
 * GET /reports/occupancy/daily?from=&to= — one entry per date of [from, to)
 * (docs/product.md#reports-and-occupancy).
 */
export const occupancyDay = z.object({
  date: z.string(),
  /** The number of rooms, blocked or not: the denominator (docs/product.md#reports-and-occupancy). */
  roomsAvailable: z.number(),
  /** Rooms blocked (out of order) that night. */
  roomsBlocked: z.number(),
  roomNightsSold: z.number(),
  revenue: z.number(),
});
export type OccupancyDay = z.infer<typeof occupancyDay>;
export const occupancyDaily = z.array(occupancyDay);
