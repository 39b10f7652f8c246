/**
 * The housekeeping day (docs/product.md#housekeeping-and-room-status): which rooms see a guest leave or
 * arrive today, so a housekeeper's list puts them first. Rooms only, no guests: the housekeeping role does
 * not read reservations.
 */
import { z } from "zod";
import { id } from "./fields.js";

export const housekeepingDay = z.object({
  /** Today in the property's time zone. */
  date: z.string(),
  /** Rooms whose stay ends today: the guest still in (`left` false) or already checked out. */
  departures: z.array(z.object({ roomId: id, left: z.boolean() })),
  /** Rooms with a booked guest arriving today. */
  arrivals: z.array(id),
});
export type HousekeepingDay = z.infer<typeof housekeepingDay>;
