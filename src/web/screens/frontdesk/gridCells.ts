/**
 * Turns an availability response into per-room rows of cells once per response: O(rooms + stay-nights),
 * so painting a visible row is a plain array read even with 1000 rooms.
 */
import { daysBetween } from "../../../domain/dates.js";
import type { Availability, AvailabilityStay } from "../../../domain/schemas.js";

/** The stay occupying each date of the window for one room (undefined = free night). */
export type RoomCells = (AvailabilityStay | undefined)[];

export function buildCells(availability: Availability): Map<string, RoomCells> {
  const days = availability.dates.length;
  const cells = new Map<string, RoomCells>();
  for (const room of availability.rooms) cells.set(room.id, new Array(days));
  const start = availability.dates[0];
  if (start === undefined) return cells;
  for (const stay of availability.stays) {
    const row = cells.get(stay.roomId);
    if (!row) continue;
    // A stay occupies the nights checkInDate <= date < checkOutDate.
    const first = Math.max(0, daysBetween(start, stay.checkInDate));
    const end = Math.min(days, daysBetween(start, stay.checkOutDate));
    for (let i = first; i < end; i++) row[i] ??= stay;
  }
  return cells;
}

export function stayLabel(stay: AvailabilityStay): string {
  return stay.guestName.trim() || stay.code;
}
