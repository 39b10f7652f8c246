/**
 * The register as CSV (docs/product.md#csv-exports): every invoice and credit note matching the register's
 * filters, newest first, read and written a page at a time as the reservations export is
 * (src/server/modules/exports/service.ts), so a year of documents never sits in memory at once.
 */
import { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import { csvText } from "../../../domain/csv.js";
import { INVOICE_KIND_LABELS, INVOICE_STATUS_LABELS } from "../../../domain/labels.js";
import { minorDigits } from "../../../domain/money.js";
import type { Invoice } from "../../../domain/schemas/invoices.js";
import type { Db } from "../../db/connect.js";
import { keysetPages } from "../../db/pages.js";
import { type InvoiceFilter, presentInvoice, registerPage } from "./service.js";

/** Documents read per query. */
const EXPORT_BATCH = 500;

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
];

/** An amount with a dot and the currency's own decimals ("1770.00"; "1500" in JPY). */
const amount = (value: number, currency: string) => value.toFixed(minorDigits(currency));

function record(invoice: Invoice): string[] {
  return [
    csvText(invoice.number),
    INVOICE_KIND_LABELS[invoice.kind],
    invoice.issueDate,
    csvText(invoice.billTo.name),
    csvText(invoice.billTo.taxId),
    csvText(invoice.reservationCode),
    amount(invoice.net, invoice.currency),
    amount(invoice.tax, invoice.currency),
    amount(invoice.gross, invoice.currency),
    invoice.currency,
    INVOICE_STATUS_LABELS[invoice.status],
  ];
}

/** RFC 4180 with CRLF and a byte-order mark, as every export of the product. */
export async function invoicesCsv(db: Db, propertyId: string, filter: InvoiceFilter): Promise<Readable> {
  // Read before the answer starts, so a failing query is an error answer, not a cut-off file.
  const first = await registerPage(db, propertyId, filter, EXPORT_BATCH);
  async function* chunks() {
    let header = true;
    const pages = keysetPages(first, EXPORT_BATCH, (last) =>
      registerPage(db, propertyId, filter, EXPORT_BATCH, last),
    );
    for await (const rows of pages) {
      const text = stringify(rows.map(presentInvoice).map(record), {
        bom: header,
        header,
        columns: INVOICE_CSV_COLUMNS,
        record_delimiter: "windows",
      });
      if (text) yield Buffer.from(text);
      header = false;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
