import type { RoomType } from "../../../domain/schemas/room-types.js";
import { toIso, toMoney } from "../../http/present.js";
import type { RoomTypeRow } from "./service.js";

export function presentRoomType(row: RoomTypeRow): RoomType {
  return {
    id: row.id,
    propertyId: row.propertyId,
    name: row.name,
    capacity: row.capacity,
    baseRate: toMoney(row.baseRate),
    createdAt: toIso(row.createdAt),
  };
}
