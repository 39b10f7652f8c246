/**
 * Every word the hotel's emails say, by key, in one place (as the booking page's, src/web/book/words.ts):
 * translating the emails is translating this module, and a message in the guest's language is a lookup by
 * language (`mailWords`). Sentences that carry a value are functions of it; amounts and dates come in
 * already written, since a translation writes them too.
 */
import { formatGuests } from "../../domain/stays.js";

/** The words of one language. */
export type MailWords = {
  greeting(name: string): string;
  greetingNoName: string;
  /** "2 adults, 1 child". */
  guests(adults: number, children: number): string;

  invoiceSubject(number: string, hotel: string): string;
  invoiceBody(number: string, issued: string, stay: string, amount: string): string;
  creditNoteSubject(number: string, hotel: string): string;
  creditNoteBody(number: string, issued: string, stay: string, amount: string): string;
  thanksForStaying: string;

  confirmationSubject(code: string, hotel: string): string;
  thanksForBooking(hotel: string): string;
  stay(
    code: string,
    room: string | null,
    plan: string,
    checkIn: string,
    checkOut: string,
    guests: string,
  ): string;
  total(amount: string): string;
  nonRefundable: string;
  freeCancellationUntil(date: string): string;
  depositDue(amount: string): string;
  manageLink(link: string): string;

  cancellationSubject(code: string, hotel: string): string;
  cancelled(code: string, checkIn: string, checkOut: string): string;
  welcomeAnotherTime: string;
};

const en: MailWords = {
  greeting: (name) => `Dear ${name},`,
  greetingNoName: "Hello,",
  guests: formatGuests,

  invoiceSubject: (number, hotel) => `Your invoice ${number} from ${hotel}`,
  invoiceBody: (number, issued, stay, amount) =>
    `Please find attached invoice ${number} of ${issued} for your stay ${stay}, for ${amount}.`,
  creditNoteSubject: (number, hotel) => `Your credit note ${number} from ${hotel}`,
  creditNoteBody: (number, issued, stay, amount) =>
    `Please find attached credit note ${number} of ${issued} for your stay ${stay}, for ${amount}.`,
  thanksForStaying: "Thank you for staying with us.",

  confirmationSubject: (code, hotel) => `Your booking ${code} at ${hotel}`,
  thanksForBooking: (hotel) => `Thank you for booking with ${hotel}.`,
  stay: (code, room, plan, checkIn, checkOut, guests) =>
    `Booking ${code}: ${room ? `${room}, ` : ""}${plan}, from ${checkIn} to ${checkOut}, ${guests}.`,
  total: (amount) => `Total: ${amount}.`,
  nonRefundable: "This booking is non-refundable.",
  freeCancellationUntil: (date) => `Free cancellation until ${date}.`,
  depositDue: (amount) => `Deposit due: ${amount}.`,
  manageLink: (link) => `See or cancel your booking: ${link}`,

  cancellationSubject: (code, hotel) => `Booking ${code} at ${hotel} is cancelled`,
  cancelled: (code, checkIn, checkOut) => `Your booking ${code} from ${checkIn} to ${checkOut} is cancelled.`,
  welcomeAnotherTime: "We hope to welcome you another time.",
};

/** The languages emails are written in. */
const WORDS = { en } as const;
export type MailLanguage = keyof typeof WORDS;

/** The words of `language`, or English for a language the emails are not (yet) written in. */
export function mailWords(language: string = "en"): MailWords {
  return WORDS[language as MailLanguage] ?? WORDS.en;
}
