/**
 * Rate restrictions (docs/product.md#restrictions): a stop-sell override on any night of a stay (for the
 * stay's room type, or "All") refuses it; the minimum length of stay of the arrival date (the room type's
 * override, else the "All" one) refuses a shorter stay. Enforced at create and at every edit that changes
 * dates or room type.
 */
import { compareIsoDates, daysBetween, type IsoDate } from "./dates.js";

export type Restriction = { date: IsoDate; roomTypeId: string | null; stopSell: boolean; minLOS: number };
type RestrictedStay = { checkInDate: IsoDate; checkOutDate: IsoDate; roomTypeId: string | null };
type RestrictionViolation =
  | { rule: "stop_sell"; date: IsoDate }
  | { rule: "min_los"; date: IsoDate; minLOS: number; nights: number };

function appliesTo(restriction: Restriction, roomTypeId: string | null): boolean {
  return restriction.roomTypeId === null || restriction.roomTypeId === roomTypeId;
}

/** Whether one night of a room type is closed: its own or the "All" entry of that night stops sale. */
export function isStopSell(night: readonly Restriction[], roomTypeId: string | null): boolean {
  return night.some((r) => r.stopSell && appliesTo(r, roomTypeId));
}

/**
 * The entry whose minimum stay holds for arrivals on one night: the room type's own, else the "All" one.
 * `night` holds the entries of that date only.
 */
export function minStayEntry<R extends Restriction>(
  night: readonly R[],
  roomTypeId: string | null,
): R | undefined {
  return (
    (roomTypeId === null ? undefined : night.find((r) => r.roomTypeId === roomTypeId)) ??
    night.find((r) => r.roomTypeId === null)
  );
}

/** The first rule the stay breaks (the earliest stop-sell night first), or null when it may be sold. */
export function findRestriction(
  stay: RestrictedStay,
  restrictions: readonly Restriction[],
): RestrictionViolation | null {
  const nights = daysBetween(stay.checkInDate, stay.checkOutDate);
  const stopped = restrictions
    .filter(
      (r) =>
        r.stopSell &&
        appliesTo(r, stay.roomTypeId) &&
        compareIsoDates(r.date, stay.checkInDate) >= 0 &&
        compareIsoDates(r.date, stay.checkOutDate) < 0,
    )
    .map((r) => r.date)
    .sort(compareIsoDates)[0];
  if (stopped) return { rule: "stop_sell", date: stopped };
  const arrival = minStayEntry(
    restrictions.filter((r) => r.date === stay.checkInDate),
    stay.roomTypeId,
  );
  if (arrival && nights < arrival.minLOS) {
    return { rule: "min_los", date: stay.checkInDate, minLOS: arrival.minLOS, nights };
  }
  return null;
}

export function restrictionMessage(violation: RestrictionViolation): string {
  return violation.rule === "stop_sell"
    ? `Stop sell on ${violation.date}: that night cannot be sold`
    : `Minimum stay of ${violation.minLOS} nights for arrivals on ${violation.date}`;
}
