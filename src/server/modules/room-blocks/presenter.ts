import type { RoomBlock } from "../../../domain/schemas/room-blocks.js";
import type { roomBlocks } from "../../db/schema.js";
import { toIso } from "../../http/present.js";

export type BlockRow = typeof roomBlocks.$inferSelect;

export type BlockRecord = { row: BlockRow; roomNumber: string };

export function presentRoomBlock({ row, roomNumber }: BlockRecord): RoomBlock {
  return {
    id: row.id,
    roomId: row.roomId,
    roomNumber,
    startDate: row.startDate,
    endDate: row.endDate,
    reason: row.reason,
    createdAt: toIso(row.createdAt),
  };
}
