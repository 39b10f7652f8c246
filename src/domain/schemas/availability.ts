/** The availability grid (the Front Desk's rooms by nights): its query, and its full and compact answers. */
import { z } from "zod";
import { FRONT_DESK_DAYS, HK_STATUSES, LIMITS, RESERVATION_STATUSES, ROOM_STATUSES } from "../constants.js";
import { id, isoDate } from "./fields.js";
import { room } from "./rooms.js";

export const availabilityQuery = z.strictObject({
  start: isoDate,
  days: z.coerce.number().int().min(1).max(LIMITS.maxGridDays).default(FRONT_DESK_DAYS),
  /** `compact`: stays name their room by position and their dates as offsets (decision 019). */
  format: z.enum(["full", "compact"]).default("full"),
});

/** A stay on the grid; one without a room is shown in its room type's "Unassigned" row. */
export const availabilityStay = z.object({
  id,
  roomId: id.nullable(),
  roomTypeId: id.nullable(),
  code: z.string(),
  guestName: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  checkInDate: z.string(),
  checkOutDate: z.string(),
});
export type AvailabilityStay = z.infer<typeof availabilityStay>;

export const availability = z.object({
  start: z.string(),
  days: z.number(),
  dates: z.array(z.string()),
  rooms: z.array(
    room.pick({ id: true, number: true, roomTypeId: true, roomTypeName: true, status: true, hkStatus: true }),
  ),
  stays: z.array(availabilityStay),
  /** Rooms out of order in the window, shown in grey with the reason (docs/product.md#room-blocks). */
  blocks: z.array(
    z.object({ id, roomId: id, startDate: z.string(), endDate: z.string(), reason: z.string() }),
  ),
});
export type Availability = z.infer<typeof availability>;

/** Position in the compact grid's `rooms` or `roomTypes`; null when the stay (or room) has none. */
const gridPosition = z.number().int().min(0).nullable();
/** Days from the compact grid's `start` (negative for a stay that began before it). */
const gridDayOffset = z.number().int();

/**
 * The availability grid in its compact form (`?format=compact`, decision 019): each list is an array of rows
 * named once here; a stay names its room and room type by position and its dates as days from `start`.
 * `expandAvailability` (availability-compact.ts) turns it into the full form.
 */
export const compactAvailability = z.object({
  format: z.literal("compact"),
  start: z.string(),
  days: z.number(),
  roomTypes: z.array(z.tuple([id, z.string()]).meta({ description: "[id, name]" })),
  /** In no particular order: the client sorts rooms by number (`compareRoomNumbers`). */
  rooms: z.array(
    z
      .tuple([id, z.string(), gridPosition, z.enum(ROOM_STATUSES), z.enum(HK_STATUSES)])
      .meta({ description: "[id, number, roomType, status, hkStatus]" }),
  ),
  /** Ordered by check-in date, then id, as in the full form. */
  stays: z.array(
    z
      .tuple([
        id,
        z.string(),
        z.string(),
        z.enum(RESERVATION_STATUSES),
        gridPosition,
        gridPosition,
        gridDayOffset,
        z.number(),
      ])
      .meta({ description: "[id, code, guestName, status, room, roomType, checkIn, nights]" }),
  ),
  blocks: z.array(
    z
      .tuple([id, z.number().int().min(0), gridDayOffset, z.number(), z.string()])
      .meta({ description: "[id, room, start, nights, reason]" }),
  ),
});
export type CompactAvailability = z.infer<typeof compactAvailability>;
