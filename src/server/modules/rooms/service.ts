import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import { compareRoomNumbers } from "../../../domain/rooms.js";
import type { RoomUpdateInput, roomCreateInput } from "../../../domain/schemas.js";
import type { Db } from "../../db/connect.js";
import { rooms } from "../../db/schema.js";
import { requireRoomType } from "../room-types/service.js";

export type RoomRow = typeof rooms.$inferSelect;
export type RoomData = z.output<typeof roomCreateInput>;

/** Rooms in natural number order ("2" before "10"), the same order the web app uses. */
export async function listRooms(db: Db, propertyId: string): Promise<RoomRow[]> {
  const rows = await db.select().from(rooms).where(eq(rooms.propertyId, propertyId));
  return rows.sort((a, b) => compareRoomNumbers(a.number, b.number));
}

/**
 * Creates a room; it starts vacant and clean (column defaults). The room type's name is copied onto the
 * room, as the spec's documents do. `unique(property_id, number)` decides duplicates, so two concurrent
 * creates of one number cannot both succeed.
 */
export async function createRoom(db: Db, propertyId: string, input: RoomData): Promise<RoomRow> {
  return db.transaction(async (tx) => {
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
    if (!row) throw new AppError("conflict", `Room ${input.number} already exists`);
    return row;
  });
}

/** Any housekeeping status may follow any other (SPEC §4). */
export async function updateRoom(
  db: Db,
  propertyId: string,
  roomId: string,
  input: RoomUpdateInput,
): Promise<{ before: RoomRow; after: RoomRow }> {
  const where = and(eq(rooms.propertyId, propertyId), eq(rooms.id, roomId));
  const [before] = await db.select().from(rooms).where(where).for("update");
  const [after] = await db.update(rooms).set({ hkStatus: input.hkStatus }).where(where).returning();
  if (!before || !after) throw new AppError("not_found", MESSAGES.notFound);
  return { before, after };
}
