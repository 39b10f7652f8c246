import type { PaymentKind, PaymentMethod } from "../../../domain/constants.js";
import type { Payment } from "../../../domain/schemas/payments.js";
import type { payments } from "../../db/schema.js";
import { toIso, toMoney } from "../../http/present.js";

export type PaymentRow = typeof payments.$inferSelect;

export function presentPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    reservationId: row.reservationId,
    amount: toMoney(row.amount),
    // The kind and method check constraints guarantee one of the enum values.
    kind: row.kind as PaymentKind,
    // The method check constraint guarantees one of the enum values.
    method: row.method as PaymentMethod,
    note: row.note,
    date: row.date,
    createdAt: toIso(row.createdAt),
    createdBy: row.createdBy,
    voidedAt: row.voidedAt === null ? null : toIso(row.voidedAt),
    voidedBy: row.voidedBy,
  };
}
