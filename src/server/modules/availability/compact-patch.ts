/**
 * A kept compact grid brought up to date by the changes since it was built (decision 026), instead of a
 * new build. At the largest hotels a build reads every room and every stay of the window (hundreds of
 * milliseconds), and after each change every open Front Desk reads the grid again; a change touches one
 * stay, one block or one room's state. So a read after a change asks, in one statement (one snapshot), for
 * the events since the kept answer, the rows those events name, and every room's two states (which a
 * stay's check-in, check-out or move changes through the database's triggers, room by room), and splices
 * them into the kept answer. Any change it cannot splice (a room or room type created, edited or deleted,
 * an unknown kind of event, too many events) means a new build, as before.
 */
import { type SQL, sql } from "drizzle-orm";
import type { IsoDate } from "../../../domain/dates.js";
import type { CompactAvailability } from "../../../domain/schemas/availability.js";
import type { Db } from "../../db/connect.js";
import { queryRows } from "../../db/rows.js";
import type { Block, CompactRows, Entry, GridAnswer, Room, Stay } from "./grid-answer.js";
import {
  blockInWindow,
  blockPlacement,
  compactHead,
  soldInWindow,
  stayPlacement,
  windowEnd,
} from "./service.js";

/** More changes than this since the kept answer: a build costs less than reading them all. */
export const MAX_PATCHED_EVENTS = 200;

/**
 * What an event does to the compact grid, by the kind of record it names. Rooms and room types are the
 * grid's frame (rows, their order and the types' positions), so any change to them means a build; only a
 * room's housekeeping state, which every room's states in the patch statement carry, is spliced.
 */
type GridEffect = "none" | "stay" | "block" | "room state" | "build";
export const GRID_EFFECT_BY_ENTITY: Record<string, GridEffect> = {
  property: "none",
  rate_override: "none",
  member: "none",
  invitation: "none",
  api_token: "none",
  webhook: "none",
  tax_rate: "none",
  product: "none",
  // A plan changes the price of future bookings, not the grid.
  rate_plan: "none",
  // Payments, charges and invoices are logged on their stay: reading the stay again changes nothing, and costs one row.
  reservation: "stay",
  room_block: "block",
  // A profile's name is on its stays (a rename, a merge or an erasure renames them): build.
  guest: "build",
  room_type: "build",
  room: "build",
  // A close marks the day's missing arrivals as no-shows and turns occupied rooms dirty.
  day_close: "build",
};

export function gridEffectOf(entityType: string, action: string): GridEffect {
  if (action === "room.hk_status_changed") return "room state";
  // A new profile has no stays yet, and an export changes nothing.
  if (action === "guest.created" || action === "guest.exported") return "none";
  // A kind this build does not know (written by a newer server): build.
  return GRID_EFFECT_BY_ENTITY[entityType] ?? "build";
}

type Event = [entityType: string, action: string, entityId: string | null];
/** A stay or block as the patch statement reads it: rooms and types by id, positions given in JavaScript. */
type StayRow = [string, string, string, Stay[3], string | null, string | null, number, number];
type BlockRow = [string, string, number, number, string];
type PatchRow = { seq: string | number; events: string; stays: string; blocks: string; roomStates: string };

function compactPatchQuery(propertyId: string, start: IsoDate, end: IsoDate, afterSeq: number): SQL {
  return sql`
    with events as (
      select entity_type, action, entity_id, property_seq from activity
      where property_id = ${propertyId} and property_seq > ${afterSeq}
      order by property_seq limit ${MAX_PATCHED_EVENTS + 1}
    ), named as (
      select entity_type, entity_id from events where entity_id is not null
    )
    select
      (select event_seq from properties where id = ${propertyId}) as "seq",
      (select coalesce(json_agg(json_build_array(entity_type, action, entity_id) order by property_seq), '[]')
       from events)::text as "events",
      (select coalesce(json_agg(json_build_array(id, code, guest_name, status, room_id, room_type_id, check_in,
                                                 nights)), '[]')
       from (select id, code, guest_name, status, room_id, room_type_id, ${stayPlacement(start)}
             from reservations
             where id in (select entity_id from named where entity_type = 'reservation')
               and ${soldInWindow(propertyId, start, end)}) s)::text as "stays",
      (select coalesce(json_agg(json_build_array(id, room_id, start_at, nights, reason)), '[]')
       from (select id, room_id, ${blockPlacement(start)}, reason
             from room_blocks
             where id in (select entity_id from named where entity_type = 'room_block')
               and property_id = ${propertyId} and ${blockInWindow(start, end)}) b)::text as "blocks",
      -- In the rooms' order in the compact answer (by id): "status hk_status" per room.
      (select coalesce(string_agg(status || ' ' || hk_status, ',' order by id), '')
       from rooms where property_id = ${propertyId}) as "roomStates"`;
}

const entry = <T>(row: T): Entry<T> => ({ row, json: JSON.stringify(row) });

function rowsOf(json: string): CompactRows {
  const grid = JSON.parse(json) as CompactAvailability;
  return {
    start: grid.start,
    days: grid.days,
    roomTypesJson: JSON.stringify(grid.roomTypes),
    roomTypeIds: grid.roomTypes.map(([id]) => id),
    rooms: grid.rooms.map(entry),
    stays: grid.stays.map(entry),
    blocks: grid.blocks.map(entry),
  };
}

/** The answer's JSON: the same value the build writes (compactAvailability in schemas.ts). */
function jsonOf(rows: CompactRows): string {
  const list = (entries: readonly Entry<unknown>[]) => entries.map((e) => e.json).join(",");
  return `${compactHead(rows.start, rows.days)}"roomTypes":${rows.roomTypesJson},"rooms":[${list(rows.rooms)}],"stays":[${list(rows.stays)}],"blocks":[${list(rows.blocks)}]}`;
}

/**
 * Puts `item` where the build's `order by day, id` would (uuids compare as their text). Stays are ordered by
 * check-in, blocks by start.
 */
function insertSorted<T extends [string, ...unknown[]]>(
  list: Entry<T>[],
  item: T,
  dayOf: (row: T) => number,
): void {
  const before = ({ row }: Entry<T>) => {
    const day = dayOf(row) - dayOf(item);
    return day < 0 || (day === 0 && row[0] < item[0]);
  };
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(list[middle] as Entry<T>)) low = middle + 1;
    else high = middle;
  }
  list.splice(low, 0, entry(item));
}

const positions = (ids: readonly string[]) => new Map(ids.map((id, index) => [id, index]));

/**
 * `kept` (a compact answer for this window) as of the property's latest event, or undefined when the changes
 * since cannot be spliced and the grid must be built.
 */
export async function patchCompactGrid(
  db: Db,
  propertyId: string,
  start: IsoDate,
  days: number,
  kept: GridAnswer,
): Promise<GridAnswer | undefined> {
  const end = windowEnd(start, days, "start");
  const [row] = await queryRows<PatchRow>(db, compactPatchQuery(propertyId, start, end, kept.seq));
  if (!row) return undefined;
  const events = JSON.parse(row.events) as Event[];
  if (events.length > MAX_PATCHED_EVENTS) return undefined;
  if (events.some(([type, action]) => gridEffectOf(type, action) === "build")) return undefined;

  const old = kept.rows ?? rowsOf(kept.json);
  const roomAt = positions(old.rooms.map(({ row: room }) => room[0]));
  const typeAt = positions(old.roomTypeIds);
  const states = row.roomStates === "" ? [] : row.roomStates.split(",");
  if (states.length !== old.rooms.length) return undefined;
  const rooms = old.rooms.map((room, index) => {
    const [status, hkStatus] = (states[index] as string).split(" ") as [Room[3], Room[4]];
    if (room.row[3] === status && room.row[4] === hkStatus) return room;
    const [id, number, type] = room.row;
    return entry<Room>([id, number, type, status, hkStatus]);
  });

  const named = (kind: GridEffect) =>
    new Set(events.filter(([type, action]) => gridEffectOf(type, action) === kind).map(([, , id]) => id));
  const staysNamed = named("stay");
  const blocksNamed = named("block");
  const stays = old.stays.filter(({ row: stay }) => !staysNamed.has(stay[0]));
  for (const [id, code, guestName, status, roomId, typeId, checkIn, nights] of JSON.parse(
    row.stays,
  ) as StayRow[]) {
    const room = roomId === null ? null : roomAt.get(roomId);
    const type = typeId === null ? null : typeAt.get(typeId);
    if (room === undefined || type === undefined) return undefined;
    insertSorted<Stay>(stays, [id, code, guestName, status, room, type, checkIn, nights], (stay) => stay[6]);
  }
  const blocks = old.blocks.filter(({ row: block }) => !blocksNamed.has(block[0]));
  for (const [id, roomId, startAt, nights, reason] of JSON.parse(row.blocks) as BlockRow[]) {
    const room = roomAt.get(roomId);
    if (room === undefined) return undefined;
    insertSorted<Block>(blocks, [id, room, startAt, nights, reason], (block) => block[2]);
  }
  const rows: CompactRows = { ...old, rooms, stays, blocks };
  return { seq: Number(row.seq), json: jsonOf(rows), rows };
}
