import { RESERVATION_CODE_LENGTH, RESERVATION_CODE_PREFIX, type ReservationStatus } from "./constants.js";
import { compareIsoDates, daysBetween, type IsoDate } from "./dates.js";

/** A stay occupies the nights from check-in up to, but not including, check-out. */
export type Stay = { checkInDate: IsoDate; checkOutDate: IsoDate };

/** SPEC §5: nights = max(1, days between the dates, rounded up); calendar days, so DST cannot skew it. */
export function nightsBetween(checkIn: IsoDate, checkOut: IsoDate): number {
  return Math.max(1, Math.ceil(daysBetween(checkIn, checkOut)));
}

/**
 * SPEC §5 overlap rule with an exclusive end, matching the database's `daterange(..., '[)')` constraint:
 * a guest leaving on the 5th does not clash with one arriving on the 5th.
 */
export function staysOverlap(a: Stay, b: Stay): boolean {
  return (
    compareIsoDates(a.checkInDate, b.checkOutDate) < 0 && compareIsoDates(b.checkInDate, a.checkOutDate) < 0
  );
}

/** Nights of `stay` that fall inside the window [from, to); reports count sold room-nights this way. */
export function nightsInWindow(stay: Stay, from: IsoDate, to: IsoDate): number {
  const start = compareIsoDates(stay.checkInDate, from) > 0 ? stay.checkInDate : from;
  const end = compareIsoDates(stay.checkOutDate, to) < 0 ? stay.checkOutDate : to;
  return Math.max(0, daysBetween(start, end));
}

/** SPEC §4: booked -> checked_in -> checked_out, and cancel from any status that is not already cancelled. */
export function canTransition(from: ReservationStatus, to: ReservationStatus): boolean {
  if (to === "cancelled") return from !== "cancelled";
  return (from === "booked" && to === "checked_in") || (from === "checked_in" && to === "checked_out");
}

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
