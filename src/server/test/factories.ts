/**
 * Test factories: insert rows straight through Drizzle so a suite can seed exactly the state it needs
 * without depending on other modules' routes. Each factory fills sensible defaults and creates a missing
 * parent (a room without a given type gets none; pass `roomType` to create one on the fly).
 */
import { and, eq, sql } from "drizzle-orm";
import type { ReservationStatus } from "../../domain/constants.js";
import type { Db } from "../db/connect.js";
import { guests, rateOverrides, ratePlans, reservations, rooms, roomTypes } from "../db/schema.js";

export type RoomTypeRow = typeof roomTypes.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type RateOverrideRow = typeof rateOverrides.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;

let sequence = 0;
const next = () => ++sequence;

export async function createRoomType(
  db: Db,
  propertyId: string,
  fields: { name?: string; capacity?: number; baseRate?: number } = {},
): Promise<RoomTypeRow> {
  const [row] = await db
    .insert(roomTypes)
    .values({
      propertyId,
      name: fields.name ?? `Type ${next()}`,
      capacity: fields.capacity ?? 2,
      baseRate: String(fields.baseRate ?? 1500),
    })
    .returning();
  if (!row) throw new Error("room type insert returned no row");
  return row;
}

/** `roomType: null` makes a room without a type; omitted, the room gets `roomTypeId` or no type. */
export async function createRoom(
  db: Db,
  propertyId: string,
  fields: {
    number?: string;
    floor?: number;
    roomType?: RoomTypeRow | null;
    status?: "vacant" | "occupied";
    hkStatus?: "dirty" | "in_progress" | "clean" | "inspected";
  } = {},
): Promise<RoomRow> {
  const type = fields.roomType ?? null;
  const [row] = await db
    .insert(rooms)
    .values({
      propertyId,
      number: fields.number ?? String(100 + next()),
      floor: fields.floor ?? 1,
      roomTypeId: type?.id ?? null,
      roomTypeName: type?.name ?? null,
      ...(fields.status ? { status: fields.status } : {}),
      ...(fields.hkStatus ? { hkStatus: fields.hkStatus } : {}),
    })
    .returning();
  if (!row) throw new Error("room insert returned no row");
  return row;
}

/** Many rooms in one statement (for grid-size tests). */
export async function createRooms(
  db: Db,
  propertyId: string,
  numbers: readonly string[],
  roomType: RoomTypeRow | null = null,
): Promise<RoomRow[]> {
  if (numbers.length === 0) return [];
  return db
    .insert(rooms)
    .values(
      numbers.map((number) => ({
        propertyId,
        number,
        floor: 1,
        roomTypeId: roomType?.id ?? null,
        roomTypeName: roomType?.name ?? null,
      })),
    )
    .returning();
}

/** `roomTypeId: null` is an override for All room types. */
export async function createRateOverride(
  db: Db,
  propertyId: string,
  fields: {
    date: string;
    roomTypeId: string | null;
    price: number | null;
    stopSell?: boolean;
    minLos?: number;
  },
): Promise<RateOverrideRow> {
  const [row] = await db
    .insert(rateOverrides)
    .values({
      propertyId,
      date: fields.date,
      roomTypeId: fields.roomTypeId,
      price: fields.price === null ? null : String(fields.price),
      stopSell: fields.stopSell ?? false,
      minLos: fields.minLos ?? 1,
    })
    .returning();
  if (!row) throw new Error("rate override insert returned no row");
  return row;
}

let lastCreatedAt = 0;
/**
 * Creation times strictly in the order of the calls: the lists sort newest first, and two inserts in the
 * same millisecond (PGlite's clock is that coarse) would otherwise tie and fall back to the random id order.
 */
function createdInOrder(): string {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return new Date(lastCreatedAt).toISOString();
}

/**
 * A reservation inserted directly (any status, any price), bypassing the API's pricing; the database
 * constraints still apply. Nights are derived from the dates unless given.
 */
export async function createReservation(
  db: Db,
  propertyId: string,
  fields: {
    checkInDate: string;
    checkOutDate: string;
    room?: RoomRow | null;
    roomTypeId?: string | null;
    status?: ReservationStatus;
    guestName?: string;
    guestPhone?: string;
    guestEmail?: string;
    code?: string;
    total?: number;
    /** What each night was sold for (the total is their sum); else the whole total on the first night. */
    nightlyRates?: number[];
    createdBy?: string | null;
    /** ISO timestamp; e.g. an old one so a test can see updatedAt move. */
    updatedAt?: string;
  },
): Promise<ReservationRow> {
  const rates = fields.nightlyRates;
  const total = rates
    ? rates.reduce((sum, rate) => sum + Math.round(rate * 100), 0) / 100
    : (fields.total ?? 0);
  // Each stay its own profile, as a booking without a returning guest makes.
  const [guest] = await db
    .insert(guests)
    .values({
      propertyId,
      name: fields.guestName ?? "",
      phone: fields.guestPhone ?? "",
      email: fields.guestEmail ?? "",
    })
    .returning({ id: guests.id });
  if (!guest) throw new Error("guest insert returned no row");
  // Named here rather than left to the database's trigger, so a test that turns triggers off still books
  // (read first: Citus takes no subquery in an INSERT's values).
  const [plan] = await db
    .select({ id: ratePlans.id })
    .from(ratePlans)
    .where(and(eq(ratePlans.propertyId, propertyId), eq(ratePlans.standard, true)));
  if (!plan) throw new Error("the property has no Standard rate plan");
  const [row] = await db
    .insert(reservations)
    .values({
      propertyId,
      code: fields.code ?? `RES-T${String(next()).padStart(4, "0")}`,
      guestId: guest.id,
      roomId: fields.room?.id ?? null,
      roomTypeId: fields.roomTypeId !== undefined ? fields.roomTypeId : (fields.room?.roomTypeId ?? null),
      adults: 2,
      children: 0,
      checkInDate: fields.checkInDate,
      checkOutDate: fields.checkOutDate,
      nights: sql<number>`greatest(1, ${fields.checkOutDate}::date - ${fields.checkInDate}::date)`,
      status: fields.status ?? "booked",
      // The whole total on the first night (the database checks that the nights add up to it).
      nightlyRates: rates
        ? rates.map(String)
        : sql`array[${total}::numeric]
            || array_fill(0::numeric, array[greatest(0, ${fields.checkOutDate}::date - ${fields.checkInDate}::date - 1)])`,
      total: String(total),
      balance: String(total),
      ratePlanId: plan.id,
      createdBy: fields.createdBy ?? null,
      createdAt: createdInOrder(),
      ...(fields.updatedAt ? { updatedAt: fields.updatedAt } : {}),
    })
    .returning();
  if (!row) throw new Error("reservation insert returned no row");
  return row;
}

export async function findRoom(db: Db, propertyId: string, roomId: string): Promise<RoomRow | undefined> {
  const [row] = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.propertyId, propertyId), eq(rooms.id, roomId)));
  return row;
}

export async function findReservation(db: Db, id: string): Promise<ReservationRow | undefined> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
  return row;
}

export async function countReservations(db: Db, propertyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reservations)
    .where(eq(reservations.propertyId, propertyId));
  return Number(row?.n ?? 0);
}
