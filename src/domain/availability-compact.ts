/**
 * The availability grid in its compact form (`?format=compact`, decision 019), which the Front Desk reads.
 *
 * The full form repeats a room id and a room type id (two uuids) and two dates in every stay; at the largest
 * hotels a window holds tens of thousands of stays, and parsing them is most of the page's work. Here each
 * list is an array of rows (tuples) named once by `compactAvailability` in schemas.ts: a stay names its room and room type by
 * position in `rooms` and `roomTypes`, and its dates as days from `start`. `expandAvailability` turns it back
 * into the full form, so the chart is built from one shape whatever the wire carries. No zod here: this runs
 * in the browser.
 */
import { addDays, type IsoDate } from "./dates.js";
import { compareRoomNumbers } from "./rooms.js";
import type { Availability, CompactAvailability } from "./schemas/availability.js";

/** The full form of a compact answer: what `GET /availability` without `format` returns for the same data. */
export function expandAvailability(compact: CompactAvailability): Availability {
  const { start, days } = compact;
  const dateCache = new Map<number, IsoDate>();
  const dateAt = (offset: number): IsoDate => {
    let date = dateCache.get(offset);
    if (date === undefined) {
      date = addDays(start, offset);
      dateCache.set(offset, date);
    }
    return date;
  };
  const types = compact.roomTypes;
  const typeId = (at: number | null) => (at === null ? null : (types[at]?.[0] ?? null));
  const rooms = compact.rooms.map(([roomId, number, type, status, hkStatus]) => ({
    id: roomId,
    number,
    roomTypeId: typeId(type),
    roomTypeName: type === null ? null : (types[type]?.[1] ?? null),
    status,
    hkStatus,
  }));
  const roomId = (at: number | null) => (at === null ? null : (rooms[at]?.id ?? null));
  const stays = compact.stays.map(([stayId, code, guestName, status, room, type, checkIn, nights]) => ({
    id: stayId,
    roomId: roomId(room),
    roomTypeId: typeId(type),
    code,
    guestName,
    status,
    checkInDate: dateAt(checkIn),
    checkOutDate: dateAt(checkIn + nights),
  }));
  const blocks = compact.blocks.map(([blockId, room, from, nights, reason]) => ({
    id: blockId,
    roomId: roomId(room) ?? "",
    startDate: dateAt(from),
    endDate: dateAt(from + nights),
    reason,
  }));
  return {
    start,
    days,
    dates: Array.from({ length: Math.max(days, 0) }, (_, day) => dateAt(day)),
    rooms: [...rooms].sort((a, b) => compareRoomNumbers(a.number, b.number)),
    stays,
    blocks,
  };
}
