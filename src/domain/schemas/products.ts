/** Products: the extras the front desk sells (breakfast, parking, minibar) at a price and tax rate. */
import { z } from "zod";
import { amount, id, partialEdit, text } from "./fields.js";

const name = text.min(1, { message: "is required" });
const price = amount.refine((value) => value >= 0, { message: "must not be negative" });

export const productCreateInput = z.strictObject({
  name,
  price,
  taxRateId: id.nullable().default(null),
  active: z.boolean().default(true),
});
export type ProductCreateInput = z.input<typeof productCreateInput>;

export const productUpdateInput = partialEdit({
  name: name.optional(),
  price: price.optional(),
  taxRateId: id.nullable().optional(),
  active: z.boolean().optional(),
});
export type ProductUpdateInput = z.infer<typeof productUpdateInput>;

export const product = z.object({
  id,
  name: z.string(),
  price: z.number(),
  taxRateId: id.nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof product>;
