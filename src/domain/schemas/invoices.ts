/** Invoices and credit notes: frozen snapshots of a stay's folio, numbered without gaps per property and year. */
import { z } from "zod";
import { INVOICE_KINDS, INVOICE_STATUSES, INVOICES_PAGE } from "../constants.js";
import { LANGUAGES } from "../languages.js";
import { id, isoDate, pathId, searchQuery, text } from "./fields.js";
import { folioFigures, folioLine } from "./folio.js";

export const party = z.object({ name: z.string(), address: z.string(), taxId: z.string() });
export type Party = z.infer<typeof party>;

/** `POST …/reservations/:id/invoices`: who the invoice is made out to (the guest when omitted). */
export const invoiceCreateInput = z.strictObject({
  billTo: z
    .strictObject({
      name: text.min(1, { message: "is required" }),
      address: text.default(""),
      taxId: text.default(""),
    })
    .optional(),
});
export type InvoiceCreateInput = z.input<typeof invoiceCreateInput>;

export const invoiceParams = z.strictObject({ pid: pathId, id: pathId });

/** `GET …/invoices/:id/pdf?language=`: the PDF in another language than its guest's (a copy for the hotel). */
export const invoicePdfQuery = z.strictObject({
  language: z.enum(LANGUAGES).optional(),
});

/** `POST …/invoices/:id/email`: where "Email invoice" sends it (the screen offers the guest's address). */
export const invoiceEmailInput = z.strictObject({
  to: z.email({ message: "must be an email address" }).max(254),
});
export type InvoiceEmailInput = z.infer<typeof invoiceEmailInput>;

/** Its answer: the message in the outbox, queued to be sent or kept (no mail server set). */
export const queuedEmail = z.object({ id, status: z.enum(["queued", "kept"]) });
export type QueuedEmail = z.infer<typeof queuedEmail>;

/** A line as printed: the folio line's figures (a credit note's with the opposite sign). */
export const invoiceLine = folioLine.pick({
  kind: true,
  date: true,
  description: true,
  quantity: true,
  unitPrice: true,
  net: true,
  tax: true,
  gross: true,
  taxRateId: true,
  percent: true,
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const invoice = folioFigures.extend({
  id,
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  issueDate: z.string(),
  reservationId: id,
  reservationCode: z.string(),
  /** For a credit note, the invoice it negates; null for an invoice. */
  creditedInvoiceId: id.nullable(),
  /** For a credited invoice, the credit note that negates it. */
  creditNoteId: id.nullable(),
  seller: party,
  billTo: party,
  lines: z.array(invoiceLine),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoice>;

/** `GET …/invoices`: the register, newest first; `from`/`to` bound the issue date (inclusive). */
export const invoiceListQuery = z.strictObject({
  from: isoDate.optional(),
  to: isoDate.optional(),
  q: searchQuery,
  limit: z.coerce.number().int().min(1).max(INVOICES_PAGE.max).default(INVOICES_PAGE.default),
});

/** `GET …/exports/invoices.csv`: the register's filters, every match. */
export const invoiceExportQuery = invoiceListQuery.omit({ limit: true });
