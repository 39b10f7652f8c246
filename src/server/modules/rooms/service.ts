import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { IsoDate } from "../../../domain/dates.js";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import { compareRoomNumbers } from "../../../domain/rooms.js";
import type { RoomPatchInput, roomBulkCreateInput, roomCreateInput } from "../../../domain/schemas/rooms.js";
import type { Db } from "../../db/connect.js";
import { pgConstraint, pgDetail } from "../../db/errors.js";
import { roomBlocks, rooms } from "../../db/schema.js";
import {
  type Actor,
  changed,
  created,
  deleteRecord,
  type RecordTarget,
  recordActivity,
  withActivity,
} from "../activity/index.js";
import { propertyToday } from "../properties/index.js";
import { inUseError, requireRoomType } from "../room-types/index.js";
import { presentRoom, type RoomRow } from "./presenter.js";

export const ROOM_NOT_FOUND = "Room not found";

export type { RoomRow };
export type RoomData = z.output<typeof roomCreateInput>;
export type RoomsData = z.output<typeof roomBulkCreateInput>;

/** Rooms in natural number order ("2" before "10"), the same order the web app uses. */
export async function listRooms(db: Db, propertyId: string): Promise<RoomRow[]> {
  const rows = await db.select().from(rooms).where(eq(rooms.propertyId, propertyId));
  return rows.sort((a, b) => compareRoomNumbers(a.number, b.number));
}

const numberTaken = (number: string) => new AppError("conflict", `Room ${number} already exists`);

/**
 * Creates a room; it starts vacant and clean (column defaults). The room type's name is copied onto the
 * room (a rename of the type updates it), so a room is read with its type's name without a join.
 * `unique(property_id, number)` decides duplicates, so two concurrent creates of one number cannot both
 * succeed.
 */
async function insertRoom(tx: Db, propertyId: string, input: RoomData): Promise<RoomRow> {
  const type = input.roomTypeId ? await requireRoomType(tx, propertyId, input.roomTypeId) : null;
  const [row] = await tx
    .insert(rooms)
    .values({
      propertyId,
      number: input.number,
      floor: input.floor,
      roomTypeId: type?.id ?? null,
      roomTypeName: type?.name ?? null,
    })
    .onConflictDoNothing({ target: [rooms.propertyId, rooms.number] })
    .returning();
  if (!row) throw numberTaken(input.number);
  return row;
}

/**
 * The room, locked for the rest of the transaction (404 when it is not the property's). A change of its
 * type or its deletion (`inventory`) first takes the room's and the property's inventory locks, in the
 * order bookings take them, before the row's: otherwise a booking holding the room's lock and waiting for
 * the row, and this change holding the row and waiting for the room's lock, would deadlock (migration 0011).
 */
async function lockRoom(db: Db, propertyId: string, roomId: string, inventory: boolean): Promise<RoomRow> {
  if (inventory)
    await db.execute(sql`select innkeep_lock_room_inventory(${propertyId}::uuid, ${roomId}::uuid)`);
  const [row] = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.propertyId, propertyId), eq(rooms.id, roomId)))
    .for("update");
  if (!row) throw new AppError("not_found", MESSAGES.notFound);
  return row;
}

/**
 * A partial edit: any housekeeping status may follow any other
 * (docs/product.md#housekeeping-and-room-status); a new number must be free (the unique key decides, under
 * any concurrency); a new type is refused by the database while a booked or checked-in stay holds the room,
 * or when the old type's stays without a room would no longer fit.
 */
async function changeRoom(
  db: Db,
  propertyId: string,
  roomId: string,
  input: RoomPatchInput,
): Promise<{ before: RoomRow; after: RoomRow }> {
  const before = await lockRoom(db, propertyId, roomId, input.roomTypeId !== undefined);
  const type =
    input.roomTypeId === undefined || input.roomTypeId === null
      ? null
      : await requireRoomType(db, propertyId, input.roomTypeId);
  const retyped =
    input.roomTypeId !== undefined ? { roomTypeId: type?.id ?? null, roomTypeName: type?.name ?? null } : {};
  try {
    const [after] = await db
      .update(rooms)
      .set({ hkStatus: input.hkStatus, number: input.number, floor: input.floor, ...retyped })
      .where(and(eq(rooms.propertyId, propertyId), eq(rooms.id, roomId)))
      .returning();
    if (!after) throw new AppError("not_found", MESSAGES.notFound);
    return { before, after };
  } catch (error) {
    if (pgConstraint(error) === "rooms_property_id_number_key") throw numberTaken(input.number ?? "");
    throw roomError(error, before, "change type") ?? error;
  }
}

/**
 * Deletes a room nothing needs: a booked or checked-in stay (the database refuses) or a block that has not
 * ended refuses it with 409 `in_use`. Its ended blocks go with it (first, so they leave the inventory of
 * the room's type); its past stays keep its number (migration 0011).
 */
async function dropRoom(db: Db, propertyId: string, roomId: string, today: IsoDate): Promise<RoomRow> {
  const room = await lockRoom(db, propertyId, roomId, true);
  const ofRoom = and(eq(roomBlocks.propertyId, propertyId), eq(roomBlocks.roomId, roomId));
  const [block] = await db
    .select()
    .from(roomBlocks)
    .where(and(ofRoom, sql`${roomBlocks.endDate} > ${today}::date`))
    .orderBy(roomBlocks.startDate)
    .limit(1);
  if (block) {
    const reason = block.reason ? ` (${block.reason})` : "";
    throw new AppError(
      "in_use",
      `Room ${room.number} is in use: it is blocked from ${block.startDate} to ${block.endDate}${reason}`,
    );
  }
  await db.delete(roomBlocks).where(ofRoom);
  try {
    await db.delete(rooms).where(and(eq(rooms.propertyId, propertyId), eq(rooms.id, roomId)));
  } catch (error) {
    throw roomError(error, room, "be deleted") ?? error;
  }
  return room;
}

const LOGGED = ["number", "floor", "roomTypeId", "roomTypeName", "hkStatus"] as const;

const creation = (room: RoomRow) =>
  ({
    action: "room.created",
    entityType: "room",
    entityId: room.id,
    changes: created(room, ["number", "floor", "roomTypeName"]),
  }) as const;

/** Creates a room and its entry, in one transaction. */
export async function createRoom(
  db: Db,
  propertyId: string,
  actor: Actor,
  input: RoomData,
): Promise<RoomRow> {
  return withActivity(db, propertyId, actor, (tx) => insertRoom(tx, propertyId, input), creation);
}

/**
 * "Add rooms": every number of the list, of one type on one floor, in one transaction. Each room writes the
 * entry (and so the live event) a single create writes. A number the property already has refuses the
 * whole list with 409 naming every such number, and nothing is written: the unique key decides, so a
 * concurrent create of one of the numbers is caught as well.
 */
export async function createRooms(
  db: Db,
  propertyId: string,
  actor: Actor,
  input: RoomsData,
): Promise<RoomRow[]> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const type = input.roomTypeId ? await requireRoomType(tx, propertyId, input.roomTypeId) : null;
    const inserted = await tx
      .insert(rooms)
      .values(
        input.numbers.map((number) => ({
          propertyId,
          number,
          floor: input.floor,
          roomTypeId: type?.id ?? null,
          roomTypeName: type?.name ?? null,
        })),
      )
      .onConflictDoNothing({ target: [rooms.propertyId, rooms.number] })
      .returning();
    if (inserted.length < input.numbers.length) {
      const made = new Set(inserted.map((room) => room.number));
      const taken = input.numbers.filter((number) => !made.has(number));
      // Thrown inside the transaction, so the rooms inserted above are rolled back with it.
      throw new AppError(
        "conflict",
        taken.length === 1 ? `Room ${taken[0]} already exists` : `Rooms ${taken.join(", ")} already exist`,
      );
    }
    const byNumber = new Map(inserted.map((room) => [room.number, room]));
    const ordered = input.numbers.flatMap((number) => byNumber.get(number) ?? []);
    for (const room of ordered) await recordActivity(tx, propertyId, actor, creation(room));
    return ordered;
  });
}

/** Edits a room and writes its entry, in one transaction. */
export async function updateRoom(
  db: Db,
  { propertyId, id, actor }: RecordTarget,
  input: RoomPatchInput,
): Promise<RoomRow> {
  // Housekeeping's everyday change keeps its own action name; anything else edits the inventory.
  const hkOnly = Object.keys(input).every((field) => field === "hkStatus");
  const { after } = await withActivity(
    db,
    propertyId,
    actor,
    (tx) => changeRoom(tx, propertyId, id, input),
    ({ before, after }) => ({
      action: hkOnly ? "room.hk_status_changed" : "room.updated",
      entityType: "room",
      entityId: id,
      changes: hkOnly
        ? { hkStatus: { before: before.hkStatus, after: after.hkStatus } }
        : changed(before, after, LOGGED),
    }),
  );
  return after;
}

/** Deletes a room and writes its entry, in one transaction. */
export async function deleteRoom(db: Db, target: RecordTarget, now: Date): Promise<RoomRow> {
  const { propertyId, id } = target;
  return deleteRecord(
    db,
    target,
    "room.deleted",
    { type: "room", present: presentRoom, fields: ["number", "floor", "roomTypeName"] },
    async (tx) => dropRoom(tx, propertyId, id, await propertyToday(tx, propertyId, now)),
  );
}

/** The database's refusals of a room change, as API errors. */
function roomError(error: unknown, room: RoomRow, change: string): AppError | undefined {
  const inUse = inUseError(error, "rooms_in_use", `Room ${room.number}`);
  if (inUse) return inUse;
  if (pgConstraint(error) !== "room_nights_inventory") return undefined;
  return new AppError(
    "sold_out",
    `Room ${room.number} cannot ${change}: its room type would be overbooked on ${pgDetail(error)}`,
  );
}
