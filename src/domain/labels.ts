/**
 * The words people read for the product's codes. Server, web and (later) exports use these one definitions,
 * so a status never shows as `checked_in` on one screen and "checked in" on another. Lower case, so they read
 * inside sentences ("Room 204: clean → dirty"); `capitalize` starts a sentence or a heading with one.
 */
import type {
  DocumentType,
  HkStatus,
  InvoiceKind,
  InvoiceStatus,
  PaymentMethod,
  ReservationStatus,
  RoomStatus,
} from "./constants.js";
import type { EmailKind, EmailStatus } from "./schemas/emails.js";

export const RESERVATION_STATUS_LABELS: Readonly<Record<ReservationStatus, string>> = {
  booked: "booked",
  checked_in: "checked in",
  checked_out: "checked out",
  cancelled: "cancelled",
  no_show: "no-show",
};

export const HK_STATUS_LABELS: Readonly<Record<HkStatus, string>> = {
  dirty: "dirty",
  in_progress: "in progress",
  clean: "clean",
  inspected: "inspected",
};

export const ROOM_STATUS_LABELS: Readonly<Record<RoomStatus, string>> = {
  vacant: "vacant",
  occupied: "occupied",
};

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  cash: "cash",
  card: "card",
  bank_transfer: "bank transfer",
  other: "other",
};

/** Invoices and credit notes, in words (docs/product.md#folio-taxes-and-invoices): titles, the register, CSV. */
export const INVOICE_KIND_LABELS: Readonly<Record<InvoiceKind, string>> = {
  invoice: "Invoice",
  credit_note: "Credit note",
};

export const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  issued: "Issued",
  credited: "Credited",
};

/** Where an email is (docs/product.md#email). */
export const EMAIL_STATUS_LABELS: Readonly<Record<EmailStatus, string>> = {
  queued: "waiting to send",
  sent: "sent",
  failed: "failed",
  kept: "kept (no mail server)",
};

/** What an email is. */
export const EMAIL_KIND_LABELS: Readonly<Record<EmailKind, string>> = {
  booking_confirmation: "booking confirmation",
  cancellation: "cancellation",
  invoice: "invoice",
};

/** A guest's identity document (docs/product.md#guests). */
export const DOCUMENT_TYPE_LABELS: Readonly<Record<DocumentType, string>> = {
  passport: "passport",
  id_card: "ID card",
  driving_licence: "driving licence",
  other: "other document",
};

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
const languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/** A country by its ISO 3166 code ("IN" → "India"); an unknown code reads as itself, a blank one as "". */
export function countryName(code: string): string {
  if (!code) return "";
  return regionNames.of(code) ?? code;
}

/** A language by its BCP 47 tag ("hi" → "Hindi", "en-IN" → "English (India)"); an unknown tag as itself. */
export function languageName(tag: string): string {
  if (!tag) return "";
  try {
    return languageNames.of(tag) ?? tag;
  } catch {
    // RangeError: not a well-formed tag (an old record); show what is stored.
    return tag;
  }
}

/**
 * Codes the ISO list reserves for other things (the EU, the UN, test and unknown regions, the exceptional
 * reservations such as the Canary Islands), which a guest's country is not.
 */
const NOT_COUNTRIES = new Set(["AC", "CP", "DG", "EA", "EU", "EZ", "IC", "QO", "TA", "UN", "XA", "XB", "ZZ"]);
let countries: readonly { code: string; name: string }[] | undefined;

/**
 * Every country a guest may come from, by name: the two-letter codes the browser's own list names, without
 * the withdrawn ones (SU, YU: their canonical successor is listed) and the non-countries above.
 */
export function countryChoices(): readonly { code: string; name: string }[] {
  if (countries) return countries;
  const found: { code: string; name: string }[] = [];
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      const name = regionNames.of(code);
      if (!name || NOT_COUNTRIES.has(code) || new Intl.Locale(`und-${code}`).region !== code) continue;
      found.push({ code, name });
    }
  }
  countries = found.sort((a, b) => a.name.localeCompare(b.name, "en"));
  return countries;
}

/** How many stays a guest has had: "1 stay", "3 stays". */
export function staysLabel(count: number): string {
  return count === 1 ? "1 stay" : `${count} stays`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * How a guest profile is named on screen: its name, else its email or phone (a stay booked without a name
 * still has a profile), else "Guest without a name".
 */
export function guestDisplayName(guest: { name: string; email?: string; phone?: string }): string {
  return guest.name.trim() || guest.email?.trim() || guest.phone?.trim() || "Guest without a name";
}

/**
 * How a stay is named wherever people read it: its guest's name, or its code when the booking has none
 * (a name is optional, docs/product.md#reservations) — never a dash.
 */
export function stayDisplayName(stay: { guestName?: string | null; code: string }): string {
  const name = stay.guestName?.trim();
  return name ? name : stay.code;
}
