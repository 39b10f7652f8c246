/**
 * The messages the hotel sends (docs/product.md#email), each as a subject, a plain-text part and an HTML part
 * made from the same lines. English for now: each message is one function, so a translation
 * replaces its words, not its shape.
 */
import { formatMoney } from "../../domain/money.js";
import type { Invoice } from "../../domain/schemas/invoices.js";
import { formatGuests } from "../../domain/stays.js";

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

const greeting = (name: string) => (name ? `Dear ${name},` : "Hello,");

function stayLines(facts: BookingFacts): string[] {
  const room = facts.roomTypeName ? `${facts.roomTypeName}, ` : "";
  return [
    `Booking ${facts.code}: ${room}${facts.ratePlanName}, from ${facts.checkInDate} to ${facts.checkOutDate}, ${formatGuests(facts.adults, facts.children)}.`,
    `Total: ${formatMoney(facts.total, facts.currency)}.`,
  ];
}

/** A booking confirmation: the stay, its price and terms, and the guest's manage link when there is one. */
export function bookingConfirmationMessage(facts: BookingFacts): Message {
  const terms =
    facts.freeCancellationUntil === null
      ? "This booking is non-refundable."
      : `Free cancellation until ${facts.freeCancellationUntil}.`;
  const deposit =
    facts.depositDue > 0 ? [`Deposit due: ${formatMoney(facts.depositDue, facts.currency)}.`] : [];
  const manage = facts.manageLink ? [`See or cancel your booking: ${facts.manageLink}`] : [];
  return fromParagraphs(`Your booking ${facts.code} at ${facts.hotel}`, [
    greeting(facts.guestName),
    `Thank you for booking with ${facts.hotel}.`,
    ...stayLines(facts),
    terms,
    ...deposit,
    ...manage,
    facts.hotel,
  ]);
}

/** A cancellation: which stay no longer stands. */
export function cancellationMessage(
  facts: Pick<BookingFacts, "hotel" | "code" | "guestName" | "checkInDate" | "checkOutDate">,
): Message {
  return fromParagraphs(`Booking ${facts.code} at ${facts.hotel} is cancelled`, [
    greeting(facts.guestName),
    `Your booking ${facts.code} from ${facts.checkInDate} to ${facts.checkOutDate} is cancelled.`,
    `We hope to welcome you another time.`,
    facts.hotel,
  ]);
}
