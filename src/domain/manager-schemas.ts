/**
 * The manager tools' part of the API contract (DESIGN §9.3): inventory edits, rate override edits and bulk
 * edits, the daily occupancy series and the CSV exports. Server routes validate with these; web forms build
 * their payloads from them.
 */
import { z } from "zod";
import { HK_STATUSES, LIMITS } from "./constants.js";
import { BULK_RATE_RANGE, checkRange, REPORT_WINDOW } from "./date-ranges.js";
import { WEEKDAYS } from "./dates.js";
import { id, identifier, isoDate, money, text } from "./schemas.js";

/** Largest bulk rate edit: a year of dates (BULK_RATE_RANGE) for this many room types ("All" counts as one). */
export const BULK_RATE_MAX_TYPES = 100;

const capacity = z
  .number()
  .int({ message: "must be a whole number" })
  .nonnegative({ message: "must not be negative" })
  .max(LIMITS.maxCapacity);
const floor = z.number().int({ message: "must be a whole number" }).min(-10).max(LIMITS.maxFloor);
const minLOS = z
  .number()
  .int({ message: "must be a whole number" })
  .min(1, { message: "must be at least 1" })
  .max(LIMITS.maxStayNights);
/** A price that may be blank: null keeps the base rate (DESIGN §9.2), never 0. */
const optionalPrice = z.union([money, z.null()]);

const hasAField = (value: object) => Object.values(value).some((field) => field !== undefined);
/** A PATCH body: only known fields, all optional, at least one of them (the message names them). */
function partialEdit<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .strictObject(shape)
    .refine(hasAField, { message: `send at least one of ${Object.keys(shape).join(", ")}` });
}

/** PATCH /room-types/:id — partial; a rename is copied to its rooms (history keeps the old name). */
export const roomTypeUpdateInput = partialEdit({
  name: text.optional(),
  capacity: capacity.optional(),
  baseRate: money.optional(),
});
export type RoomTypeUpdateInput = z.infer<typeof roomTypeUpdateInput>;

/**
 * PATCH /rooms/:id — partial. `hkStatus` is open to every role (SPEC housekeeping); `number`,
 * `roomTypeId` and `floor` are inventory and need the "manage" permission (403 otherwise).
 */
export const roomPatchInput = partialEdit({
  hkStatus: z.enum(HK_STATUSES).optional(),
  number: identifier
    .max(LIMITS.roomNumber, { message: `must be at most ${LIMITS.roomNumber} characters` })
    .optional(),
  roomTypeId: id.nullable().optional(),
  floor: floor.optional(),
});
export type RoomPatchInput = z.infer<typeof roomPatchInput>;
/** The fields of a room PATCH that are inventory (need "manage"). */
export const ROOM_INVENTORY_FIELDS = ["number", "roomTypeId", "floor"] as const;

/** PATCH /rate-overrides/:id — partial; the date and room type of an override are its identity. */
export const rateOverrideUpdateInput = partialEdit({
  price: optionalPrice.optional(),
  minLOS: minLOS.optional(),
  stopSell: z.boolean().optional(),
});
export type RateOverrideUpdateInput = z.infer<typeof rateOverrideUpdateInput>;

/**
 * POST /rate-overrides/bulk — one request, one transaction: for every date in [from, to] (both included)
 * whose weekday is in `weekdays`, and every room type in `roomTypeIds` (null = "All room types"), the
 * override of that (date, type) gets the fields sent; fields not sent keep their value on an existing
 * override and their default on a new one (price blank, min LOS 1, no stop sell). Answer: `{ saved }`.
 */
export const rateBulkInput = z
  .strictObject({
    from: isoDate,
    to: isoDate,
    weekdays: z
      .array(z.number().int().min(0).max(6))
      .min(1, { message: "pick at least one weekday" })
      .max(7)
      .default([...WEEKDAYS]),
    roomTypeIds: z
      .array(id.nullable())
      .min(1, { message: "pick at least one room type" })
      .max(BULK_RATE_MAX_TYPES),
    price: optionalPrice.optional(),
    minLOS: minLOS.optional(),
    stopSell: z.boolean().optional(),
  })
  .superRefine(checkRange(BULK_RATE_RANGE, "from", "to"))
  .refine(
    (input) => input.price !== undefined || input.minLOS !== undefined || input.stopSell !== undefined,
    { message: "set a price, a minimum stay or stop sell" },
  );
export type RateBulkInput = z.input<typeof rateBulkInput>;
export const rateBulkResult = z.object({ saved: z.number() });

/** GET /rate-overrides?from=&to= — optional window [from, to) of the list; without it, every override. */
export const rateOverrideListQuery = z
  .strictObject({ from: isoDate.optional(), to: isoDate.optional() })
  .superRefine(checkRange(REPORT_WINDOW, "from", "to"));

/** GET /reports/occupancy/daily?from=&to= — one entry per date of [from, to) (DESIGN §9.3). */
export const occupancyDay = z.object({
  date: z.string(),
  /** The number of rooms (SPEC's denominator). */
  roomsAvailable: z.number(),
  /** Rooms blocked (out of order) that night. */
  roomsBlocked: z.number(),
  roomNightsSold: z.number(),
  revenue: z.number(),
});
export type OccupancyDay = z.infer<typeof occupancyDay>;
export const occupancyDaily = z.array(occupancyDay);
