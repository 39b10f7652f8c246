/**
 * Front desk grid data: the property's rooms in natural number order and every stay that overlaps the
 * window, so the client can paint rooms × dates without further requests.
 */
import { type SQL, sql } from "drizzle-orm";
import { addDays, dateSequence, type IsoDate } from "../../../domain/dates.js";
import { AppError } from "../../../domain/errors.js";
import { compareRoomNumbers } from "../../../domain/rooms.js";
import type { Db } from "../../db/connect.js";
import { queryRows } from "../../db/rows.js";
import type { GridAnswer } from "./grid-answer.js";

/**
 * The stays of one property overlapping [start, end) that the grid shows, with or without a room: the sold
 * ones (`innkeep_is_sold`, the database's copy of SOLD_STATUSES). The predicate repeats
 * `status <> 'cancelled'` so the planner can use the partial gist index `reservations_property_stay_idx`:
 * same range expression, same predicate.
 */
export function soldInWindow(propertyId: string, start: IsoDate, end: IsoDate): SQL {
  return sql`property_id = ${propertyId}
      and status <> 'cancelled' and innkeep_is_sold(status)
      and daterange(check_in_date, check_out_date, '[)') && daterange(${start}::date, ${end}::date, '[)')`;
}

/** The room blocks (of a property, named by the caller) overlapping [start, end). */
export function blockInWindow(start: IsoDate, end: IsoDate): SQL {
  return sql`daterange(start_date, end_date, '[)') && daterange(${start}::date, ${end}::date, '[)')`;
}

/** Where the compact form puts a stay: its check-in as days from `start` (`check_in`), and its `nights`. */
export const stayPlacement = (start: IsoDate): SQL =>
  sql`check_in_date - ${start}::date as check_in, check_out_date - check_in_date as nights`;

/** Where the compact form puts a block: its first night as days from `start` (`start_at`), and its `nights`. */
export const blockPlacement = (start: IsoDate): SQL =>
  sql`start_date - ${start}::date as start_at, end_date - start_date as nights`;

export function staysInWindowQuery(propertyId: string, start: IsoDate, end: IsoDate): SQL {
  return sql`
    select id, room_id as "roomId", room_type_id as "roomTypeId", code, guest_name as "guestName", status,
           check_in_date as "checkInDate", check_out_date as "checkOutDate"
    from reservations
    where ${soldInWindow(propertyId, start, end)}
    order by check_in_date, id`;
}

/**
 * The property's room type ids and names as two arrays in id order. A room or stay finds its type with
 * `array_position`: a few dozen comparisons in C, where a join against so small a set is planned as a nested
 * loop that tests every type against every row (hundreds of thousands of comparisons at the largest hotels).
 */
function typeArrays(propertyId: string): SQL {
  return sql`(select array_agg(id order by id) as ids, array_agg(name order by id) as names
              from room_types where property_id = ${propertyId})`;
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
type GridRow = { rooms: string; stays: string; blocks: string; seq: string | number };

/** The property's event number in the grid statement's own snapshot: what the answer reflects (src/server/http/kept-answers.ts). */
const eventSeq = (propertyId: string): SQL =>
  sql`(select event_seq from properties where id = ${propertyId}) as "seq"`;

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
                'roomTypeName', coalesce(t.names[array_position(t.ids, r.room_type_id)], r.room_type_name),
                'status', r.status, 'hkStatus', r.hk_status)), '[]')
       from rooms r, ${typeArrays(propertyId)} t
       where r.property_id = ${propertyId})::text as "rooms",
      (select coalesce(json_agg(s order by s."checkInDate", s.id), '[]')
       from (${staysInWindowQuery(propertyId, start, end)}) s)::text as "stays",
      (select coalesce(json_agg(json_build_object('id', b.id, 'roomId', b.room_id, 'startDate', b.start_date,
                                                  'endDate', b.end_date, 'reason', b.reason)
                                order by b.start_date, b.id), '[]')
       from room_blocks b
       where b.property_id = ${propertyId} and ${blockInWindow(start, end)})::text
        as "blocks",
      ${eventSeq(propertyId)}`;
}

/**
 * The compact grid (`compactAvailability`, decision 019) as one JSON text built by the database: each list is
 * an array of rows, a stay names its room and room type by position and its dates as days from `start`, so
 * no uuid but the stay's own is repeated per stay. Rooms and types are numbered by id within this statement's
 * snapshot; the client orders rooms by number.
 */
export function compactGridQuery(propertyId: string, start: IsoDate, end: IsoDate): SQL {
  return sql`
    with types as ${typeArrays(propertyId)},
    grid_rooms as (
      select r.id, r.number, array_position(t.ids, r.room_type_id) - 1 as type, r.status, r.hk_status,
             (row_number() over (order by r.id) - 1)::int as at
      from rooms r, types t
      where r.property_id = ${propertyId}
    ), stays as (
      select s.id, s.code, s.guest_name, s.status, gr.at as room,
             array_position(t.ids, s.room_type_id) - 1 as type, ${stayPlacement(start)}
      from (select id, code, guest_name, status, room_id, room_type_id, check_in_date, check_out_date
            from reservations where ${soldInWindow(propertyId, start, end)}) s
      cross join types t
      left join grid_rooms gr on gr.id = s.room_id
    ), blocks as (
      select b.id, gr.at as room, ${blockPlacement(start)}, b.reason
      from room_blocks b join grid_rooms gr on gr.id = b.room_id
      where b.property_id = ${propertyId} and ${blockInWindow(start, end)}
    )
    select json_build_object(
      'roomTypes', (select coalesce(json_agg(json_build_array(id, name) order by id), '[]')
                    from room_types where property_id = ${propertyId}),
      'rooms', (select coalesce(json_agg(json_build_array(id, number, type, status, hk_status) order by at), '[]')
                from grid_rooms),
      'stays', (select coalesce(json_agg(json_build_array(id, code, guest_name, status, room, type, check_in, nights)
                                         order by check_in, id), '[]')
                from stays),
      'blocks', (select coalesce(json_agg(json_build_array(id, room, start_at, nights, reason)
                                          order by start_at, id), '[]')
                 from blocks))::text as "grid",
      ${eventSeq(propertyId)}`;
}

/**
 * How a compact answer's JSON opens, before its lists: the build puts it before the database's object of
 * lists, a patch before the lists it joins (compact-patch.ts).
 */
export const compactHead = (start: IsoDate, days: number): string =>
  `{"format":"compact","start":${JSON.stringify(start)},"days":${days},`;

/** The one row a grid query (gridQuery, compactGridQuery) answers for `days` nights from `start`. */
async function gridRow<T>(
  db: Db,
  query: (propertyId: string, start: IsoDate, end: IsoDate) => SQL,
  propertyId: string,
  start: IsoDate,
  days: number,
): Promise<T> {
  const [row] = await queryRows<T>(db, query(propertyId, start, windowEnd(start, days, "start")));
  if (!row) throw new Error("the grid query returned no row");
  return row;
}

/** The `compactAvailability` response as JSON text, passed through as the database wrote it. */
export async function compactAvailabilityJson(
  db: Db,
  propertyId: string,
  start: IsoDate,
  days: number,
): Promise<GridAnswer> {
  const row = await gridRow<{ grid: string; seq: string | number }>(
    db,
    compactGridQuery,
    propertyId,
    start,
    days,
  );
  const json = `${compactHead(start, days)}${row.grid.slice(1)}`;
  return { seq: Number(row.seq), json };
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
): Promise<GridAnswer> {
  const row = await gridRow<GridRow>(db, gridQuery, propertyId, start, days);
  const rooms = (JSON.parse(row.rooms) as GridRoom[]).sort((a, b) => compareRoomNumbers(a.number, b.number));
  const head = JSON.stringify({ start, days, dates: dateSequence(start, days), rooms });
  return { seq: Number(row.seq), json: `${head.slice(0, -1)},"stays":${row.stays},"blocks":${row.blocks}}` };
}
