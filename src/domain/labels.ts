/**
 * The words people read for the product's codes. Server, web and (later) exports use these one definitions,
 * so a status never shows as `checked_in` on one screen and "checked in" on another. Lower case, so they read
 * inside sentences ("Room 204: clean → dirty"); `capitalize` starts a sentence or a heading with one.
 */
import type { HkStatus, PaymentMethod, ReservationStatus, RoomStatus } from "./constants.js";

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

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * How a stay is named wherever people read it: its guest's name, or its code when the booking has none
 * (a name is optional, docs/product.md#reservations) — never a dash.
 */
export function stayDisplayName(stay: { guestName?: string | null; code: string }): string {
  const name = stay.guestName?.trim();
  return name ? name : stay.code;
}
