import type { PaymentMethod } from "../../../domain/constants.js";
import type { Payment } from "../../../domain/schemas/payments.js";
import type { payments } from "../../db/schema.js";
import { toIso, toMoney } from "../../http/present.js";

export type PaymentRow = typeof payments.$inferSelect;

export function presentPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    reservationId: row.reservationId,
    amount: toMoney(row.amount),
    // The method check constraint guarantees one of the enum values.
    method: row.method as PaymentMethod,
    note: row.note,
    createdAt: toIso(row.createdAt),
    createdBy: row.createdBy,
    voidedAt: row.voidedAt === null ? null : toIso(row.voidedAt),
    voidedBy: row.voidedBy,
  };
}
