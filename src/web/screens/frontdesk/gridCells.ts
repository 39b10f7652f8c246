/**
 * Turns an availability response into per-room rows of cells once per response: O(rooms + stay-nights),
 * so painting a visible row is a plain array read even with 1000 rooms.
 */
import type { Availability, AvailabilityStay } from "../../../domain/schemas.js";

export type GridBlock = Availability["blocks"][number];
/** What holds each date of the window for one room: a stay, a block (out of order) or nothing (free). */
export type RoomCells = (AvailabilityStay | GridBlock | undefined)[];

export function isBlock(cell: AvailabilityStay | GridBlock): cell is GridBlock {
  return !("code" in cell);
}

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
  // A stay occupies the nights checkInDate <= date < checkOutDate; a block, startDate <= date < endDate.
  const place = (roomId: string, start: string, end: string, cell: AvailabilityStay | GridBlock) => {
    const row = cells.get(roomId);
    if (!row) return;
    const from = start <= first ? 0 : column.get(start);
    const to = end > last ? dates.length : column.get(end);
    if (from === undefined || to === undefined) return; // outside the window
    for (let i = from; i < to; i++) row[i] ??= cell;
  };
  for (const stay of availability.stays) place(stay.roomId, stay.checkInDate, stay.checkOutDate, stay);
  for (const block of availability.blocks) place(block.roomId, block.startDate, block.endDate, block);
  return cells;
}

export function stayLabel(stay: AvailabilityStay): string {
  return stay.guestName.trim() || stay.code;
}
