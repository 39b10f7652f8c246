/**
 * Posting to a stay's folio and voiding what was posted (docs/product.md#folio-taxes-and-invoices). A line
 * keeps what it was posted with; the stay's folio total and balance follow in the database (migration 0022).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { todayIn } from "../../../domain/dates.js";
import { AppError, fieldError } from "../../../domain/errors.js";
import { postedAmounts } from "../../../domain/folio.js";
import { minorDigits } from "../../../domain/money.js";
import type { chargeCreateInput, FolioLine } from "../../../domain/schemas/folio.js";
import { fitsMinorUnit } from "../../../domain/tax.js";
import type { Db } from "../../db/connect.js";
import {
  folioCharges,
  invoicedLines,
  invoices,
  products,
  properties,
  reservations,
  taxRates,
} from "../../db/schema.js";
import { type Actor, withActivity } from "../activity/index.js";
import { RESERVATION_NOT_FOUND } from "../reservations/index.js";
import { type ChargeRow, presentPosted } from "./load.js";

export type ChargeInput = z.output<typeof chargeCreateInput>;

export const CHARGE_NOT_FOUND = "Folio line not found";

/** A posted line as the folio shows it (not yet on an invoice: it was just posted or voided). */
export function presentCharge(row: ChargeRow): FolioLine {
  const { taxName: _name, ...line } = presentPosted(row);
  return { ...line, invoiceId: null };
}

/** Refuses an amount with more decimals than the property's currency has, naming the field. */
export function requireMinorUnit(field: string, value: number, currency: string): void {
  if (fitsMinorUnit(value, currency)) return;
  const digits = minorDigits(currency);
  throw fieldError(
    field,
    digits === 0
      ? `must be a whole amount in ${currency}`
      : `must have at most ${digits} decimal${digits === 1 ? "" : "s"} in ${currency}`,
  );
}

/** The stay locked for the posting, with what the posting needs of its property. */
async function lockStay(tx: Db, propertyId: string, reservationId: string) {
  const [row] = await tx
    .select({
      code: reservations.code,
      status: reservations.status,
      currency: properties.currency,
      timeZone: properties.timeZone,
      pricesIncludeTax: properties.pricesIncludeTax,
    })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .where(and(eq(reservations.propertyId, propertyId), eq(reservations.id, reservationId)))
    .for("no key update", { of: reservations });
  if (!row) throw new AppError("not_found", RESERVATION_NOT_FOUND);
  return row;
}

/** The product and tax rate a line names, each refused by field when it is not this property's. */
async function resolveLine(tx: Db, propertyId: string, input: ChargeInput) {
  let product: typeof products.$inferSelect | undefined;
  if (input.productId) {
    [product] = await tx
      .select()
      .from(products)
      .where(and(eq(products.propertyId, propertyId), eq(products.id, input.productId)));
    if (!product) throw fieldError("productId", "is not a product of this property");
  }
  const taxRateId = input.taxRateId !== undefined ? input.taxRateId : (product?.taxRateId ?? null);
  let rate: typeof taxRates.$inferSelect | undefined;
  if (taxRateId) {
    [rate] = await tx
      .select()
      .from(taxRates)
      .where(and(eq(taxRates.propertyId, propertyId), eq(taxRates.id, taxRateId)));
    if (!rate) throw fieldError("taxRateId", "is not a tax rate of this property");
  }
  const description = input.description || product?.name || "";
  if (!description) throw fieldError("description", "is required for a charge without a product");
  const unitPrice = input.unitPrice ?? (product ? Number(product.price) : undefined);
  if (unitPrice === undefined) throw fieldError("unitPrice", "is required for a charge without a product");
  return { product, rate, description, unitPrice };
}

async function insertCharge(
  tx: Db,
  propertyId: string,
  reservationId: string,
  userId: string | null,
  input: ChargeInput,
  now: Date,
): Promise<{ row: ChargeRow; code: string }> {
  const stay = await lockStay(tx, propertyId, reservationId);
  if (stay.status === "cancelled") {
    throw new AppError("invalid_transition", `Stay ${stay.code} is cancelled: it takes no charges`);
  }
  const { product, rate, description, unitPrice } = await resolveLine(tx, propertyId, input);
  requireMinorUnit("unitPrice", unitPrice, stay.currency);
  const percent = rate ? Number(rate.percent) : 0;
  const amounts = postedAmounts(
    { quantity: input.quantity, unitPrice, percent },
    stay.pricesIncludeTax ? "inclusive" : "exclusive",
    stay.currency,
  );
  const [row] = await tx
    .insert(folioCharges)
    .values({
      propertyId,
      reservationId,
      kind: unitPrice < 0 ? "adjustment" : "extra",
      date: input.date ?? todayIn(stay.timeZone, now),
      productId: product?.id ?? null,
      description,
      quantity: input.quantity,
      unitPrice: String(unitPrice),
      taxRateId: rate?.id ?? null,
      taxName: rate?.name ?? "",
      percent: String(percent),
      net: String(amounts.net),
      tax: String(amounts.tax),
      gross: String(amounts.gross),
      createdBy: userId,
    })
    .returning();
  if (!row) throw new Error("charge insert returned no row");
  return { row, code: stay.code };
}

/** Posts a line and writes its entry (logged on the stay), in one transaction. */
export async function postCharge(
  db: Db,
  propertyId: string,
  reservationId: string,
  actor: Actor,
  input: ChargeInput,
  now: Date,
): Promise<ChargeRow> {
  const { row } = await withActivity(
    db,
    propertyId,
    actor,
    (tx) => insertCharge(tx, propertyId, reservationId, actor.id, input, now),
    ({ row }) => ({
      action: "charge.posted",
      entityType: "reservation",
      entityId: reservationId,
      changes: {
        description: { before: null, after: row.description },
        quantity: { before: null, after: row.quantity },
        gross: { before: null, after: Number(row.gross) },
      },
    }),
  );
  return row;
}

async function markVoid(
  tx: Db,
  propertyId: string,
  reservationId: string,
  chargeId: string,
  userId: string | null,
): Promise<ChargeRow> {
  const where = and(
    eq(folioCharges.propertyId, propertyId),
    eq(folioCharges.reservationId, reservationId),
    eq(folioCharges.id, chargeId),
  );
  const [existing] = await tx.select().from(folioCharges).where(where).for("update");
  if (!existing) throw new AppError("not_found", CHARGE_NOT_FOUND);
  if (existing.voidedAt !== null) {
    throw new AppError("invalid_transition", `The line "${existing.description}" is already void`);
  }
  const [onInvoice] = await tx
    .select({ number: invoices.number })
    .from(invoicedLines)
    .innerJoin(
      invoices,
      and(eq(invoices.propertyId, invoicedLines.propertyId), eq(invoices.id, invoicedLines.invoiceId)),
    )
    .where(
      and(
        eq(invoicedLines.propertyId, propertyId),
        eq(invoicedLines.reservationId, reservationId),
        eq(invoicedLines.lineKey, `charge:${chargeId}`),
      ),
    );
  if (onInvoice) {
    throw new AppError(
      "invalid_transition",
      `The line "${existing.description}" is on invoice ${onInvoice.number}: credit that invoice first`,
    );
  }
  const [row] = await tx
    .update(folioCharges)
    .set({ voidedAt: sql`now()`, voidedBy: userId })
    .where(and(where, isNull(folioCharges.voidedAt)))
    .returning();
  if (!row) throw new AppError("invalid_transition", `The line "${existing.description}" is already void`);
  return row;
}

/** Voids a posted line (kept, with who and when) and writes its entry, in one transaction. */
export async function voidCharge(
  db: Db,
  propertyId: string,
  reservationId: string,
  chargeId: string,
  actor: Actor,
): Promise<ChargeRow> {
  return withActivity(
    db,
    propertyId,
    actor,
    (tx) => markVoid(tx, propertyId, reservationId, chargeId, actor.id),
    (row) => ({
      action: "charge.voided",
      entityType: "reservation",
      entityId: reservationId,
      changes: {
        description: { before: row.description, after: row.description },
        gross: { before: Number(row.gross), after: Number(row.gross) },
        voidedAt: { before: null, after: row.voidedAt },
      },
    }),
  );
}
