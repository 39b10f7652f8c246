/**
 * Invoice and credit note numbers: `prefix` + year + "-" + six digits, gapless per property, series and
 * year. The counter row is incremented inside the issuing transaction and stays locked until it commits,
 * so a rolled-back issue rolls its number back and two issues never share one (docs/product.md#invoices).
 * Taken as late as the issue can: the lock is held for the document's insert, its activity entry and the
 * commit (the activity entry's own counter, migration 0012, queues a property's writers until commit anyway).
 */
import { sql } from "drizzle-orm";
import type { InvoiceKind } from "../../../domain/constants.js";
import type { Db } from "../../db/connect.js";
import { invoiceCounters } from "../../db/schema.js";

const SEQUENCE_DIGITS = 6;

export function invoiceNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}${year}-${String(sequence).padStart(SEQUENCE_DIGITS, "0")}`;
}

/** The next number of the series in `year`, reserved by the calling transaction. */
export async function takeNumber(
  tx: Db,
  propertyId: string,
  series: InvoiceKind,
  year: number,
): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ propertyId, series, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.propertyId, invoiceCounters.series, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  if (!row) throw new Error("invoice counter returned no row");
  return row.last;
}
