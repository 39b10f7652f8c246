/**
 * Every word the hotel's emails say, by key, in one place (as the booking page's, src/web/book/words.ts):
 * translating the emails is translating this module, and a message in the guest's language is a lookup by
 * language (`mailWords`). Sentences that carry a value are functions of it; amounts and dates come in
 * already written, in the language's formats (src/server/i18n/formats.ts), since a translation writes them too.
 * Each language is a typed object rather than a Lingui catalog: the server is built by tsc, without Lingui's
 * macros (docs/decisions/047-languages.md), so a missing key is a type error and words.test.ts finds a value
 * left in English.
 */
import type { Language } from "../../domain/languages.js";
import { formatGuests } from "../../domain/stays.js";
import { guestLanguage } from "../i18n/formats.js";

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

/** Spanish, to a guest as "usted", in the words hotels in Spain use ("estancia", "reserva", "huésped"). */
const es: MailWords = {
  greeting: (name) => `Estimado/a ${name}:`,
  greetingNoName: "Estimado/a huésped:",
  guests: (adults, children) => {
    const parts = [`${adults} ${adults === 1 ? "adulto" : "adultos"}`];
    if (children > 0) parts.push(`${children} ${children === 1 ? "niño" : "niños"}`);
    return parts.join(", ");
  },

  invoiceSubject: (number, hotel) => `Su factura ${number} de ${hotel}`,
  invoiceBody: (number, issued, stay, amount) =>
    `Le adjuntamos la factura ${number}, con fecha ${issued}, de su estancia (reserva ${stay}), por un importe de ${amount}.`,
  creditNoteSubject: (number, hotel) => `Su nota de crédito ${number} de ${hotel}`,
  creditNoteBody: (number, issued, stay, amount) =>
    `Le adjuntamos la nota de crédito ${number}, con fecha ${issued}, de su estancia (reserva ${stay}), por un importe de ${amount}.`,
  thanksForStaying: "Gracias por alojarse con nosotros.",

  confirmationSubject: (code, hotel) => `Su reserva ${code} en ${hotel}`,
  thanksForBooking: (hotel) => `Gracias por reservar en ${hotel}.`,
  stay: (code, room, plan, checkIn, checkOut, guests) =>
    `Reserva ${code}: ${room ? `${room}, ` : ""}${plan}, del ${checkIn} al ${checkOut}, ${guests}.`,
  total: (amount) => `Importe total: ${amount}.`,
  nonRefundable: "Esta reserva no es reembolsable.",
  freeCancellationUntil: (date) => `Cancelación gratuita hasta el ${date}.`,
  depositDue: (amount) => `Depósito a pagar: ${amount}.`,
  manageLink: (link) => `Consulte o cancele su reserva aquí: ${link}`,

  cancellationSubject: (code, hotel) => `Su reserva ${code} en ${hotel} ha sido cancelada`,
  cancelled: (code, checkIn, checkOut) =>
    `Su reserva ${code}, del ${checkIn} al ${checkOut}, ha sido cancelada.`,
  welcomeAnotherTime: "Esperamos tener el placer de recibirle en otra ocasión.",
};

/**
 * Hindi, to a guest as "आप", in the words hotels in India use and the staff screens' catalog has
 * (src/web/locales/app/hi/messages.po): "बुकिंग", "रिज़र्वेशन", "इनवॉइस", "क्रेडिट नोट".
 */
const hi: MailWords = {
  greeting: (name) => `प्रिय ${name},`,
  greetingNoName: "नमस्ते,",
  guests: (adults, children) => {
    const parts = [`${adults} वयस्क`];
    if (children > 0) parts.push(`${children} ${children === 1 ? "बच्चा" : "बच्चे"}`);
    return parts.join(", ");
  },

  invoiceSubject: (number, hotel) => `${hotel} की ओर से आपका इनवॉइस ${number}`,
  invoiceBody: (number, issued, stay, amount) =>
    `आपके प्रवास (रिज़र्वेशन ${stay}) का इनवॉइस ${number}, दिनांक ${issued}, राशि ${amount}, इस ईमेल के साथ संलग्न है।`,
  creditNoteSubject: (number, hotel) => `${hotel} की ओर से आपका क्रेडिट नोट ${number}`,
  creditNoteBody: (number, issued, stay, amount) =>
    `आपके प्रवास (रिज़र्वेशन ${stay}) का क्रेडिट नोट ${number}, दिनांक ${issued}, राशि ${amount}, इस ईमेल के साथ संलग्न है।`,
  thanksForStaying: "हमारे यहाँ ठहरने के लिए धन्यवाद।",

  confirmationSubject: (code, hotel) => `${hotel} में आपकी बुकिंग ${code}`,
  thanksForBooking: (hotel) => `${hotel} में बुकिंग करने के लिए धन्यवाद।`,
  stay: (code, room, plan, checkIn, checkOut, guests) =>
    `बुकिंग ${code}: ${room ? `${room}, ` : ""}${plan}, ${checkIn} से ${checkOut} तक, ${guests}।`,
  total: (amount) => `कुल राशि: ${amount}।`,
  nonRefundable: "यह बुकिंग नॉन-रिफ़ंडेबल है: रद्द करने पर राशि वापस नहीं की जाएगी।",
  freeCancellationUntil: (date) => `${date} तक यह बुकिंग बिना किसी शुल्क के रद्द की जा सकती है।`,
  depositDue: (amount) => `देय अग्रिम राशि: ${amount}।`,
  manageLink: (link) => `अपनी बुकिंग देखने या रद्द करने के लिए: ${link}`,

  cancellationSubject: (code, hotel) => `${hotel} में आपकी बुकिंग ${code} रद्द कर दी गई है`,
  cancelled: (code, checkIn, checkOut) => `${checkIn} से ${checkOut} तक की आपकी बुकिंग ${code} रद्द कर दी गई है।`,
  welcomeAnotherTime: "हमें आशा है कि हम फिर कभी आपका स्वागत करेंगे।",
};

/** Every language's words; a language added to `LANGUAGES` without its words here is a type error. */
export const MAIL_WORDS: Readonly<Record<Language, MailWords>> = { en, es, hi };

/** The words of a guest's language (a BCP 47 tag: "hi", "hi-IN", "es-MX"); English for any other. */
export function mailWords(language?: string | null): MailWords {
  return MAIL_WORDS[guestLanguage(language)];
}
