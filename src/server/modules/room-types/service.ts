import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { AppError, fieldError } from "../../../domain/errors.js";
import type { RoomTypeUpdateInput, roomTypeCreateInput } from "../../../domain/schemas/room-types.js";
import type { Db, Tx } from "../../db/connect.js";
import { pgConstraint, pgDetail } from "../../db/errors.js";
import { rooms, roomTypes } from "../../db/schema.js";
import {
  type Actor,
  created,
  deleteRecord,
  editRecord,
  type RecordTarget,
  withActivity,
} from "../activity/index.js";
import { refreshFolioTotals } from "../folio/index.js";
import { presentRoomType, type RoomTypeRow } from "./presenter.js";

export type { RoomTypeRow };
/**
 * The body after validation: empty numeric fields already replaced by their fallbacks
 * (docs/product.md#room-types-and-rooms).
 */
export type RoomTypeData = z.output<typeof roomTypeCreateInput>;

export const ROOM_TYPE_NOT_FOUND = "Room type not found";

export async function listRoomTypes(db: Db, propertyId: string): Promise<RoomTypeRow[]> {
  return db
    .select()
    .from(roomTypes)
    .where(eq(roomTypes.propertyId, propertyId))
    .orderBy(asc(roomTypes.createdAt), asc(roomTypes.id));
}

async function insertRoomType(db: Db, propertyId: string, input: RoomTypeData): Promise<RoomTypeRow> {
  const [row] = await db
    .insert(roomTypes)
    .values({
      propertyId,
      name: input.name,
      capacity: input.capacity,
      // numeric column: pass the exact two-decimal string, never a binary float.
      baseRate: input.baseRate.toFixed(2),
      taxRateId: input.taxRateId,
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

/**
 * A refusal of the database's "in use" rules (migration 0011) as the API's 409 `in_use`: `subject` names the
 * record ("Room 101"), the error's detail says what needs it.
 */
export function inUseError(error: unknown, constraint: string, subject: string): AppError | undefined {
  if (pgConstraint(error) !== constraint) return undefined;
  return new AppError("in_use", `${subject} is in use: ${pgDetail(error)}`);
}

/** A partial edit. A new name is copied onto the type's rooms (they carry it, as at their creation). */
async function changeRoomType(
  db: Db,
  propertyId: string,
  id: string,
  input: RoomTypeUpdateInput,
): Promise<{ before: RoomTypeRow; after: RoomTypeRow }> {
  const where = and(eq(roomTypes.propertyId, propertyId), eq(roomTypes.id, id));
  const [before] = await db.select().from(roomTypes).where(where).for("update");
  if (!before) throw new AppError("not_found", ROOM_TYPE_NOT_FOUND);
  const [after] = await db
    .update(roomTypes)
    .set({
      name: input.name,
      capacity: input.capacity,
      baseRate: input.baseRate === undefined ? undefined : input.baseRate.toFixed(2),
      taxRateId: input.taxRateId,
    })
    .where(where)
    .returning();
  if (!after) throw new AppError("not_found", ROOM_TYPE_NOT_FOUND);
  // Its nights are taxed at the new rate: its stays' folio totals follow.
  if (after.taxRateId !== before.taxRateId) await refreshFolioTotals(db, propertyId, [id]);
  if (after.name !== before.name) {
    await db
      .update(rooms)
      .set({ roomTypeName: after.name })
      .where(and(eq(rooms.propertyId, propertyId), eq(rooms.roomTypeId, id)));
  }
  return { before, after };
}

/**
 * Deletes a room type that nothing needs. The database refuses a type with rooms or with a booked or
 * checked-in stay, keeps the name on its past stays and deletes its rate overrides (migration 0011).
 */
async function dropRoomType(db: Db, propertyId: string, id: string): Promise<RoomTypeRow> {
  const type = await requireRoomType(db, propertyId, id);
  try {
    await db.delete(roomTypes).where(and(eq(roomTypes.propertyId, propertyId), eq(roomTypes.id, id)));
  } catch (error) {
    throw inUseError(error, "room_types_in_use", `Room type ${displayName(type)}`) ?? error;
  }
  return type;
}

/** A tax rate that is not this property's, refused by its field (the foreign key of migration 0022). */
async function knownTaxRate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgConstraint(error) === "room_types_tax_rate_fk") {
      throw fieldError("taxRateId", "is not a tax rate of this property");
    }
    throw error;
  }
}

/** A type's name in a message; a type may have an empty one. */
function displayName(type: RoomTypeRow): string {
  return type.name ? `"${type.name}"` : "(unnamed)";
}

const LOGGED = ["name", "capacity", "baseRate", "taxRateId"] as const;
const logged = { type: "room_type", present: presentRoomType, fields: LOGGED };

/** Creates a room type and its entry, in one transaction. */
export async function createRoomType(
  db: Db,
  propertyId: string,
  actor: Actor,
  input: RoomTypeData,
): Promise<RoomTypeRow> {
  return withActivity(
    db,
    propertyId,
    actor,
    (tx) => knownTaxRate(() => insertRoomType(tx, propertyId, input)),
    (row) => ({
      action: "room_type.created",
      entityType: "room_type",
      entityId: row.id,
      changes: created(row, LOGGED),
    }),
  );
}

export async function updateRoomType(
  db: Db,
  target: RecordTarget,
  input: RoomTypeUpdateInput,
): Promise<RoomTypeRow> {
  return editRecord(db, target, "room_type.updated", logged, (tx) =>
    knownTaxRate(() => changeRoomType(tx, target.propertyId, target.id, input)),
  );
}

export async function deleteRoomType(db: Db, target: RecordTarget): Promise<RoomTypeRow> {
  return deleteRecord(db, target, "room_type.deleted", logged, (tx) =>
    dropRoomType(tx, target.propertyId, target.id),
  );
}
