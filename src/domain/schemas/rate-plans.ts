/**
 * Rate plans (docs/product.md#rate-plans): how a stay is sold on top of the room type's night price, with
 * its cancellation window and deposit. Every property has a "Standard" plan (`standard`).
 */
import { z } from "zod";
import { LIMITS } from "../constants.js";
import { hasAtMostTwoDecimals } from "../money.js";
import { id, money, partialEdit, text } from "./fields.js";

const name = text.min(1, { message: "is required" });
const twoDecimals = { message: "must have at most two decimals" };
const adjustmentPercent = z
  .number()
  .min(-100, { message: "must be at least -100" })
  .max(100, { message: "must be at most 100" })
  .refine(hasAtMostTwoDecimals, twoDecimals);
const depositPercent = z
  .number()
  .min(0, { message: "must not be negative" })
  .max(100, { message: "must be at most 100" })
  .refine(hasAtMostTwoDecimals, twoDecimals);
/** Free cancellation until this many days before arrival; null: non-refundable. */
const cancellationDays = z
  .number()
  .int({ message: "must be a whole number of days" })
  .min(0, { message: "must not be negative" })
  .max(LIMITS.maxStayNights, { message: `must be at most ${LIMITS.maxStayNights} days` })
  .nullable();
/** The room types it sells; empty: all of them. */
const roomTypeIds = z
  .array(id)
  .max(LIMITS.maxRatePlanRoomTypes, {
    message: `must list at most ${LIMITS.maxRatePlanRoomTypes} room types`,
  })
  .refine((ids) => new Set(ids).size === ids.length, { message: "must not list a room type twice" });

export const ratePlanCreateInput = z.strictObject({
  name,
  adjustmentPercent: adjustmentPercent.default(0),
  perAdultPerNight: money.default(0),
  cancellationDays: cancellationDays.default(null),
  depositPercent: depositPercent.default(0),
  roomTypeIds: roomTypeIds.default([]),
  public: z.boolean().default(true),
  active: z.boolean().default(true),
});
export type RatePlanCreateInput = z.input<typeof ratePlanCreateInput>;

export const ratePlanUpdateInput = partialEdit({
  name: name.optional(),
  adjustmentPercent: adjustmentPercent.optional(),
  perAdultPerNight: money.optional(),
  cancellationDays: cancellationDays.optional(),
  depositPercent: depositPercent.optional(),
  roomTypeIds: roomTypeIds.optional(),
  public: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type RatePlanUpdateInput = z.infer<typeof ratePlanUpdateInput>;

export const ratePlan = z.object({
  id,
  name: z.string(),
  adjustmentPercent: z.number(),
  perAdultPerNight: z.number(),
  cancellationDays: z.number().int().nullable(),
  depositPercent: z.number(),
  roomTypeIds: z.array(id),
  public: z.boolean(),
  active: z.boolean(),
  /** The property's Standard plan: never deleted or deactivated, the plan of a stay that names none. */
  standard: z.boolean(),
  createdAt: z.string(),
});
export type RatePlan = z.infer<typeof ratePlan>;
