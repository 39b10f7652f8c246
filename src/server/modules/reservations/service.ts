/**
 * Reservations: create (priced on the server, code allocated here, overlaps refused by the database's
 * exclusion constraint), list newest first, and status transitions with their room side effects.
 */
import { randomInt as cryptoRandomInt } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { LIMITS, type ReservationStatus } from "../../../domain/constants.js";
import { daysBetween } from "../../../domain/dates.js";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import { stayTotal } from "../../../domain/pricing.js";
import { findRestriction, restrictionMessage } from "../../../domain/restrictions.js";
import type { ReservationListQuery, reservationCreateInput } from "../../../domain/schemas.js";
import { canTransition, generateReservationCode, nightsBetween } from "../../../domain/stays.js";
import type { Db } from "../../db/connect.js";
import { reservations, rooms } from "../../db/schema.js";

export type ReservationRow = typeof reservations.$inferSelect;
export type ReservationRecord = { row: ReservationRow; roomNumber: string | null };
/** The body after validation: defaults applied, dates checked. */
export type ReservationData = z.output<typeof reservationCreateInput>;

export const RESERVATION_NOT_FOUND = "Reservation not found";
export const ROOM_NOT_FOUND = "Room not found";
export const ROOM_TYPE_NOT_FOUND = "Room type not found";

/** Codes have 36^5 ≈ 60 million values; a few attempts make a collision practically impossible. */
const CODE_ATTEMPTS = 5;
/** numeric(12, 2): the largest total the column holds. */
const MAX_TOTAL = 9_999_999_999.99;

/** The constraint a PostgreSQL error names (drizzle wraps driver errors, so walk the `cause` chain). */
export function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === "string") return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Newest first; with `before`, only what was created before that reservation (ties broken by id). */
export async function listReservations(
  db: Db,
  propertyId: string,
  page: ReservationListQuery = {},
): Promise<ReservationRecord[]> {
  const where = [eq(reservations.propertyId, propertyId)];
  if (page.before) {
    const [cursor] = await db
      .select({ createdAt: reservations.createdAt, id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.propertyId, propertyId), eq(reservations.id, page.before)));
    if (!cursor) throw new AppError("validation", "before: no such reservation");
    where.push(sql`(${reservations.createdAt}, ${reservations.id}) < (${cursor.createdAt}, ${cursor.id})`);
  }
  const newestFirst = [desc(reservations.createdAt), desc(reservations.id)];
  // A page is chosen by ids first: on its own the limited query is an index scan, whereas with the join the
  // planner may sort every stay of the property to keep 100 of them.
  const pageIds = (limit: number) =>
    db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(...where))
      .orderBy(...newestFirst)
      .limit(limit);
  return db
    .select({ row: reservations, roomNumber: rooms.number })
    .from(reservations)
    .leftJoin(rooms, and(eq(rooms.propertyId, reservations.propertyId), eq(rooms.id, reservations.roomId)))
    .where(page.limit === undefined ? and(...where) : inArray(reservations.id, pageIds(page.limit)))
    .orderBy(...newestFirst);
}

type Pricing = { roomId: string | null; roomNumber: string | null; roomTypeId: string | null; total: number };
type PricingRow = {
  roomId: string | null;
  roomNumber: string | null;
  roomTypeId: string | null;
  baseRate: string | null;
  capacity: number | null;
  overrides: string;
};
type OverrideJson = {
  date: string;
  roomTypeId: string | null;
  price: number | null;
  stopSell: boolean;
  minLOS: number;
};

/**
 * Resolves room and room type (both must belong to the property) and reads every override that can price
 * a night of the stay (this type's and the "All" ones) in one statement: on PGlite every round trip blocks
 * the server's only thread, so a create should make as few as it can.
 */
async function priceStay(db: Db, propertyId: string, input: ReservationData): Promise<Pricing> {
  const result = await db.execute<PricingRow>(sql`
    with room as (
      select id, number, room_type_id from rooms where property_id = ${propertyId} and id = ${input.roomId}::uuid
    ), chosen as (
      -- A room without a type leaves the choice to the request, like a stay without a room.
      select coalesce((select room_type_id from room), ${input.roomTypeId}::uuid) as room_type_id
    )
    select
      (select id from room) as "roomId",
      (select number from room) as "roomNumber",
      c.room_type_id as "roomTypeId",
      (select base_rate from room_types t where t.property_id = ${propertyId} and t.id = c.room_type_id)::text
        as "baseRate",
      (select capacity from room_types t where t.property_id = ${propertyId} and t.id = c.room_type_id)
        as "capacity",
      (select coalesce(json_agg(json_build_object('date', o.date, 'roomTypeId', o.room_type_id, 'price', o.price,
                                                  'stopSell', o.stop_sell, 'minLOS', o.min_los)), '[]')
       from rate_overrides o
       where o.property_id = ${propertyId}
         and o.date >= ${input.checkInDate}::date and o.date < ${input.checkOutDate}::date
         and (o.room_type_id is null or o.room_type_id = c.room_type_id))::text as "overrides"
    from chosen c`);
  const row = (result as unknown as { rows: PricingRow[] }).rows[0];
  if (!row) throw new Error("the pricing query returned no row");
  if (input.roomId && !row.roomId) throw new AppError("not_found", ROOM_NOT_FOUND);
  // base_rate is NOT NULL, so a missing rate means the room type is not the property's.
  if (row.roomTypeId && row.baseRate === null) throw new AppError("not_found", ROOM_TYPE_NOT_FOUND);
  // Checks answer 400 before 409 (DESIGN §9.3): the guests must fit, then the rate calendar must allow it.
  const guests = input.adults + input.children;
  if (row.capacity !== null && guests > row.capacity) {
    throw new AppError(
      "validation",
      `adults: ${guests} guests do not fit the room type's capacity of ${row.capacity}`,
    );
  }
  const overrides = JSON.parse(row.overrides) as OverrideJson[];
  const stay = {
    checkInDate: input.checkInDate,
    checkOutDate: input.checkOutDate,
    roomTypeId: row.roomTypeId,
  };
  const violation = findRestriction(stay, overrides);
  if (violation) throw new AppError("restricted", restrictionMessage(violation));
  const total = stayTotal({
    ...stay,
    baseRate: row.baseRate === null ? null : Number(row.baseRate),
    overrides,
  });
  if (total > MAX_TOTAL) throw new AppError("validation", "The stay's total is too large");
  return { roomId: row.roomId, roomNumber: row.roomNumber, roomTypeId: row.roomTypeId, total };
}

/**
 * Creates a booked reservation. Overlap with another booked/checked_in stay of the room is refused by the
 * exclusion constraint `reservations_no_overlap`, which holds under any concurrency. A code collision is
 * not an error: `on conflict (property_id, code) do nothing` returns no row and we draw another code. Only
 * the unique code index is the conflict arbiter, so an overlap still raises 23P01 and is never retried.
 */
export async function createReservation(
  db: Db,
  propertyId: string,
  userId: string,
  input: ReservationData,
  randomInt: (maxExclusive: number) => number = cryptoRandomInt,
): Promise<ReservationRecord> {
  if (daysBetween(input.checkInDate, input.checkOutDate) > LIMITS.maxStayNights) {
    throw new AppError("validation", `checkOutDate: a stay can be at most ${LIMITS.maxStayNights} nights`);
  }
  const priced = await priceStay(db, propertyId, input);
  const total = priced.total.toFixed(2);
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    let row: ReservationRow | undefined;
    try {
      [row] = await db
        .insert(reservations)
        .values({
          propertyId,
          code: generateReservationCode(randomInt),
          guestName: input.guestName,
          guestPhone: input.guestPhone,
          guestEmail: input.guestEmail,
          roomTypeId: priced.roomTypeId,
          roomId: priced.roomId,
          adults: input.adults,
          children: input.children,
          checkInDate: input.checkInDate,
          checkOutDate: input.checkOutDate,
          nights: nightsBetween(input.checkInDate, input.checkOutDate),
          status: "booked",
          total,
          balance: total,
          createdBy: userId,
        })
        .onConflictDoNothing({ target: [reservations.propertyId, reservations.code] })
        .returning();
    } catch (error) {
      throw constraintError(error) ?? error;
    }
    if (row) return { row, roomNumber: priced.roomNumber };
  }
  throw new AppError("conflict", "Could not allocate a reservation code; please try again");
}

/** Client-provokable constraint violations of a reservation insert, told apart by constraint name. */
function constraintError(error: unknown): AppError | undefined {
  switch (pgConstraint(error)) {
    case "reservations_no_overlap":
      return new AppError("room_unavailable", MESSAGES.roomNotAvailable);
    case "reservations_room_fk": // the room was deleted after we read it
      return new AppError("not_found", ROOM_NOT_FOUND);
    case "reservations_room_type_fk":
      return new AppError("not_found", ROOM_TYPE_NOT_FOUND);
    default:
      return undefined;
  }
}

/**
 * Moves a reservation to `to` if the spec allows it, and applies the room side effects in the same
 * transaction. The row lock serialises concurrent transitions of one reservation, so two clerks pressing
 * Check-In and Cancel at once cannot both act on the same "booked" state.
 */
export async function changeReservationStatus(
  db: Db,
  propertyId: string,
  id: string,
  to: ReservationStatus,
): Promise<{ record: ReservationRecord; from: ReservationStatus }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: reservations.status, roomId: reservations.roomId })
      .from(reservations)
      .where(and(eq(reservations.propertyId, propertyId), eq(reservations.id, id)))
      .for("update");
    if (!current) throw new AppError("not_found", RESERVATION_NOT_FOUND);
    const from = current.status as ReservationStatus;
    if (!canTransition(from, to)) {
      throw new AppError("invalid_transition", `Cannot change a ${from} reservation to ${to}`);
    }
    const [row] = await tx
      .update(reservations)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(reservations.propertyId, propertyId), eq(reservations.id, id)))
      .returning();
    if (!row) throw new AppError("not_found", RESERVATION_NOT_FOUND);
    if (!current.roomId) return { record: { row, roomNumber: null }, from };

    // The room's occupancy follows its stays (trigger `reservations_room_occupancy_*`); a departure also
    // leaves the room to be cleaned.
    const roomWhere = and(eq(rooms.propertyId, propertyId), eq(rooms.id, current.roomId));
    const [room] =
      to === "checked_out"
        ? await tx
            .update(rooms)
            .set({ hkStatus: "dirty" })
            .where(roomWhere)
            .returning({ number: rooms.number })
        : await tx.select({ number: rooms.number }).from(rooms).where(roomWhere);
    return { record: { row, roomNumber: room?.number ?? null }, from };
  });
}
