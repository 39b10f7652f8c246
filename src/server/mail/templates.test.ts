import { describe, expect, it } from "vitest";
import { type BookingFacts, bookingConfirmationMessage, cancellationMessage } from "./templates.js";

const FACTS: BookingFacts = {
  hotel: "Casa Lucía",
  code: "BK-7Q2F",
  guestName: "Meera <Rao>",
  checkInDate: "2029-03-10",
  checkOutDate: "2029-03-12",
  adults: 2,
  children: 1,
  roomTypeName: "Deluxe",
  ratePlanName: "Bed and breakfast",
  total: 5200,
  currency: "INR",
  freeCancellationUntil: "2029-03-08",
  depositDue: 1040,
  manageLink: "https://hotel.example/book/manage/abc",
};

describe("the emails' words", () => {
  it("confirms a booking with its stay, price, terms and manage link, as text and escaped HTML", () => {
    const message = bookingConfirmationMessage(FACTS);
    expect(message.subject).toBe("Your booking BK-7Q2F at Casa Lucía");
    expect(message.text.split("\n\n")).toEqual([
      "Dear Meera <Rao>,",
      "Thank you for booking with Casa Lucía.",
      "Booking BK-7Q2F: Deluxe, Bed and breakfast, from 2029-03-10 to 2029-03-12, 2 adults, 1 child.",
      "Total: ₹5,200.00.",
      "Free cancellation until 2029-03-08.",
      "Deposit due: ₹1,040.00.",
      "See or cancel your booking: https://hotel.example/book/manage/abc",
      "Casa Lucía\n",
    ]);
    expect(message.html).toContain("<p>Dear Meera &#60;Rao&#62;,</p>");
  });

  it("says what a non-refundable booking without a deposit or a room type is, to a guest without a name", () => {
    const message = bookingConfirmationMessage({
      ...FACTS,
      guestName: "",
      roomTypeName: null,
      freeCancellationUntil: null,
      depositDue: 0,
      manageLink: null,
    });
    expect(message.text.split("\n\n").slice(0, 4)).toEqual([
      "Hello,",
      "Thank you for booking with Casa Lucía.",
      "Booking BK-7Q2F: Bed and breakfast, from 2029-03-10 to 2029-03-12, 2 adults, 1 child.",
      "Total: ₹5,200.00.",
    ]);
    expect(message.text).toContain("This booking is non-refundable.");
    expect(message.text).not.toContain("Deposit");
  });

  it("writes a language it does not have yet in English", () => {
    const english = cancellationMessage(FACTS);
    expect(english.subject).toBe("Booking BK-7Q2F at Casa Lucía is cancelled");
    expect(cancellationMessage(FACTS, "xx")).toEqual(english);
  });
});
