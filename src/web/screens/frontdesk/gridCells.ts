/**
 * Turns an availability response into per-room rows of cells once per response: O(rooms + stay-nights),
 * so painting a visible row is a plain array read even with 1000 rooms.
 */
import type { Availability, AvailabilityStay } from "../../../domain/schemas.js";

/** The stay occupying each date of the window for one room (undefined = free night). */
export type RoomCells = (AvailabilityStay | undefined)[];

export function buildCells(availability: Availability): Map<string, RoomCells> {
  const { dates } = availability;
  const cells = new Map<string, RoomCells>();
  for (const room of availability.rooms) cells.set(room.id, new Array(dates.length));
  const first = dates[0];
  const last = dates.at(-1);
  if (first === undefined || last === undefined) return cells;
  // `YYYY-MM-DD` strings order as dates do, so a stay's place in the window needs no date parsing: thousands
  // of stays arrive with the grid.
  const column = new Map(dates.map((date, i) => [date, i]));
  for (const stay of availability.stays) {
    const row = cells.get(stay.roomId);
    if (!row) continue;
    // A stay occupies the nights checkInDate <= date < checkOutDate.
    const from = stay.checkInDate <= first ? 0 : column.get(stay.checkInDate);
    const to = stay.checkOutDate > last ? dates.length : column.get(stay.checkOutDate);
    if (from === undefined || to === undefined) continue; // outside the window
    for (let i = from; i < to; i++) row[i] ??= stay;
  }
  return cells;
}

export function stayLabel(stay: AvailabilityStay): string {
  return stay.guestName.trim() || stay.code;
}
