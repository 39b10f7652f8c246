/**
 * Room blocks (out of order, maintenance). A block and a stay of the same room never overlap, nor do two
 * blocks of a room, and a block takes its room's type out of inventory: all three are the database's rules
 * (migration 0009), so they hold against concurrent bookings, whichever server instance writes them.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { IsoDate } from "../../../domain/dates.js";
import { AppError } from "../../../domain/errors.js";
import type { Db } from "../../db/connect.js";
import { pgConstraint, pgDetail } from "../../db/errors.js";
import { roomBlocks, rooms } from "../../db/schema.js";
import { type Actor, created, deleteRecord, type RecordTarget, withActivity } from "../activity/index.js";
import { ROOM_NOT_FOUND } from "../rooms/index.js";
import { type BlockRecord, presentRoomBlock } from "./presenter.js";

type RoomBlockData = { roomId: string; startDate: IsoDate; endDate: IsoDate; reason: string };

/** Blocks overlapping [start, end) (either side open), by start date. */
export async function listRoomBlocks(
  db: Db,
  propertyId: string,
  window: { start?: IsoDate; end?: IsoDate },
): Promise<BlockRecord[]> {
  const where = [eq(roomBlocks.propertyId, propertyId)];
  if (window.end) where.push(sql`${roomBlocks.startDate} < ${window.end}::date`);
  if (window.start) where.push(sql`${roomBlocks.endDate} > ${window.start}::date`);
  const rows = await db
    .select({ row: roomBlocks, roomNumber: rooms.number })
    .from(roomBlocks)
    .innerJoin(rooms, and(eq(rooms.propertyId, roomBlocks.propertyId), eq(rooms.id, roomBlocks.roomId)))
    .where(and(...where))
    .orderBy(asc(roomBlocks.startDate), asc(rooms.number));
  return rows;
}

async function insertRoomBlock(
  db: Db,
  propertyId: string,
  userId: string | null,
  input: RoomBlockData,
): Promise<BlockRecord> {
  const [room] = await db
    .select({ number: rooms.number })
    .from(rooms)
    .where(and(eq(rooms.propertyId, propertyId), eq(rooms.id, input.roomId)));
  if (!room) throw new AppError("not_found", ROOM_NOT_FOUND);
  try {
    const [row] = await db
      .insert(roomBlocks)
      .values({ propertyId, ...input, createdBy: userId })
      .returning();
    if (!row) throw new Error("block insert returned no row");
    return { row, roomNumber: room.number };
  } catch (error) {
    throw blockError(error, room.number) ?? error;
  }
}

function blockError(error: unknown, roomNumber: string): AppError | undefined {
  switch (pgConstraint(error)) {
    case "room_blocks_no_overlap":
      return new AppError("room_unavailable", `Room ${roomNumber} is already blocked on some of those dates`);
    case "room_blocks_stay_overlap":
      return new AppError("room_unavailable", `Room ${roomNumber} has a stay on some of those dates`);
    case "room_nights_inventory":
      return new AppError(
        "sold_out",
        `Sold out on ${pgDetail(error)}: blocking the room would overbook its type`,
      );
    case "room_blocks_room_fk":
      return new AppError("not_found", ROOM_NOT_FOUND);
    default:
      return undefined;
  }
}

async function dropRoomBlock(db: Db, propertyId: string, id: string): Promise<BlockRecord> {
  const [row] = await db
    .delete(roomBlocks)
    .where(and(eq(roomBlocks.propertyId, propertyId), eq(roomBlocks.id, id)))
    .returning();
  if (!row) throw new AppError("not_found", "Room block not found");
  const [room] = await db
    .select({ number: rooms.number })
    .from(rooms)
    .where(and(eq(rooms.propertyId, propertyId), eq(rooms.id, row.roomId)));
  return { row, roomNumber: room?.number ?? "" };
}

const LOGGED = ["roomId", "roomNumber", "startDate", "endDate", "reason"] as const;

/** Blocks a room and writes the entry, in one transaction. */
export async function createRoomBlock(
  db: Db,
  propertyId: string,
  actor: Actor,
  input: RoomBlockData,
): Promise<BlockRecord> {
  return withActivity(
    db,
    propertyId,
    actor,
    (tx) => insertRoomBlock(tx, propertyId, actor.id, input),
    (record) => ({
      action: "room_block.created",
      entityType: "room_block",
      entityId: record.row.id,
      changes: created(presentRoomBlock(record), LOGGED),
    }),
  );
}

export async function deleteRoomBlock(db: Db, target: RecordTarget): Promise<BlockRecord> {
  return deleteRecord(
    db,
    target,
    "room_block.deleted",
    { type: "room_block", present: presentRoomBlock, fields: LOGGED },
    (tx) => dropRoomBlock(tx, target.propertyId, target.id),
  );
}
