/**
 * The housekeeping day: rooms with a departure or an arrival today (property zone). A room holds at most one
 * stay a night, so the answer is bounded by the property's rooms.
 */
import { and, eq, isNotNull, or } from "drizzle-orm";
import type { HousekeepingDay } from "../../../domain/schemas/housekeeping.js";
import type { Db } from "../../db/connect.js";
import { reservations } from "../../db/schema.js";
import { propertyToday } from "../properties/index.js";

export async function housekeepingDay(db: Db, propertyId: string, now: Date): Promise<HousekeepingDay> {
  const date = await propertyToday(db, propertyId, now);
  const rows = await db
    .select({
      roomId: reservations.roomId,
      status: reservations.status,
      checkInDate: reservations.checkInDate,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.propertyId, propertyId),
        isNotNull(reservations.roomId),
        or(
          and(eq(reservations.checkOutDate, date), eq(reservations.status, "checked_in")),
          // Gone today: a stay checked out ends today (an early check-out is shortened to today), or it began
          // today (a one-night stay checked out on its first day keeps its night).
          and(
            eq(reservations.status, "checked_out"),
            or(eq(reservations.checkOutDate, date), eq(reservations.checkInDate, date)),
          ),
          and(eq(reservations.checkInDate, date), eq(reservations.status, "booked")),
        ),
      ),
    );
  const departures = new Map<string, boolean>();
  const arrivals = new Set<string>();
  for (const row of rows) {
    if (!row.roomId) continue;
    if (row.status === "booked") arrivals.add(row.roomId);
    // A guest still in outweighs an earlier one of the same room who left.
    else departures.set(row.roomId, (departures.get(row.roomId) ?? true) && row.status === "checked_out");
  }
  return {
    date,
    departures: [...departures].map(([roomId, left]) => ({ roomId, left })),
    arrivals: [...arrivals],
  };
}
