import type { HkStatus, RoomStatus } from "../../../domain/constants.js";
import type { Room } from "../../../domain/schemas/rooms.js";
import type { rooms } from "../../db/schema.js";
import { toIso } from "../../http/present.js";

export type RoomRow = typeof rooms.$inferSelect;

export function presentRoom(row: RoomRow): Room {
  return {
    id: row.id,
    propertyId: row.propertyId,
    number: row.number,
    floor: row.floor,
    roomTypeId: row.roomTypeId,
    roomTypeName: row.roomTypeName,
    // Check constraints (rooms_status_check, rooms_hk_status_check) hold these columns to the enums.
    status: row.status as RoomStatus,
    hkStatus: row.hkStatus as HkStatus,
    createdAt: toIso(row.createdAt),
  };
}
