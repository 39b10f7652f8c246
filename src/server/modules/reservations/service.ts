/**
 * Reservations: list newest first (with filters and keyset pages), read one, write an edit's changes, and
 * turn the database's refusals into API errors. Booking a stay is create.ts.
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { SOLD_STATUSES } from "../../../domain/constants.js";
import { AppError, fieldError, MESSAGES } from "../../../domain/errors.js";
import type { ReservationFilter, ReservationListQuery } from "../../../domain/schemas/reservation-search.js";
import type { reservationCreateInput } from "../../../domain/schemas/reservations.js";
import type { Db } from "../../db/connect.js";
import { pgConstraint, pgDetail } from "../../db/errors.js";
import { reservations, rooms } from "../../db/schema.js";
import { ROOM_TYPE_NOT_FOUND } from "../room-types/index.js";
import { ROOM_NOT_FOUND } from "../rooms/index.js";
import { reservationFilterConditions } from "./filters.js";
import type { ReservationRecord, ReservationRow } from "./presenter.js";
import { GUEST_NOT_FOUND } from "./stay-guest.js";

export type { ReservationRecord, ReservationRow };
/** The body after validation: defaults applied, dates checked. */
export type ReservationData = z.output<typeof reservationCreateInput>;

export const RESERVATION_NOT_FOUND = "Reservation not found";

/** Codes have 36^5 ≈ 60 million values; a few attempts make a collision practically impossible. */
const _CODE_ATTEMPTS = 5;

/**
 * The reservations that pass the filters, newest first; with `before`, only what was created before that
 * reservation (ties broken by id), whether or not it passes the filters itself.
 */
export async function listReservations(
  db: Db,
  propertyId: string,
  page: ReservationListQuery = {},
): Promise<ReservationRecord[]> {
  const where = reservationFilterConditions(propertyId, page);
  if (page.before) {
    const [cursor] = await db
      .select({ createdAt: reservations.createdAt, id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.propertyId, propertyId), eq(reservations.id, page.before)));
    if (!cursor) throw fieldError("before", "no such reservation");
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
    .where(
      page.limit === undefined
        ? and(...where)
        : // The property too: the primary key is (property_id, id), so ids alone would read the whole table.
          and(eq(reservations.propertyId, propertyId), inArray(reservations.id, pageIds(page.limit))),
    )
    .orderBy(...newestFirst);
}

/** A guest's stays, newest (latest check-in) first, with their rooms' numbers. */
export async function listGuestStays(
  db: Db,
  propertyId: string,
  guestId: string,
): Promise<ReservationRecord[]> {
  return db
    .select({ row: reservations, roomNumber: rooms.number })
    .from(reservations)
    .leftJoin(rooms, and(eq(rooms.propertyId, reservations.propertyId), eq(rooms.id, reservations.roomId)))
    .where(and(eq(reservations.propertyId, propertyId), eq(reservations.guestId, guestId)))
    .orderBy(desc(reservations.checkInDate), desc(reservations.createdAt), desc(reservations.id));
}

/**
 * Which of its guest's sold stays (not cancelled or no-show) this one is, in check-in order: 1 for a first
 * stay, 3 for a guest's third.
 */
export async function guestStayNumber(db: Db, propertyId: string, row: ReservationRow): Promise<number> {
  const [counted] = await db
    .select({ n: count() })
    .from(reservations)
    .where(
      and(
        eq(reservations.propertyId, propertyId),
        eq(reservations.guestId, row.guestId),
        inArray(reservations.status, [...SOLD_STATUSES]),
        sql`(${reservations.checkInDate}, ${reservations.createdAt}, ${reservations.id}) <= (${row.checkInDate}, ${row.createdAt}, ${row.id})`,
      ),
    );
  return Math.max(1, counted?.n ?? 1);
}

/** How many reservations match the list's filters (all pages). */
export async function countReservations(
  db: Db,
  propertyId: string,
  filter: ReservationFilter,
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(reservations)
    .where(and(...reservationFilterConditions(propertyId, filter)));
  return row?.count ?? 0;
}

/** One reservation with its room's number, optionally locked for the rest of the transaction. */
export async function findReservationRecord(
  db: Db,
  propertyId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ReservationRecord> {
  const where = and(eq(reservations.propertyId, propertyId), eq(reservations.id, id));
  const query = db.select().from(reservations).where(where);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw new AppError("not_found", RESERVATION_NOT_FOUND);
  return { row, roomNumber: await roomNumberOf(db, propertyId, row.roomId) };
}

export async function roomNumberOf(
  db: Db,
  propertyId: string,
  roomId: string | null,
): Promise<string | null> {
  if (!roomId) return null;
  const [room] = await db
    .select({ number: rooms.number })
    .from(rooms)
    .where(and(eq(rooms.propertyId, propertyId), eq(rooms.id, roomId)));
  return room?.number ?? null;
}

/**
 * Writes changes to one stay (in the caller's transaction, after its row lock) and turns the database's
 * refusals (overlap, block, inventory) into their API errors.
 */
export async function updateReservation(
  db: Db,
  propertyId: string,
  id: string,
  set: Partial<ReservationRow>,
): Promise<ReservationRow> {
  let updated: ReservationRow | undefined;
  try {
    [updated] = await db
      .update(reservations)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(reservations.propertyId, propertyId), eq(reservations.id, id)))
      .returning();
  } catch (error) {
    throw constraintError(error) ?? error;
  }
  if (!updated) throw new AppError("not_found", RESERVATION_NOT_FOUND);
  return updated;
}

/** Client-provokable constraint violations of a reservation write, told apart by constraint name. */
export function constraintError(error: unknown): AppError | undefined {
  switch (pgConstraint(error)) {
    case "reservations_no_overlap":
      return new AppError("room_unavailable", MESSAGES.roomNotAvailable);
    case "reservations_block_overlap":
      return new AppError("room_unavailable", `${MESSAGES.roomNotAvailable} The room is out of order then.`);
    case "room_nights_inventory":
      return new AppError(
        "sold_out",
        `Sold out on ${pgDetail(error)}: no room of this type is free that night`,
      );
    case "reservations_room_type_match": // the room was given another type after we read it
      return new AppError("conflict", "The room's type has just changed; please try again");
    case "reservations_room_fk": // the room was deleted after we read it
      return new AppError("not_found", ROOM_NOT_FOUND);
    case "reservations_room_type_fk":
      return new AppError("not_found", ROOM_TYPE_NOT_FOUND);
    case "reservations_guest_fk": // the profile was merged away after we read it
      return new AppError("not_found", GUEST_NOT_FOUND);
    default:
      return undefined;
  }
}
