import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "../../../domain/errors.js";
import type { roomTypeCreateInput } from "../../../domain/schemas.js";
import type { Db, Tx } from "../../db/connect.js";
import { roomTypes } from "../../db/schema.js";

export type RoomTypeRow = typeof roomTypes.$inferSelect;
/** The body after validation: empty numeric fields already replaced by the spec's fallbacks. */
export type RoomTypeData = z.output<typeof roomTypeCreateInput>;

export const ROOM_TYPE_NOT_FOUND = "Room type not found";

export async function listRoomTypes(db: Db, propertyId: string): Promise<RoomTypeRow[]> {
  return db
    .select()
    .from(roomTypes)
    .where(eq(roomTypes.propertyId, propertyId))
    .orderBy(asc(roomTypes.createdAt), asc(roomTypes.id));
}

export async function createRoomType(db: Db, propertyId: string, input: RoomTypeData): Promise<RoomTypeRow> {
  const [row] = await db
    .insert(roomTypes)
    .values({
      propertyId,
      name: input.name,
      capacity: input.capacity,
      // numeric column: pass the exact two-decimal string, never a binary float.
      baseRate: input.baseRate.toFixed(2),
    })
    .returning();
  if (!row) throw new Error("room type insert returned no row");
  return row;
}

/**
 * A room type of this property, for other modules that reference one (rooms, rate overrides). Another
 * tenant's id answers exactly like an unknown one, so ids reveal nothing.
 */
export async function requireRoomType(db: Db | Tx, propertyId: string, id: string): Promise<RoomTypeRow> {
  const [row] = await db
    .select()
    .from(roomTypes)
    .where(and(eq(roomTypes.propertyId, propertyId), eq(roomTypes.id, id)))
    .limit(1);
  if (!row) throw new AppError("not_found", ROOM_TYPE_NOT_FOUND);
  return row;
}
