/**
 * The messages the hotel sends (docs/product.md#email), each as a subject, a plain-text part and an HTML part
 * made from the same lines, in the words of the language asked for (words.ts; English until the guest's
 * language is kept).
 */
import { formatMoney } from "../../domain/money.js";
import type { Invoice } from "../../domain/schemas/invoices.js";
import { mailWords } from "./words.js";

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
export function invoiceMessage(invoice: Invoice, language?: string): Message {
  const words = mailWords(language);
  const hotel = invoice.seller.name;
  const amount = formatMoney(invoice.gross, invoice.currency);
  const [subject, body] =
    invoice.kind === "credit_note"
      ? [words.creditNoteSubject, words.creditNoteBody]
      : [words.invoiceSubject, words.invoiceBody];
  return fromParagraphs(subject(invoice.number, hotel), [
    words.greeting(invoice.billTo.name),
    body(invoice.number, invoice.issueDate, invoice.reservationCode, amount),
    words.thanksForStaying,
    hotel,
  ]);
}

/** What a booking's messages tell the guest. */
export type BookingFacts = {
  hotel: string;
  code: string;
  guestName: string;
  checkInDate: string;
  checkOutDate: string;
  adults: number;
  children: number;
  roomTypeName: string | null;
  ratePlanName: string;
  total: number;
  currency: string;
  /** The last day of free cancellation; null: non-refundable. */
  freeCancellationUntil: string | null;
  depositDue: number;
  /** The guest's own page for the stay (booking engine stays); null: none. */
  manageLink: string | null;
};

/** A booking confirmation: the stay, its price and terms, and the guest's manage link when there is one. */
export function bookingConfirmationMessage(facts: BookingFacts, language?: string): Message {
  const words = mailWords(language);
  const money = (amount: number) => formatMoney(amount, facts.currency);
  return fromParagraphs(words.confirmationSubject(facts.code, facts.hotel), [
    facts.guestName ? words.greeting(facts.guestName) : words.greetingNoName,
    words.thanksForBooking(facts.hotel),
    words.stay(
      facts.code,
      facts.roomTypeName,
      facts.ratePlanName,
      facts.checkInDate,
      facts.checkOutDate,
      words.guests(facts.adults, facts.children),
    ),
    words.total(money(facts.total)),
    facts.freeCancellationUntil === null
      ? words.nonRefundable
      : words.freeCancellationUntil(facts.freeCancellationUntil),
    ...(facts.depositDue > 0 ? [words.depositDue(money(facts.depositDue))] : []),
    ...(facts.manageLink ? [words.manageLink(facts.manageLink)] : []),
    facts.hotel,
  ]);
}

/** A cancellation: which stay no longer stands. */
export function cancellationMessage(
  facts: Pick<BookingFacts, "hotel" | "code" | "guestName" | "checkInDate" | "checkOutDate">,
  language?: string,
): Message {
  const words = mailWords(language);
  return fromParagraphs(words.cancellationSubject(facts.code, facts.hotel), [
    facts.guestName ? words.greeting(facts.guestName) : words.greetingNoName,
    words.cancelled(facts.code, facts.checkInDate, facts.checkOutDate),
    words.welcomeAnotherTime,
    facts.hotel,
  ]);
}
