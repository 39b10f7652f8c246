/**
 * Every word the invoice PDF (pdf.ts) prints, by key and language, as the emails' are (src/server/mail/words.ts):
 * a typed object per language, so a missing key is a type error, and pdf-words.test.ts finds one left in
 * English. Amounts, dates and rates come in already written in the language's formats
 * (src/server/i18n/formats.ts).
 */
import type { InvoiceKind } from "../../../domain/constants.js";
import { roomNightLabel } from "../../../domain/folio.js";
import { INVOICE_KIND_LABELS } from "../../../domain/labels.js";
import type { Language } from "../../../domain/languages.js";
import { guestLanguage } from "../../i18n/formats.js";

export type PdfWords = {
  /** The title: "Invoice", "Credit note". */
  kind: Readonly<Record<InvoiceKind, string>>;
  issueDate: string;
  reservation: string;
  billTo: string;
  /** Under a party's address. */
  taxId(id: string): string;

  /** The lines' columns. */
  date: string;
  description: string;
  quantity: string;
  unitPrice: string;
  net: string;
  tax: string;
  gross: string;

  /** The tax summary's columns and its line for untaxed amounts. */
  rate: string;
  noTax: string;

  /** The totals beside the tax summary. */
  totalNet: string;
  totalTax: string;
  total: string;
  paid: string;
  balanceDue: string;

  /** A stay's night (`roomNightLabel`, src/domain/folio.ts): its room type's name, "" for any room. */
  roomNight(type: string): string;

  /** Each page's footer: "Invoice INV-2030-000123 · Page 1 of 2". */
  footer(title: string, number: string, page: number, count: number): string;
};

const en: PdfWords = {
  kind: INVOICE_KIND_LABELS,
  issueDate: "Issue date",
  reservation: "Reservation",
  billTo: "Bill to",
  taxId: (id) => `Tax ID ${id}`,
  date: "Date",
  description: "Description",
  quantity: "Qty",
  unitPrice: "Unit price",
  net: "Net",
  tax: "Tax",
  gross: "Gross",
  rate: "Rate",
  noTax: "No tax",
  totalNet: "Net",
  totalTax: "Tax",
  total: "Total",
  paid: "Paid",
  balanceDue: "Balance due",
  roomNight: roomNightLabel,
  footer: (title, number, page, count) => `${title} ${number} · Page ${page} of ${count}`,
};

/** Spanish, as an invoice in Spain words it ("base imponible", "concepto", "tipo"). */
const es: PdfWords = {
  // The staff screens' words for the two kinds (src/web/locales/app/es/messages.po).
  kind: { invoice: "Factura", credit_note: "Nota de crédito" },
  issueDate: "Fecha de emisión",
  reservation: "Reserva",
  billTo: "Facturar a",
  taxId: (id) => `NIF ${id}`,
  date: "Fecha",
  description: "Concepto",
  quantity: "Cant.",
  unitPrice: "Precio unitario",
  net: "Base",
  tax: "Impuesto",
  gross: "Importe",
  rate: "Tipo",
  noTax: "Sin impuesto",
  totalNet: "Base imponible",
  totalTax: "Impuestos",
  total: "Total",
  paid: "Pagado",
  balanceDue: "Pendiente de pago",
  roomNight: (type) => (type ? `${type}, una noche` : "Habitación, una noche"),
  footer: (title, number, page, count) => `${title} ${number} · Página ${page} de ${count}`,
};

/** Hindi, as an Indian hotel's bill words it ("राशि", "कर", "देय"), with the staff screens' "इनवॉइस". */
const hi: PdfWords = {
  kind: { invoice: "इनवॉइस", credit_note: "क्रेडिट नोट" },
  issueDate: "जारी करने की तिथि",
  reservation: "रिज़र्वेशन",
  billTo: "बिल प्राप्तकर्ता",
  taxId: (id) => `कर पहचान संख्या ${id}`,
  date: "तिथि",
  description: "विवरण",
  quantity: "मात्रा",
  unitPrice: "इकाई मूल्य",
  net: "शुद्ध राशि",
  tax: "कर",
  gross: "सकल राशि",
  rate: "दर",
  noTax: "कोई कर नहीं",
  totalNet: "शुद्ध राशि",
  totalTax: "कर",
  total: "कुल राशि",
  paid: "भुगतान किया गया",
  balanceDue: "शेष देय राशि",
  roomNight: (type) => (type ? `${type}, एक रात` : "कमरा, एक रात"),
  footer: (title, number, page, count) => `${title} ${number} · पृष्ठ ${page} / ${count}`,
};

/** Every language's words; a language added to `LANGUAGES` without its words here is a type error. */
export const PDF_WORDS: Readonly<Record<Language, PdfWords>> = { en, es, hi };

/** The words of a guest's language (a BCP 47 tag); English for any other. */
export function pdfWords(language?: string | null): PdfWords {
  return PDF_WORDS[guestLanguage(language)];
}
