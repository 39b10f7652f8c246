/**
 * The messages the hotel sends (docs/product.md#email), each as a subject, a plain-text part and an HTML part
 * made from the same lines, in the guest's language (`guests.language`, a BCP 47 tag): its words (words.ts)
 * and its dates and money (src/server/i18n/formats.ts).
 */
import type { Language } from "../../domain/languages.js";
import type { Invoice } from "../../domain/schemas/invoices.js";
import { formatsOf, guestLanguage } from "../i18n/formats.js";
import { MAIL_WORDS } from "./words.js";

export type Message = { subject: string; text: string; html: string };

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The words and formats of a guest's language tag (English for one the emails are not written in). */
function languageOf(tag: string | null | undefined) {
  const language = guestLanguage(tag);
  return { words: MAIL_WORDS[language], format: formatsOf(language) };
}

/**
 * Paragraphs as plain text (a blank line between) and as HTML (escaped). The HTML names a language other than
 * English, so a mail client picks a font for its script (Devanagari); English's HTML stays as it always was.
 */
function fromParagraphs(subject: string, paragraphs: string[], language: Language = "en"): Message {
  const lang = language === "en" ? "" : ` lang="${language}"`;
  return {
    subject,
    text: `${paragraphs.join("\n\n")}\n`,
    html: `<!doctype html><html${lang}><body>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}</body></html>`,
  };
}

/** "Email invoice": the PDF goes with it (src/server/modules/invoices/attachment.ts). */
export function invoiceMessage(invoice: Invoice, language?: string | null): Message {
  const { words, format } = languageOf(language);
  const hotel = invoice.seller.name;
  const amount = format.money(invoice.gross, invoice.currency);
  const [subject, body] =
    invoice.kind === "credit_note"
      ? [words.creditNoteSubject, words.creditNoteBody]
      : [words.invoiceSubject, words.invoiceBody];
  return fromParagraphs(
    subject(invoice.number, hotel),
    [
      words.greeting(invoice.billTo.name),
      body(invoice.number, format.date(invoice.issueDate), invoice.reservationCode, amount),
      words.thanksForStaying,
      hotel,
    ],
    format.language,
  );
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
export function bookingConfirmationMessage(facts: BookingFacts, language?: string | null): Message {
  const { words, format } = languageOf(language);
  const money = (amount: number) => format.money(amount, facts.currency);
  return fromParagraphs(
    words.confirmationSubject(facts.code, facts.hotel),
    [
      facts.guestName ? words.greeting(facts.guestName) : words.greetingNoName,
      words.thanksForBooking(facts.hotel),
      words.stay(
        facts.code,
        facts.roomTypeName,
        facts.ratePlanName,
        format.date(facts.checkInDate),
        format.date(facts.checkOutDate),
        words.guests(facts.adults, facts.children),
      ),
      words.total(money(facts.total)),
      facts.freeCancellationUntil === null
        ? words.nonRefundable
        : words.freeCancellationUntil(format.date(facts.freeCancellationUntil)),
      ...(facts.depositDue > 0 ? [words.depositDue(money(facts.depositDue))] : []),
      ...(facts.manageLink ? [words.manageLink(facts.manageLink)] : []),
      facts.hotel,
    ],
    format.language,
  );
}

/** A cancellation: which stay no longer stands. */
export function cancellationMessage(
  facts: Pick<BookingFacts, "hotel" | "code" | "guestName" | "checkInDate" | "checkOutDate">,
  language?: string | null,
): Message {
  const { words, format } = languageOf(language);
  return fromParagraphs(
    words.cancellationSubject(facts.code, facts.hotel),
    [
      facts.guestName ? words.greeting(facts.guestName) : words.greetingNoName,
      words.cancelled(facts.code, format.date(facts.checkInDate), format.date(facts.checkOutDate)),
      words.welcomeAnotherTime,
      facts.hotel,
    ],
    format.language,
  );
}
