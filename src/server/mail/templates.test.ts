import { describe, expect, it } from "vitest";
import type { Invoice } from "../../domain/schemas/invoices.js";
import {
  type BookingFacts,
  bookingConfirmationMessage,
  cancellationMessage,
  invoiceMessage,
} from "./templates.js";

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

  it("writes a Hindi guest's confirmation in Hindi, with dates and money in hi-IN", () => {
    const message = bookingConfirmationMessage(FACTS, "hi-IN");
    expect(message.subject).toBe("Casa Lucía में आपकी बुकिंग BK-7Q2F");
    expect(message.text.split("\n\n")).toEqual([
      "प्रिय Meera <Rao>,",
      "Casa Lucía में बुकिंग करने के लिए धन्यवाद।",
      "बुकिंग BK-7Q2F: Deluxe, Bed and breakfast, 10 मार्च 2029 से 12 मार्च 2029 तक, 2 वयस्क, 1 बच्चा।",
      "कुल राशि: ₹5,200.00।",
      "8 मार्च 2029 तक यह बुकिंग बिना किसी शुल्क के रद्द की जा सकती है।",
      "देय अग्रिम राशि: ₹1,040.00।",
      "अपनी बुकिंग देखने या रद्द करने के लिए: https://hotel.example/book/manage/abc",
      "Casa Lucía\n",
    ]);
    // The HTML says its language, so a mail client picks a Devanagari font.
    expect(message.html).toMatch(/^<!doctype html><html lang="hi"><body><p>प्रिय Meera &#60;Rao&#62;,<\/p>/);
  });

  it("writes a Spanish guest's confirmation and cancellation in Spanish (usted), in es-ES formats", () => {
    const message = bookingConfirmationMessage({ ...FACTS, children: 2, currency: "EUR" }, "es-MX");
    expect(message.subject).toBe("Su reserva BK-7Q2F en Casa Lucía");
    // es-ES writes a no-break space between an amount and its currency.
    expect(message.text.split("\n\n").slice(0, 6)).toEqual([
      "Estimado/a Meera <Rao>:",
      "Gracias por reservar en Casa Lucía.",
      "Reserva BK-7Q2F: Deluxe, Bed and breakfast, del 10 de marzo de 2029 al 12 de marzo de 2029, 2 adultos, 2 niños.",
      "Importe total: 5200,00\u00a0€.",
      "Cancelación gratuita hasta el 8 de marzo de 2029.",
      "Depósito a pagar: 1040,00\u00a0€.",
    ]);
    expect(message.html).toContain('<html lang="es">');
    const cancelled = cancellationMessage({ ...FACTS, guestName: "" }, "es");
    expect(cancelled.subject).toBe("Su reserva BK-7Q2F en Casa Lucía ha sido cancelada");
    expect(cancelled.text.split("\n\n")).toEqual([
      "Estimado/a huésped:",
      "Su reserva BK-7Q2F, del 10 de marzo de 2029 al 12 de marzo de 2029, ha sido cancelada.",
      "Esperamos tener el placer de recibirle en otra ocasión.",
      "Casa Lucía\n",
    ]);
  });

  it("writes an invoice's and a credit note's message in the guest's language, English unchanged", () => {
    const invoice = {
      number: "INV-2030-000123",
      kind: "invoice",
      issueDate: "2030-06-04",
      reservationCode: "RES-7KQ2M",
      seller: { name: "Hotel Lakeview", address: "", taxId: "" },
      billTo: { name: "Rahul Sharma", address: "", taxId: "" },
      gross: 16_130,
      currency: "INR",
    } as Invoice;
    expect(invoiceMessage(invoice).text.split("\n\n")[1]).toBe(
      "Please find attached invoice INV-2030-000123 of 2030-06-04 for your stay RES-7KQ2M, for ₹16,130.00.",
    );
    const hindi = invoiceMessage(invoice, "hi");
    expect(hindi.subject).toBe("Hotel Lakeview की ओर से आपका इनवॉइस INV-2030-000123");
    expect(hindi.text.split("\n\n")[1]).toBe(
      "आपके प्रवास (रिज़र्वेशन RES-7KQ2M) का इनवॉइस INV-2030-000123, दिनांक 4 जून 2030, राशि ₹16,130.00, इस ईमेल के साथ संलग्न है।",
    );
    const spanish = invoiceMessage({ ...invoice, kind: "credit_note", gross: -16_130 }, "es");
    expect(spanish.subject).toBe("Su nota de crédito INV-2030-000123 de Hotel Lakeview");
    expect(spanish.text).toContain("con fecha 4 de junio de 2030");
    expect(spanish.text).toContain("por un importe de -16.130,00\u00a0INR.");
  });
});
