/**
 * Payments and refunds against a stay (docs/product.md#payments-and-balance): recorded, never edited, only
 * voided (kept, with who and when); each dated on the property's day it was taken. The stay's balance is the database's to keep (trigger `payments_balance`), whoever
 * writes.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { PaymentKind, PaymentMethod } from "../../../domain/constants.js";
import { AppError } from "../../../domain/errors.js";
import type { Payment } from "../../../domain/schemas/payments.js";
import type { Db } from "../../db/connect.js";
import { pgConstraint } from "../../db/errors.js";
import { payments } from "../../db/schema.js";
import { type Actor, created, withActivity } from "../activity/index.js";
import { propertyToday } from "../properties/index.js";
import { RESERVATION_NOT_FOUND } from "../reservations/index.js";
import { type PaymentRow, presentPayment } from "./presenter.js";

type PaymentInput = { amount: number; kind: PaymentKind; method: PaymentMethod; note: string };

/** Oldest first, as a folio reads. */
export async function listPayments(db: Db, propertyId: string, reservationId: string): Promise<Payment[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.propertyId, propertyId), eq(payments.reservationId, reservationId)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map(presentPayment);
}

/** Records a payment and its entry (logged on the stay), in one transaction. */
export async function recordPayment(
  db: Db,
  propertyId: string,
  reservationId: string,
  actor: Actor,
  input: PaymentInput,
  now: Date,
): Promise<PaymentRow> {
  return withActivity(
    db,
    propertyId,
    actor,
    async (tx) =>
      insertPayment(tx, propertyId, reservationId, actor.id, input, await propertyToday(tx, propertyId, now)),
    (row) => ({
      action: row.kind === "refund" ? "payment.refunded" : "payment.recorded",
      entityType: "reservation",
      entityId: reservationId,
      changes: created(presentPayment(row), ["id", "amount", "kind", "method", "note"]),
    }),
  );
}

async function insertPayment(
  db: Db,
  propertyId: string,
  reservationId: string,
  userId: string | null,
  input: PaymentInput,
  date: string,
): Promise<PaymentRow> {
  try {
    const [row] = await db
      .insert(payments)
      .values({
        propertyId,
        reservationId,
        amount: input.amount.toFixed(2),
        kind: input.kind,
        date,
        method: input.method,
        note: input.note,
        createdBy: userId,
      })
      .returning();
    if (!row) throw new Error("payment insert returned no row");
    return row;
  } catch (error) {
    if (pgConstraint(error) === "payments_reservation_fk")
      throw new AppError("not_found", RESERVATION_NOT_FOUND);
    throw error;
  }
}

/** Voids a payment and writes its entry (logged on the stay), in one transaction. */
export async function voidPayment(
  db: Db,
  propertyId: string,
  reservationId: string,
  paymentId: string,
  actor: Actor,
): Promise<PaymentRow> {
  return withActivity(
    db,
    propertyId,
    actor,
    (tx) => markVoid(tx, propertyId, reservationId, paymentId, actor.id),
    (row) => ({
      action: "payment.voided",
      entityType: "reservation",
      entityId: reservationId,
      changes: {
        voidedAt: { before: null, after: row.voidedAt },
        amount: { before: presentPayment(row).amount, after: presentPayment(row).amount },
      },
    }),
  );
}

async function markVoid(
  db: Db,
  propertyId: string,
  reservationId: string,
  paymentId: string,
  userId: string | null,
): Promise<PaymentRow> {
  const where = and(
    eq(payments.propertyId, propertyId),
    eq(payments.reservationId, reservationId),
    eq(payments.id, paymentId),
  );
  const [row] = await db
    .update(payments)
    .set({ voidedAt: sql`now()`, voidedBy: userId })
    .where(and(where, isNull(payments.voidedAt)))
    .returning();
  if (row) return row;
  const [existing] = await db.select({ id: payments.id }).from(payments).where(where);
  if (!existing) throw new AppError("not_found", "Payment not found");
  throw new AppError("invalid_transition", "The payment is already void");
}
