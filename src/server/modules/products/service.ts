/** Products (docs/product.md#folio-taxes-and-invoices): the extras the desk posts; posted lines keep their own copy. */
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { AppError, fieldError } from "../../../domain/errors.js";
import type { Product, ProductUpdateInput, productCreateInput } from "../../../domain/schemas/products.js";
import type { Db } from "../../db/connect.js";
import { pgConstraint } from "../../db/errors.js";
import { products, properties } from "../../db/schema.js";
import { toIso, toMoney } from "../../http/present.js";
import { type Actor, createRecord, deleteRecord, editRecord, type RecordTarget } from "../activity/index.js";
import { requireMinorUnit } from "../folio/index.js";

type ProductRow = typeof products.$inferSelect;
type ProductData = z.output<typeof productCreateInput>;

export const PRODUCT_NOT_FOUND = "Product not found";

export function presentProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    price: toMoney(row.price),
    taxRateId: row.taxRateId,
    active: row.active,
    createdAt: toIso(row.createdAt),
  };
}

const logged = {
  type: "product",
  present: presentProduct,
  fields: ["name", "price", "taxRateId", "active"] as const,
};

export async function listProducts(db: Db, propertyId: string): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.propertyId, propertyId))
    .orderBy(asc(products.createdAt), asc(products.id));
  return rows.map(presentProduct);
}

/** A price the currency can hold, and a tax rate of this property (the foreign key's refusal, by field). */
async function checked<T>(tx: Db, propertyId: string, price: number | undefined, write: () => Promise<T>) {
  if (price !== undefined) {
    const [property] = await tx
      .select({ currency: properties.currency })
      .from(properties)
      .where(eq(properties.id, propertyId));
    if (property) requireMinorUnit("price", price, property.currency);
  }
  try {
    return await write();
  } catch (error) {
    if (pgConstraint(error) === "products_tax_rate_fk") {
      throw fieldError("taxRateId", "is not a tax rate of this property");
    }
    throw error;
  }
}

export async function createProduct(
  db: Db,
  propertyId: string,
  actor: Actor,
  input: ProductData,
): Promise<Product> {
  const row = await createRecord(db, propertyId, actor, "product.created", logged, (tx) =>
    checked(tx, propertyId, input.price, async () => {
      const [row] = await tx
        .insert(products)
        .values({ propertyId, ...input, price: String(input.price) })
        .returning();
      if (!row) throw new Error("product insert returned no row");
      return row;
    }),
  );
  return presentProduct(row);
}

export async function updateProduct(
  db: Db,
  target: RecordTarget,
  input: ProductUpdateInput,
): Promise<Product> {
  const row = await editRecord(db, target, "product.updated", logged, async (tx) => {
    const where = and(eq(products.propertyId, target.propertyId), eq(products.id, target.id));
    const [before] = await tx.select().from(products).where(where).for("update");
    if (!before) throw new AppError("not_found", PRODUCT_NOT_FOUND);
    const after = await checked(tx, target.propertyId, input.price, async () => {
      const [row] = await tx
        .update(products)
        .set({ ...input, price: input.price === undefined ? undefined : String(input.price) })
        .where(where)
        .returning();
      return row;
    });
    if (!after) throw new AppError("not_found", PRODUCT_NOT_FOUND);
    return { before, after };
  });
  return presentProduct(row);
}

/** Deletes a product; the lines posted with it keep their description and amounts. */
export async function deleteProduct(db: Db, target: RecordTarget): Promise<Product> {
  const row = await deleteRecord(db, target, "product.deleted", logged, async (tx) => {
    const [row] = await tx
      .delete(products)
      .where(and(eq(products.propertyId, target.propertyId), eq(products.id, target.id)))
      .returning();
    if (!row) throw new AppError("not_found", PRODUCT_NOT_FOUND);
    return row;
  });
  return presentProduct(row);
}
