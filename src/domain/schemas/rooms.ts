/** Rooms: create, the partial edit (housekeeping status or inventory fields), and the record. */
import { z } from "zod";
import { HK_STATUSES, LIMITS, NUMBER_FALLBACKS, ROOM_STATUSES } from "../constants.js";
import { id, identifier, numberWithFallback, partialEdit } from "./fields.js";

const roomNumber = identifier.max(LIMITS.roomNumber, {
  message: `must be at most ${LIMITS.roomNumber} characters`,
});
const floor = z.number().int({ message: "must be a whole number" }).min(-10).max(LIMITS.maxFloor);

export const roomCreateInput = z.strictObject({
  number: roomNumber,
  roomTypeId: id.nullable().default(null),
  floor: numberWithFallback(NUMBER_FALLBACKS.floor, floor),
});
export type RoomCreateInput = z.input<typeof roomCreateInput>;

/**
 * PATCH /rooms/:id — partial. `hkStatus` is open to every role
 * (docs/product.md#housekeeping-and-room-status); `number`, `roomTypeId` and `floor` are inventory and need
 * the "manage" permission (403 otherwise).
 */
export const roomPatchInput = partialEdit({
  hkStatus: z.enum(HK_STATUSES).optional(),
  number: roomNumber.optional(),
  roomTypeId: id.nullable().optional(),
  floor: floor.optional(),
});
export type RoomPatchInput = z.infer<typeof roomPatchInput>;
/** The fields of a room PATCH that are inventory (need "manage"). */
export const ROOM_INVENTORY_FIELDS = ["number", "roomTypeId", "floor"] as const;

export const room = z.object({
  id,
  propertyId: id,
  number: z.string(),
  floor: z.number(),
  roomTypeId: id.nullable(),
  roomTypeName: z.string().nullable(),
  status: z.enum(ROOM_STATUSES),
  hkStatus: z.enum(HK_STATUSES),
  createdAt: z.string(),
});
export type Room = z.infer<typeof room>;
