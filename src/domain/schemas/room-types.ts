/** Room types: create (blank numbers fall back to defaults), partial edit, and the record. */
import { z } from "zod";
import { LIMITS, NUMBER_FALLBACKS } from "../constants.js";
import { id, money, numberWithFallback, partialEdit, text } from "./fields.js";

const capacity = z
  .number()
  .int({ message: "must be a whole number" })
  .nonnegative({ message: "must not be negative" })
  .max(LIMITS.maxCapacity);

export const roomTypeCreateInput = z.strictObject({
  name: text.default(""),
  capacity: numberWithFallback(NUMBER_FALLBACKS.capacity, capacity),
  baseRate: numberWithFallback(NUMBER_FALLBACKS.baseRate, money),
  /** The rate its nights are taxed at; null: untaxed. */
  taxRateId: id.nullable().default(null),
});
export type RoomTypeCreateInput = z.input<typeof roomTypeCreateInput>;

/** PATCH /room-types/:id — partial; a rename is copied to its rooms (history keeps the old name). */
export const roomTypeUpdateInput = partialEdit({
  name: text.optional(),
  capacity: capacity.optional(),
  baseRate: money.optional(),
  taxRateId: id.nullable().optional(),
});
export type RoomTypeUpdateInput = z.infer<typeof roomTypeUpdateInput>;

export const roomType = z.object({
  id,
  propertyId: id,
  name: z.string(),
  capacity: z.number(),
  baseRate: z.number(),
  taxRateId: id.nullable(),
  createdAt: z.string(),
});
export type RoomType = z.infer<typeof roomType>;
