/**
 * How tax rates and folio lines read on screen and on paper (docs/product.md#folio-taxes-and-invoices): a
 * tax rate with its percentage, the tax summary's rows, which lines may be voided and what the next invoice
 * would bill.
 */
import type { FolioLine, TaxSummaryRow } from "../../../domain/schemas/folio.js";
import type { TaxRate } from "../../../domain/schemas/tax-rates.js";
import { fromMinorUnits, toMinorUnits } from "../../../domain/tax.js";

const percentFormat = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 3 });

/** A rate's percentage as people write it: "18%", "12.5%". */
export function percentLabel(percent: number): string {
  return `${percentFormat.format(percent)}%`;
}

/** A tax rate as the desk picks and reads it: its name and percentage, "GST 18%". */
export function rateLabel(rate: Pick<TaxRate, "name" | "percent">): string {
  return `${rate.name} ${percentLabel(rate.percent)}`;
}

/** A row of the tax summary: the rate's name and percentage, or "No tax" for the untaxed lines. */
export function taxRowLabel(row: Pick<TaxSummaryRow, "taxRateId" | "name" | "percent">): string {
  if (row.taxRateId === null && row.percent === 0) return "No tax";
  const percent = percentLabel(row.percent);
  return row.name.trim() ? `${row.name.trim()} ${percent}` : percent;
}

/** What a folio line's last column says instead of its Void button. */
export function lineStatus(line: Pick<FolioLine, "voidedAt" | "invoiceId">): "Void" | "Invoiced" | null {
  if (line.voidedAt) return "Void";
  if (line.invoiceId) return "Invoiced";
  return null;
}

/** Lines the desk may void: posted charges (the nights and city tax follow from the stay), not on an invoice. */
export function isVoidable<Line extends Pick<FolioLine, "id" | "voidedAt" | "invoiceId">>(
  line: Line,
): line is Line & { id: string } {
  return line.id !== null && line.voidedAt === null && line.invoiceId === null;
}

/** What the next invoice would bill: the gross of the lines neither void nor already invoiced. */
export function uninvoiced(lines: readonly FolioLine[], currency: string): { count: number; gross: number } {
  const open = lines.filter((line) => line.voidedAt === null && line.invoiceId === null);
  const minor = open.reduce((sum, line) => sum + toMinorUnits(line.gross, currency), 0);
  return { count: open.length, gross: fromMinorUnits(minor, currency) };
}
