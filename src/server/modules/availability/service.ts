/**
 * Front desk grid data: the property's rooms in natural number order and every stay that overlaps the
 * window, so the client can paint rooms × dates without further requests.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import { addDays, type IsoDate } from "../../../domain/dates.js";
import { AppError } from "../../../domain/errors.js";
import { compareRoomNumbers } from "../../../domain/rooms.js";
import type { AvailabilityStay } from "../../../domain/schemas.js";
import type { Db } from "../../db/connect.js";
import { rooms, roomTypes } from "../../db/schema.js";

/**
 * Stays of one property overlapping [start, end) that the grid shows (booked, checked_in, checked_out; the
 * status check constraint leaves only those besides cancelled). The predicate is written so the planner can
 * use the partial gist index `reservations_property_stay_idx`: same range expression, same `status <>
 * 'cancelled'` predicate.
 */
export function staysInWindowQuery(propertyId: string, start: IsoDate, end: IsoDate): SQL {
  return sql`
    select id, room_id as "roomId", code, guest_name as "guestName", status,
           check_in_date as "checkInDate", check_out_date as "checkOutDate"
    from reservations
    where property_id = ${propertyId}
      and status <> 'cancelled'
      and room_id is not null
      and daterange(check_in_date, check_out_date, '[)') && daterange(${start}::date, ${end}::date, '[)')
    order by check_in_date, id`;
}

/** The exclusive end of a window; a window running past 9999-12-31 cannot be written as dates. */
export function windowEnd(start: IsoDate, days: number, field: string): IsoDate {
  try {
    return addDays(start, days);
  } catch {
    throw new AppError("validation", `${field}: the window must end by 9999-12-31`);
  }
}

export type GridRoom = {
  id: string;
  number: string;
  roomTypeName: string | null;
  status: string;
  hkStatus: string;
};
export type GridStay = Omit<AvailabilityStay, "status"> & { status: string };
export type Grid = { start: IsoDate; days: number; rooms: GridRoom[]; stays: GridStay[] };

export async function getAvailability(
  db: Db,
  propertyId: string,
  start: IsoDate,
  days: number,
): Promise<Grid> {
  const end = windowEnd(start, days, "start");
  const [roomRows, stayResult] = await Promise.all([
    db
      .select({
        id: rooms.id,
        number: rooms.number,
        roomTypeName: sql<string | null>`coalesce(${roomTypes.name}, ${rooms.roomTypeName})`,
        status: rooms.status,
        hkStatus: rooms.hkStatus,
      })
      .from(rooms)
      .leftJoin(roomTypes, eq(roomTypes.id, rooms.roomTypeId))
      .where(eq(rooms.propertyId, propertyId)),
    db.execute<GridStay>(staysInWindowQuery(propertyId, start, end)),
  ]);
  roomRows.sort((a, b) => compareRoomNumbers(a.number, b.number));
  // The two reads are separate snapshots: only send stays of rooms the client is shown.
  const roomIds = new Set(roomRows.map((room) => room.id));
  const stays = (stayResult as unknown as { rows: GridStay[] }).rows.filter((stay) =>
    roomIds.has(stay.roomId),
  );
  return { start, days, rooms: roomRows, stays };
}
