/**
 * Rate overrides (a date's price, minimum stay and stop sell, for one room type or all): create, partial edit,
 * the bulk edit over a range of dates, the list's window, and the record.
 */
import { z } from "zod";
import { LIMITS, NUMBER_FALLBACKS } from "../constants.js";
import { bulkRateRangeProblem, checkRange, windowProblem } from "../date-ranges.js";
import { WEEKDAYS } from "../dates.js";
import { id, isoDate, money, numberWithFallback, partialEdit } from "./fields.js";

/** Largest bulk rate edit: a year of dates (BULK_RATE_RANGE) for this many room types ("All" counts as one). */
const BULK_RATE_MAX_TYPES = 100;

const minLOS = z
  .number()
  .int({ message: "must be a whole number" })
  .min(1, { message: "must be at least 1" })
  .max(LIMITS.maxStayNights);
/** A blank price (null) keeps the base rate, never 0 (docs/product.md#pricing-and-rate-overrides). */
const optionalPrice = z.union([money, z.null()]);

export const rateOverrideCreateInput = z.strictObject({
  date: isoDate,
  roomTypeId: id.nullable().default(null),
  // Blank means "no price change": the night keeps its base rate, and a blank is never read as 0
  // (docs/product.md#pricing-and-rate-overrides).
  price: z
    .union([money, z.literal(""), z.null()])
    .optional()
    .transform((value) => (value === "" || value === undefined ? null : value)),
  minLOS: numberWithFallback(NUMBER_FALLBACKS.minLOS, minLOS),
  stopSell: z.boolean().default(false),
});
export type RateOverrideCreateInput = z.input<typeof rateOverrideCreateInput>;

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
  .superRefine(checkRange(bulkRateRangeProblem, "from", "to"))
  .refine(
    (input) => input.price !== undefined || input.minLOS !== undefined || input.stopSell !== undefined,
    { message: "set a price, a minimum stay or stop sell" },
  );
export type RateBulkInput = z.input<typeof rateBulkInput>;
export const rateBulkResult = z.object({ saved: z.number() });

/** GET /rate-overrides?from=&to= — optional window [from, to) of the list; without it, every override. */
export const rateOverrideListQuery = z
  .strictObject({ from: isoDate.optional(), to: isoDate.optional() })
  .superRefine(checkRange(windowProblem, "from", "to"));

export const rateOverride = z.object({
  id,
  propertyId: id,
  date: z.string(),
  roomTypeId: id.nullable(),
  roomTypeName: z.string().nullable(),
  price: z.number().nullable(),
  minLOS: z.number(),
  stopSell: z.boolean(),
  createdAt: z.string(),
});
export type RateOverride = z.infer<typeof rateOverride>;
