/** A stay's folio (its lines, tax summary and totals) and the charges the desk posts to it. */
import { z } from "zod";
import { FOLIO_LINE_KINDS, LIMITS } from "../constants.js";
import { amount, id, isoDate, pathId, text } from "./fields.js";

/**
 * `POST …/reservations/:id/charges`. With a product, its name, price and tax rate are the defaults; without
 * one, `description` and `unitPrice` are required. A negative price is an adjustment (a correction).
 */
export const chargeCreateInput = z.strictObject({
  productId: id.optional(),
  description: text.optional(),
  quantity: z
    .number()
    .int({ message: "must be a whole number" })
    .min(1, { message: "must be at least 1" })
    .max(LIMITS.maxQuantity, { message: `must be at most ${LIMITS.maxQuantity}` }),
  unitPrice: amount.optional(),
  /** The tax rate of a line without a product (a product's own rate otherwise); null: untaxed. */
  taxRateId: id.nullable().optional(),
  /** The day the charge is for; the property's today when omitted. */
  date: isoDate.optional(),
});
export type ChargeCreateInput = z.input<typeof chargeCreateInput>;

export const chargeParams = z.strictObject({ pid: pathId, id: pathId, chargeId: pathId });

export const folioLine = z.object({
  /** Null for the lines that follow from the stay (its nights, its city tax): they are not voidable. */
  id: id.nullable(),
  kind: z.enum(FOLIO_LINE_KINDS),
  date: z.string(),
  description: z.string(),
  productId: id.nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
  taxRateId: id.nullable(),
  /** The rate's percentage as the line was posted (0 when untaxed). */
  percent: z.number(),
  voidedAt: z.string().nullable(),
  /** The invoice the line is on while that invoice stands (not credited); null when not invoiced. */
  invoiceId: id.nullable(),
});
export type FolioLine = z.infer<typeof folioLine>;

/** One row per tax rate and percentage: untaxed lines are under `taxRateId` null and name "". */
export const taxSummaryRow = z.object({
  taxRateId: id.nullable(),
  name: z.string(),
  percent: z.number(),
  net: z.number(),
  tax: z.number(),
});
export type TaxSummaryRow = z.infer<typeof taxSummaryRow>;

/** A folio's and an invoice's figures: the tax summary, totals, what was paid (net of refunds), what is due. */
export const folioFigures = z.object({
  taxes: z.array(taxSummaryRow),
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
  payments: z.number(),
  balance: z.number(),
  currency: z.string(),
});

/** `GET …/reservations/:id/folio`: totals are sums of the lines that are not void. */
export const folio = folioFigures.extend({ lines: z.array(folioLine) });
export type Folio = z.infer<typeof folio>;
