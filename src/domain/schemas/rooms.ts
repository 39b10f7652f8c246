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
 * POST /rooms/bulk — "Add rooms": distinct numbers (at most LIMITS.bulkRooms) of one type on one floor,
 * created together or not at all. The web form makes the list with `roomNumberRange` (room-ranges.ts).
 */
export const roomBulkCreateInput = z.strictObject({
  numbers: z
    .array(roomNumber)
    .min(1, { message: "must name at least one room" })
    .max(LIMITS.bulkRooms, { message: `must name at most ${LIMITS.bulkRooms} rooms` })
    .superRefine((numbers, context) => {
      const repeated = numbers.filter((number, index) => numbers.indexOf(number) !== index);
      if (repeated.length > 0)
        context.addIssue({ code: "custom", message: `must not repeat ${[...new Set(repeated)].join(", ")}` });
    }),
  roomTypeId: id.nullable().default(null),
  floor: numberWithFallback(NUMBER_FALLBACKS.floor, floor),
});
export type RoomBulkCreateInput = z.input<typeof roomBulkCreateInput>;

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
