/**
 * How invoices, credit notes and folio lines read on screen, on paper and in the register's CSV
 * (docs/product.md#folio-taxes-and-invoices): their kinds and statuses in words, a tax rate with its
 * percentage, and the register as a CSV file.
 */
import type { InvoiceKind, InvoiceStatus } from "../../../domain/constants.js";
import { csvText } from "../../../domain/csv.js";
import { minorDigits } from "../../../domain/money.js";
import type { FolioLine, TaxSummaryRow } from "../../../domain/schemas/folio.js";
import type { Invoice } from "../../../domain/schemas/invoices.js";
import { fromMinorUnits, toMinorUnits } from "../../../domain/tax.js";

export const INVOICE_KIND_LABELS: Readonly<Record<InvoiceKind, string>> = {
  invoice: "Invoice",
  credit_note: "Credit note",
};

export const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  issued: "Issued",
  credited: "Credited",
};

const percentFormat = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 3 });

/** A rate's percentage as people write it: "18%", "12.5%". */
export function percentLabel(percent: number): string {
  return `${percentFormat.format(percent)}%`;
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
export function isVoidable(line: Pick<FolioLine, "id" | "voidedAt" | "invoiceId">): boolean {
  return line.id !== null && line.voidedAt === null && line.invoiceId === null;
}

/** What the next invoice would bill: the gross of the lines neither void nor already invoiced. */
export function uninvoiced(lines: readonly FolioLine[], currency: string): { count: number; gross: number } {
  const open = lines.filter((line) => line.voidedAt === null && line.invoiceId === null);
  const minor = open.reduce((sum, line) => sum + toMinorUnits(line.gross, currency), 0);
  return { count: open.length, gross: fromMinorUnits(minor, currency) };
}

export const INVOICE_CSV_COLUMNS = [
  "Number",
  "Type",
  "Issue date",
  "Bill to",
  "Bill-to tax ID",
  "Reservation",
  "Net",
  "Tax",
  "Total",
  "Currency",
  "Status",
] as const;

/** An amount in major units with a dot and the currency's own decimals ("1770.00", "1500" in JPY). */
function csvAmount(amount: number, currency: string): string {
  return amount.toFixed(minorDigits(currency));
}

/** One RFC 4180 field: quoted when it holds a comma, a quote or a line break. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The register as CSV (docs/product.md#csv-exports): a byte-order mark, a header row, CRLF between records,
 * dates `YYYY-MM-DD`, money in major units with a dot; text cells that a spreadsheet would run as a formula
 * start with `'` (csvText). Amounts are numbers and left alone, so a credit note's negative total stays one.
 */
export function invoicesCsv(invoices: readonly Invoice[]): string {
  const rows = invoices.map((invoice) => [
    csvText(invoice.number),
    INVOICE_KIND_LABELS[invoice.kind],
    invoice.issueDate,
    csvText(invoice.billTo.name),
    csvText(invoice.billTo.taxId),
    csvText(invoice.reservationCode),
    csvAmount(invoice.net, invoice.currency),
    csvAmount(invoice.tax, invoice.currency),
    csvAmount(invoice.gross, invoice.currency),
    invoice.currency,
    INVOICE_STATUS_LABELS[invoice.status],
  ]);
  return `\uFEFF${[[...INVOICE_CSV_COLUMNS], ...rows].map((row) => row.map(field).join(",")).join("\r\n")}\r\n`;
}
