/**
 * Whether a stay's dates are free before it is saved: which rooms are taken (a booked or checked-in stay, or
 * a room block, on one of the nights: the rules `reservations_no_overlap` and `innkeep_lock_room_for_stay`
 * refuse a save by) and the first night its room type or the hotel is sold out (`innkeep_check_inventory`'s
 * rule over `room_nights`). Only reads: the save checks again, under its locks. Every statement names the
 * property on every table, so Citus routes it to the property's worker.
 */
import { sql } from "drizzle-orm";
import { dateSequence } from "../../../domain/dates.js";
import { compareRoomNumbers } from "../../../domain/rooms.js";
import type { RoomVacancy } from "../../../domain/schemas/quotes.js";
import { nightsBetween } from "../../../domain/stays.js";
import type { Db } from "../../db/connect.js";
import { queryRows } from "../../db/rows.js";

export type StayDates = { checkInDate: string; checkOutDate: string; stayId?: string | undefined };

/** Why a room is taken: another stay holds it, or it is out of order on one of the nights. */
export type Taken = "stay" | "block";

type RoomRow = { id: string; number: string; taken: Taken | null };

/** Each room of the property with what takes it on the dates, if anything, in room-number order. */
async function roomsOnDates(db: Db, propertyId: string, dates: StayDates): Promise<RoomRow[]> {
  const range = sql`daterange(${dates.checkInDate}::date, ${dates.checkOutDate}::date, '[)')`;
  // The stay being edited does not take its own room (a nil id matches no stay).
  const except = dates.stayId ?? "00000000-0000-0000-0000-000000000000";
  const rows = await queryRows<RoomRow>(
    db,
    sql`
      select r.id, r.number,
             case when exists (select 1 from room_blocks b
                               where b.property_id = ${propertyId} and b.room_id = r.id
                                 and daterange(b.start_date, b.end_date, '[)') && ${range}) then 'block'
                  when exists (select 1 from reservations s
                               where s.property_id = ${propertyId} and s.room_id = r.id
                                 and s.status <> 'cancelled' and innkeep_holds_room(s.status)
                                 and s.id <> ${except}::uuid
                                 and daterange(s.check_in_date, s.check_out_date, '[)') && ${range}) then 'stay'
             end as taken
      from rooms r
      where r.property_id = ${propertyId}`,
  );
  return rows.sort((a, b) => compareRoomNumbers(a.number, b.number));
}

export async function roomVacancy(db: Db, propertyId: string, dates: StayDates): Promise<RoomVacancy> {
  const rooms = await roomsOnDates(db, propertyId, dates);
  return {
    freeRoomIds: rooms.filter((room) => room.taken === null).map((room) => room.id),
    takenRoomIds: rooms.filter((room) => room.taken !== null).map((room) => room.id),
  };
}

/** What takes one room on the dates, or null when it is free. */
export async function roomTaken(
  db: Db,
  propertyId: string,
  roomId: string,
  dates: StayDates,
): Promise<Taken | null> {
  const rooms = await roomsOnDates(db, propertyId, dates);
  return rooms.find((room) => room.id === roomId)?.taken ?? null;
}

type InventoryRow = { nights: string; rooms: string; own: string | null };
export type NightUse = { night: string; type: string | null; used: number };
export type TypeRooms = { type: string | null; rooms: number };
type OwnStay = { type: string | null; checkInDate: string; checkOutDate: string };

/**
 * The first night of the dates on which one more stay of `roomTypeId` (null: no type) would not fit: its
 * type's rooms all held or blocked, or the hotel's. The stay being edited does not count against itself.
 */
export async function firstSoldOutNight(
  db: Db,
  propertyId: string,
  roomTypeId: string | null,
  dates: StayDates,
): Promise<string | null> {
  const except = dates.stayId ?? "00000000-0000-0000-0000-000000000000";
  const [row] = await queryRows<InventoryRow>(
    db,
    sql`
      select
        (select coalesce(json_agg(json_build_object('night', night, 'type', room_type_id,
                                                    'used', held + blocked) order by night), '[]')
         from room_nights
         where property_id = ${propertyId}
           and night >= ${dates.checkInDate}::date and night < ${dates.checkOutDate}::date)::text as nights,
        (select coalesce(json_agg(json_build_object('type', c.room_type_id, 'rooms', c.n)), '[]')
         from (select room_type_id, count(*) as n from rooms where property_id = ${propertyId}
               group by room_type_id) c)::text as rooms,
        (select json_build_object('type', room_type_id, 'checkInDate', check_in_date,
                                  'checkOutDate', check_out_date)
         from reservations
         where property_id = ${propertyId} and id = ${except}::uuid and innkeep_holds_room(status))::text as own`,
  );
  if (!row) return null;
  const nights = dateSequence(dates.checkInDate, nightsBetween(dates.checkInDate, dates.checkOutDate));
  return soldOutNight(
    roomTypeId,
    nights,
    JSON.parse(row.nights) as NightUse[],
    JSON.parse(row.rooms) as TypeRooms[],
    row.own ? (JSON.parse(row.own) as OwnStay) : null,
  );
}

/** The rule of `innkeep_check_inventory`, for one more stay: per type when it has one, then for the hotel. */
export function soldOutNight(
  type: string | null,
  nights: string[],
  uses: NightUse[],
  rooms: TypeRooms[],
  own: OwnStay | null,
): string | null {
  return vacancyOf(uses, rooms)(type, nights, own);
}

/**
 * `soldOutNight` with the nights' use counted once, for asking it of many room types (the booking engine's
 * offers): the hotel's rooms used each night, and each type's.
 */
export function vacancyOf(
  uses: readonly NightUse[],
  rooms: readonly TypeRooms[],
): (type: string | null, nights: readonly string[], own: OwnStay | null) => string | null {
  const hotelRooms = rooms.reduce((sum, entry) => sum + entry.rooms, 0);
  const hotelUsed = new Map<string, number>();
  // By night, then by type (null: rooms without one).
  const typeUsed = new Map<string, Map<string | null, number>>();
  for (const use of uses) {
    hotelUsed.set(use.night, (hotelUsed.get(use.night) ?? 0) + use.used);
    const types = typeUsed.get(use.night) ?? new Map<string | null, number>();
    types.set(use.type, (types.get(use.type) ?? 0) + use.used);
    typeUsed.set(use.night, types);
  }
  return (type, nights, own) => {
    const typeRooms = rooms.find((entry) => entry.type === type)?.rooms ?? 0;
    for (const night of nights) {
      const mine = own !== null && night >= own.checkInDate && night < own.checkOutDate ? own : null;
      const ofType = (typeUsed.get(night)?.get(type) ?? 0) - (mine && mine.type === type ? 1 : 0);
      const ofHotel = (hotelUsed.get(night) ?? 0) - (mine ? 1 : 0);
      if (type !== null && ofType + 1 > typeRooms) return night;
      if (ofHotel + 1 > hotelRooms) return night;
    }
    return null;
  };
}
