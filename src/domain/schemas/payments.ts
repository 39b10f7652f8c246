/** Payments on a stay: record one, void one, and the record. */
import { z } from "zod";
import { PAYMENT_KINDS, PAYMENT_METHODS } from "../constants.js";
import { id, money, pathId, text } from "./fields.js";

export const paymentCreateInput = z.strictObject({
  amount: money.refine((value) => value > 0, { message: "must be more than 0" }),
  method: z.enum(PAYMENT_METHODS),
  note: text.default(""),
  /** A refund's amount is entered positive and counts against what was paid. */
  kind: z.enum(PAYMENT_KINDS).default("payment"),
});
export type PaymentCreateInput = z.input<typeof paymentCreateInput>;

export const paymentParams = z.strictObject({ pid: pathId, id: pathId, paymentId: pathId });

export const payment = z.object({
  id,
  reservationId: id,
  amount: z.number(),
  kind: z.enum(PAYMENT_KINDS),
  method: z.enum(PAYMENT_METHODS),
  note: z.string(),
  /** The property's date when it was recorded (what a day close freezes). */
  date: z.string(),
  createdAt: z.string(),
  createdBy: id.nullable(),
  voidedAt: z.string().nullable(),
  voidedBy: id.nullable(),
});
export type Payment = z.infer<typeof payment>;
