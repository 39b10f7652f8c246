/** Tax rates (GST 12 %, VAT 7 %): what room types and products are taxed at. */
import { z } from "zod";
import { id, partialEdit, percent, text } from "./fields.js";

const name = text.min(1, { message: "is required" });

export const taxRateCreateInput = z.strictObject({ name, percent });
export type TaxRateCreateInput = z.input<typeof taxRateCreateInput>;

export const taxRateUpdateInput = partialEdit({ name: name.optional(), percent: percent.optional() });
export type TaxRateUpdateInput = z.infer<typeof taxRateUpdateInput>;

export const taxRate = z.object({ id, name: z.string(), percent: z.number(), createdAt: z.string() });
export type TaxRate = z.infer<typeof taxRate>;
