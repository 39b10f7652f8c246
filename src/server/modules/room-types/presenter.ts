import type { RoomType } from "../../../domain/schemas/room-types.js";
import type { roomTypes } from "../../db/schema.js";
import { toIso, toMoney } from "../../http/present.js";

export type RoomTypeRow = typeof roomTypes.$inferSelect;

export function presentRoomType(row: RoomTypeRow): RoomType {
  return {
    id: row.id,
    propertyId: row.propertyId,
    name: row.name,
    capacity: row.capacity,
    baseRate: toMoney(row.baseRate),
    taxRateId: row.taxRateId,
    createdAt: toIso(row.createdAt),
  };
}
