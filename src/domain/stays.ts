/**
 * The stay's rules (docs/product.md#reservations): nights, the status transitions and what each status
 * lets a clerk edit. Server and web both ask these functions; the database holds copies of the status lists
 * (see constants.ts).
 */
import {
  RESERVATION_CODE_LENGTH,
  RESERVATION_CODE_PREFIX,
  type ReservationStatus,
  ROOM_HOLDING_STATUSES,
} from "./constants.js";
import { addDays, compareIsoDates, daysBetween, type IsoDate } from "./dates.js";

/** A stay occupies the nights from check-in up to, but not including, check-out. */
type Stay = { checkInDate: IsoDate; checkOutDate: IsoDate };

/**
 * nights = max(1, days between the dates, rounded up), in calendar days so that DST cannot skew it
 * (docs/product.md#date-rules).
 */
export function nightsBetween(checkIn: IsoDate, checkOut: IsoDate): number {
  return Math.max(1, Math.ceil(daysBetween(checkIn, checkOut)));
}

export function holdsRoom(status: ReservationStatus): boolean {
  return ROOM_HOLDING_STATUSES.includes(status);
}

/** What a transition is judged on: the stay as it is and today's date in the property's time zone. */
type TransitionContext = Stay & { hasRoom: boolean; today: IsoDate };

const ALLOWED: Readonly<Record<ReservationStatus, readonly ReservationStatus[]>> = {
  booked: ["checked_in", "cancelled", "no_show"],
  checked_in: ["checked_out", "cancelled"],
  checked_out: [],
  cancelled: [],
  no_show: [],
};

/** The statuses a stay may move to from `from` (ignoring dates); the web shows these actions. */
export function nextStatuses(from: ReservationStatus): readonly ReservationStatus[] {
  return ALLOWED[from];
}

/**
 * Why `from → to` is refused for this stay today, or null when it is allowed. Check-in needs a room and a
 * date inside the stay; a no-show can only be declared from the arrival date on.
 */
export function transitionRefusal(
  from: ReservationStatus,
  to: ReservationStatus,
  stay: TransitionContext,
): string | null {
  if (!ALLOWED[from].includes(to)) return `Cannot change a ${from} reservation to ${to}`;
  if (to === "checked_in") {
    if (!stay.hasRoom) return "Assign a room before checking the guest in";
    if (compareIsoDates(stay.today, stay.checkInDate) < 0) {
      return `Check-in opens on the arrival date, ${stay.checkInDate}`;
    }
    if (compareIsoDates(stay.today, stay.checkOutDate) >= 0) {
      return `The stay ended on ${stay.checkOutDate}; it can no longer be checked in`;
    }
  }
  if (to === "no_show" && compareIsoDates(stay.today, stay.checkInDate) < 0) {
    return `A no-show can be recorded from the arrival date, ${stay.checkInDate}`;
  }
  return null;
}

/**
 * An early check-out (before the departure date) ends the stay today, but never below one night; a late
 * one keeps the booked dates. Returns the check-out date the stay keeps.
 */
export function checkOutDateOnDeparture(stay: Stay, today: IsoDate): IsoDate {
  if (compareIsoDates(today, stay.checkOutDate) >= 0) return stay.checkOutDate;
  const oneNight = addDays(stay.checkInDate, 1);
  return compareIsoDates(today, oneNight) < 0 ? oneNight : today;
}

export const GUEST_FIELDS = ["guestName", "guestPhone", "guestEmail"] as const;
export const STAY_FIELDS = [
  "adults",
  "children",
  "checkInDate",
  "checkOutDate",
  "roomTypeId",
  "roomId",
  "ratePlanId",
] as const;
export type EditableField = (typeof GUEST_FIELDS)[number] | (typeof STAY_FIELDS)[number];

const EDITABLE: Readonly<Record<ReservationStatus, readonly EditableField[]>> = {
  booked: [...GUEST_FIELDS, ...STAY_FIELDS],
  checked_in: [...GUEST_FIELDS, "adults", "children", "checkOutDate", "roomId"],
  checked_out: GUEST_FIELDS,
  cancelled: GUEST_FIELDS,
  no_show: GUEST_FIELDS,
};

export function editableFields(status: ReservationStatus): readonly EditableField[] {
  return EDITABLE[status];
}

/** Fields that change what the stay is sold for: re-price and re-check availability and restrictions. */
export const REPRICING_FIELDS: readonly EditableField[] = [
  "checkInDate",
  "checkOutDate",
  "roomTypeId",
  "roomId",
  "ratePlanId",
];

const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/**
 * "RES-" plus random upper-case alphanumerics. The random source is injected (the server passes
 * crypto.randomInt) so this stays pure and tests can be deterministic.
 */
export function generateReservationCode(randomInt: (maxExclusive: number) => number): string {
  let code = RESERVATION_CODE_PREFIX;
  for (let i = 0; i < RESERVATION_CODE_LENGTH; i++) {
    const index = randomInt(CODE_ALPHABET.length);
    const char = Number.isInteger(index) ? CODE_ALPHABET[index] : undefined;
    // A broken random source must not silently produce short or malformed codes.
    if (char === undefined) throw new RangeError(`randomInt returned ${index}`);
    code += char;
  }
  return code;
}

/** "2 adults, 1 child": a stay's guests in words. */
export function formatGuests(adults: number, children: number): string {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const parts = [plural(adults, "adult", "adults")];
  if (children > 0) parts.push(plural(children, "child", "children"));
  return parts.join(", ");
}
