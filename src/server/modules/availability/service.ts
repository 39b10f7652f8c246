/**
 * Front desk grid data: the property's rooms in natural number order and every stay that overlaps the
 * window, so the client can paint rooms × dates without further requests.
 */
import { type SQL, sql } from "drizzle-orm";
import { addDays, dateSequence, type IsoDate } from "../../../domain/dates.js";
import { AppError } from "../../../domain/errors.js";
import { compareRoomNumbers } from "../../../domain/rooms.js";
import type { Db } from "../../db/connect.js";

/**
 * Stays of one property overlapping [start, end) that the grid shows, with or without a room: the sold ones (`innkeep_is_sold`, the
 * database's copy of SOLD_STATUSES). The predicate repeats `status <> 'cancelled'` so the planner can use the
 * partial gist index `reservations_property_stay_idx`: same range expression, same predicate.
 */
export function staysInWindowQuery(propertyId: string, start: IsoDate, end: IsoDate): SQL {
  return sql`
    select id, room_id as "roomId", room_type_id as "roomTypeId", code, guest_name as "guestName", status,
           check_in_date as "checkInDate", check_out_date as "checkOutDate"
    from reservations
    where property_id = ${propertyId}
      and status <> 'cancelled' and innkeep_is_sold(status)
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

type GridRoom = { number: string };
type GridRow = { rooms: string; stays: string; blocks: string };

/**
 * Rooms and stays in one statement, so both come from one snapshot and every stay's room is among the rooms
 * sent. Each list comes back as one JSON text built by the database: decoding thousands of rows field by
 * field costs far more than that, on PGlite above all (see docs/benchmarks.md).
 */
export function gridQuery(propertyId: string, start: IsoDate, end: IsoDate): SQL {
  return sql`
    select
      (select coalesce(json_agg(json_build_object(
                'id', r.id, 'number', r.number, 'roomTypeId', r.room_type_id,
                'roomTypeName', coalesce(rt.name, r.room_type_name),
                'status', r.status, 'hkStatus', r.hk_status)), '[]')
       from rooms r left join room_types rt on rt.property_id = r.property_id and rt.id = r.room_type_id
       where r.property_id = ${propertyId})::text as "rooms",
      (select coalesce(json_agg(s order by s."checkInDate", s.id), '[]')
       from (${staysInWindowQuery(propertyId, start, end)}) s)::text as "stays",
      (select coalesce(json_agg(json_build_object('id', b.id, 'roomId', b.room_id, 'startDate', b.start_date,
                                                  'endDate', b.end_date, 'reason', b.reason)
                                order by b.start_date, b.id), '[]')
       from room_blocks b
       where b.property_id = ${propertyId}
         and daterange(b.start_date, b.end_date, '[)') && daterange(${start}::date, ${end}::date, '[)'))::text
        as "blocks"`;
}

/**
 * The `availability` response as JSON text. Rooms are parsed only to be put in natural number order (which
 * SQL collations cannot express portably); the stays, the bulk of the answer, are passed through as the
 * database wrote them. The shape is the `availability` schema's, which a test checks.
 */
export async function availabilityJson(
  db: Db,
  propertyId: string,
  start: IsoDate,
  days: number,
): Promise<string> {
  const end = windowEnd(start, days, "start");
  const result = await db.execute<GridRow>(gridQuery(propertyId, start, end));
  const row = (result as unknown as { rows: GridRow[] }).rows[0];
  if (!row) throw new Error("the grid query returned no row");
  const rooms = (JSON.parse(row.rooms) as GridRoom[]).sort((a, b) => compareRoomNumbers(a.number, b.number));
  const head = JSON.stringify({ start, days, dates: dateSequence(start, days), rooms });
  return `${head.slice(0, -1)},"stays":${row.stays},"blocks":${row.blocks}}`;
}
