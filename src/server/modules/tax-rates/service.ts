/**
 * Tax rates (docs/product.md#folio-taxes-and-invoices): what room types and products are taxed at. A new
 * percentage re-works the folio totals of the stays whose nights it taxes; posted lines keep theirs.
 */
import { and, asc, eq } from "drizzle-orm";
import { AppError } from "../../../domain/errors.js";
import type { TaxRate, TaxRateCreateInput, TaxRateUpdateInput } from "../../../domain/schemas/tax-rates.js";
import type { Db } from "../../db/connect.js";
import { pgConstraint } from "../../db/errors.js";
import { roomTypes, taxRates } from "../../db/schema.js";
import { toIso, toMoney } from "../../http/present.js";
import { type Actor, createRecord, deleteRecord, editRecord, type RecordTarget } from "../activity/index.js";
import { refreshFolioTotals } from "../folio/index.js";

type TaxRateRow = typeof taxRates.$inferSelect;

export const TAX_RATE_NOT_FOUND = "Tax rate not found";

export function presentTaxRate(row: TaxRateRow): TaxRate {
  return { id: row.id, name: row.name, percent: toMoney(row.percent), createdAt: toIso(row.createdAt) };
}

const logged = { type: "tax_rate", present: presentTaxRate, fields: ["name", "percent"] as const };

export async function listTaxRates(db: Db, propertyId: string): Promise<TaxRate[]> {
  const rows = await db
    .select()
    .from(taxRates)
    .where(eq(taxRates.propertyId, propertyId))
    .orderBy(asc(taxRates.createdAt), asc(taxRates.id));
  return rows.map(presentTaxRate);
}

export async function createTaxRate(
  db: Db,
  propertyId: string,
  actor: Actor,
  input: TaxRateCreateInput,
): Promise<TaxRate> {
  const row = await createRecord(db, propertyId, actor, "tax_rate.created", logged, async (tx) => {
    const [row] = await tx
      .insert(taxRates)
      .values({ propertyId, name: input.name, percent: String(input.percent) })
      .returning();
    if (!row) throw new Error("tax rate insert returned no row");
    return row;
  });
  return presentTaxRate(row);
}

export async function updateTaxRate(
  db: Db,
  target: RecordTarget,
  input: TaxRateUpdateInput,
): Promise<TaxRate> {
  const row = await editRecord(db, target, "tax_rate.updated", logged, async (tx) => {
    const where = and(eq(taxRates.propertyId, target.propertyId), eq(taxRates.id, target.id));
    const [before] = await tx.select().from(taxRates).where(where).for("update");
    if (!before) throw new AppError("not_found", TAX_RATE_NOT_FOUND);
    const [after] = await tx
      .update(taxRates)
      .set({ name: input.name, percent: input.percent === undefined ? undefined : String(input.percent) })
      .where(where)
      .returning();
    if (!after) throw new AppError("not_found", TAX_RATE_NOT_FOUND);
    if (Number(after.percent) !== Number(before.percent)) {
      const types = await tx
        .select({ id: roomTypes.id })
        .from(roomTypes)
        .where(and(eq(roomTypes.propertyId, target.propertyId), eq(roomTypes.taxRateId, target.id)));
      await refreshFolioTotals(
        tx,
        target.propertyId,
        types.map((type) => type.id),
      );
    }
    return { before, after };
  });
  return presentTaxRate(row);
}

/** What each "in use" refusal says needs the rate. */
const IN_USE: Record<string, string> = {
  room_types_tax_rate_fk: "a room type is taxed at it",
  products_tax_rate_fk: "a product is taxed at it",
};

export async function deleteTaxRate(db: Db, target: RecordTarget): Promise<TaxRate> {
  const row = await deleteRecord(db, target, "tax_rate.deleted", logged, async (tx) => {
    const where = and(eq(taxRates.propertyId, target.propertyId), eq(taxRates.id, target.id));
    const [rate] = await tx.select().from(taxRates).where(where).for("update");
    if (!rate) throw new AppError("not_found", TAX_RATE_NOT_FOUND);
    try {
      await tx.delete(taxRates).where(where);
    } catch (error) {
      const reason = IN_USE[pgConstraint(error) ?? ""];
      if (reason) throw new AppError("in_use", `Tax rate "${rate.name}" is in use: ${reason}`);
      throw error;
    }
    return rate;
  });
  return presentTaxRate(row);
}
