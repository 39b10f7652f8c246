/**
 * Every word the booking page shows a guest, in one place, so translating the page is translating this file
 * (decision 043). Sentences that carry a value are functions of it; amounts and dates come in already
 * formatted.
 */
import type { BookingStatus } from "./api.js";

/** How amounts and dates are written: with the words, since a translation changes both. */
export const LOCALE = "en-IN";

export const WORDS = {
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
  upToGuests: (capacity: number) => (capacity === 1 ? "Up to 1 guest" : `Up to ${capacity} guests`),
  nightsCount: (nights: number) => (nights === 1 ? "1 night" : `${nights} nights`),
  totalForStay: "Total for your stay",
  perNight: (price: string) => `${price} per night`,
  perNightFrom: (price: string) => `From ${price} per night`,
  eachNight: "Price of each night",
  freeCancellation: (days: number) =>
    days === 0
      ? "Free cancellation until the day of arrival"
      : days === 1
        ? "Free cancellation until 1 day before arrival"
        : `Free cancellation until ${days} days before arrival`,
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
    const grown = adults === 1 ? "1 adult" : `${adults} adults`;
    if (children === 0) return grown;
    return `${grown}, ${children === 1 ? "1 child" : `${children} children`}`;
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
} as const;

/** A stay's status as a guest reads it; never the API's code. */
export const STATUS_WORDS: Readonly<Record<BookingStatus, string>> = {
  booked: "Confirmed",
  checked_in: "Checked in",
  checked_out: "Checked out",
  cancelled: "Cancelled",
  no_show: "Not arrived (no-show)",
};
