/**
 * Every word the booking page shows a guest, in one place per language, so translating the page is
 * translating a words file (decision 043): English here, Spanish in words-es.ts, Hindi in words-hi.ts. Each
 * is typed as `Words`, so a key one lacks fails the type check. Sentences that carry a value are functions
 * of it; amounts and dates come in already formatted, in the words' `locale`.
 */
import { LANGUAGE_LOCALES, type Language } from "../../domain/languages.js";
import type { BookingStatus } from "./api.js";
import { counter } from "./plurals.js";
import { ES } from "./words-es.js";
import { HI } from "./words-hi.js";

const count = counter(LANGUAGE_LOCALES.en);

export const WORDS = {
  /** How amounts and dates are written: with the words, since a translation changes both. */
  locale: LANGUAGE_LOCALES.en,
  language: "Language",

  pageTitle: "Book your stay",
  loading: "Loading…",
  unavailableTitle: "Online booking is not available",
  unavailableText: "This hotel does not take bookings online right now. Please contact the hotel directly.",
  bookingNotFoundTitle: "Booking not found",
  bookingNotFoundText:
    "We could not find this booking, or online booking is not available right now. Please contact the hotel.",
  notFoundTitle: "Page not found",
  notFoundText: "Check the link you were given by the hotel.",
  noConnection: "We could not reach the hotel's booking service. Check your connection and try again.",
  failed: "Something went wrong on our side. Please try again.",
  tryAgain: "Try again",
  /** A failure the page has no words of its own for: the API's message is English (decision 047). */
  fromServer: (message: string) => message,
  /** A field the server refused for a reason the page does not check itself. */
  fieldFromServer: (message: string) => message,

  searchTitle: "Dates and guests",
  checkIn: "Check-in",
  checkOut: "Check-out",
  adults: "Adults",
  children: "Children",
  search: "Search",
  searching: "Searching…",
  checkOutAfterCheckIn: "Check-out must be after check-in.",
  checkInNotPast: "Check-in cannot be in the past.",
  atLeastOneAdult: "At least one adult stays.",
  notNegative: "Enter 0 or more.",
  fixFields: "Please correct the fields marked below.",

  offersTitle: "Choose your room",
  noRooms: "No rooms are available for these dates. Try other dates or fewer guests.",
  book: "Book",
  upToGuests: (capacity: number) => count(capacity, { one: "Up to # guest", other: "Up to # guests" }),
  nightsCount: (nights: number) => count(nights, { one: "# night", other: "# nights" }),
  totalForStay: "Total for your stay",
  perNight: (price: string) => `${price} per night`,
  perNightFrom: (price: string) => `From ${price} per night`,
  eachNight: "Price of each night",
  freeCancellation: (days: number) =>
    days === 0
      ? "Free cancellation until the day of arrival"
      : count(days, {
          one: "Free cancellation until # day before arrival",
          other: "Free cancellation until # days before arrival",
        }),
  nonRefundable: "Non-refundable",
  depositDue: (amount: string) => `Deposit due: ${amount}`,
  noDeposit: "No deposit",
  bookPlan: (plan: string, room: string) => `Book ${room}, ${plan}`,

  detailsTitle: "Your details",
  yourStay: "Your stay",
  name: "Full name",
  email: "Email",
  phone: "Phone",
  country: "Country",
  chooseCountry: "Choose a country",
  required: "Required.",
  invalidEmail: "Enter an email address like name@example.com.",
  confirmBooking: "Confirm booking",
  booking: "Booking…",
  backToRooms: "Back to rooms",
  priceChanged: (total: string) =>
    `The price of this stay has just changed. The new total is ${total}: check it and confirm again.`,
  planGone: "This offer is no longer available. Please choose another room.",
  soldOut: "Sorry, this room has just been booked by someone else. Please choose another.",
  restricted: "This room cannot be booked for these dates. Please choose other dates or another room.",

  confirmedTitle: "Your booking is confirmed",
  bookingCode: "Booking code",
  total: "Total",
  emailOnItsWay: (email: string) => `A confirmation email is on its way to ${email}.`,
  manageText: "Keep this link to see or cancel your booking:",
  bookAnother: "Book another stay",

  manageTitle: "Your booking",
  dates: "Dates",
  guests: "Guests",
  guestCount: (adults: number, children: number) => {
    const grown = count(adults, { one: "# adult", other: "# adults" });
    if (children === 0) return grown;
    return `${grown}, ${count(children, { one: "# child", other: "# children" })}`;
  },
  roomType: "Room",
  ratePlan: "Rate",
  status: "Status",
  cancelBooking: "Cancel booking",
  cancelQuestion: "Cancel this booking? This cannot be undone.",
  cancelYes: "Yes, cancel it",
  cancelNo: "Keep booking",
  cancelling: "Cancelling…",
  cancelled: "Your booking is cancelled.",
  notCancellable: "This booking can no longer be cancelled online. Please contact the hotel.",
  /** A stay's status as a guest reads it; never the API's code. */
  statuses: {
    booked: "Confirmed",
    checked_in: "Checked in",
    checked_out: "Checked out",
    cancelled: "Cancelled",
    no_show: "Not arrived (no-show)",
  } satisfies Record<BookingStatus, string>,
};

/** The words of one language: English's keys, each a string or a sentence of the same values. */
export type Words = typeof WORDS;

/** The keys whose words need no value. */
export type TextKey = { [K in keyof Words]: Words[K] extends string ? K : never }[keyof Words];

export const WORDS_BY_LANGUAGE: Readonly<Record<Language, Words>> = { en: WORDS, es: ES, hi: HI };

/**
 * Something the page tells the guest, kept as how to say it rather than as said, so a notice or a field's
 * problem follows the guest to another language without being asked again.
 */
export type Said = (words: Words) => string;

/** The words of `key` in whatever language the page is in when they show. */
export const say =
  (key: TextKey): Said =>
  (words) =>
    words[key];
