/**
 * The messages the hotel sends (docs/product.md#email), each as a subject, a plain-text part and an HTML part
 * made from the same lines. English for now: each message is one function, so a translation
 * replaces its words, not its shape.
 */
import { formatMoney } from "../../domain/money.js";
import type { Invoice } from "../../domain/schemas/invoices.js";

export type Message = { subject: string; text: string; html: string };

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Paragraphs as plain text (a blank line between) and as HTML (escaped). */
function fromParagraphs(subject: string, paragraphs: string[]): Message {
  return {
    subject,
    text: `${paragraphs.join("\n\n")}\n`,
    html: `<!doctype html><html><body>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}</body></html>`,
  };
}

/** "Email invoice": the PDF goes with it (src/server/modules/invoices/attachment.ts). */
export function invoiceMessage(invoice: Invoice): Message {
  const hotel = invoice.seller.name;
  const what = invoice.kind === "credit_note" ? "credit note" : "invoice";
  return fromParagraphs(`Your ${what} ${invoice.number} from ${hotel}`, [
    `Dear ${invoice.billTo.name},`,
    `Please find attached ${what} ${invoice.number} of ${invoice.issueDate} for your stay ${invoice.reservationCode}, for ${formatMoney(invoice.gross, invoice.currency)}.`,
    `Thank you for staying with us.`,
    hotel,
  ]);
}
