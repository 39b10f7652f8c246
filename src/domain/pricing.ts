import type { IsoDate } from "./dates.js";
import { addDays, daysBetween } from "./dates.js";
import { fromMinor, toMinor } from "./money.js";

/**
 * A rate calendar entry; roomTypeId null means "All" room types. A null price means the entry sets no price
 * (it only carries restrictions): the night is priced as if it were not there, never at 0 (DESIGN §9.2).
 * Extra fields (stopSell, minLOS) are ignored here; see restrictions.ts.
 */
export type RateOverride = { date: IsoDate; roomTypeId: string | null; price: number | null };

type OverrideIndex = { byType: Map<string, number>; forAll: Map<IsoDate, number> };

// The type key joins date and id with a character neither contains, so distinct pairs never collide.
const typeKey = (date: IsoDate, roomTypeId: string): string => `${date}\u0000${roomTypeId}`;

/** The first entry wins on duplicates, the same as a linear search would pick. */
function indexOverrides(overrides: readonly RateOverride[]): OverrideIndex {
  const byType = new Map<string, number>();
  const forAll = new Map<IsoDate, number>();
  for (const o of overrides) {
    if (o.price === null) continue;
    if (o.roomTypeId === null) {
      if (!forAll.has(o.date)) forAll.set(o.date, o.price);
    } else {
      const key = typeKey(o.date, o.roomTypeId);
      if (!byType.has(key)) byType.set(key, o.price);
    }
  }
  return { byType, forAll };
}

function lookup(index: OverrideIndex, date: IsoDate, roomTypeId: string | null, baseRate: number): number {
  const specific = roomTypeId === null ? undefined : index.byType.get(typeKey(date, roomTypeId));
  return specific ?? index.forAll.get(date) ?? baseRate;
}

/** Price of one night: an override for this room type beats an "All" override, which beats the base rate. */
export function nightlyPrice(
  date: IsoDate,
  roomTypeId: string | null,
  overrides: readonly RateOverride[],
  baseRate: number,
): number {
  return lookup(indexOverrides(overrides), date, roomTypeId, baseRate);
}

export type StayPricing = {
  checkInDate: IsoDate;
  checkOutDate: IsoDate;
  roomTypeId: string | null;
  /** Absent when the stay has no room type; such nights cost 0 unless an "All" override applies. */
  baseRate?: number | null;
  overrides: readonly RateOverride[];
};

/** Sum of the nightly prices of each night in [checkIn, checkOut), added in minor units so it is exact. */
export function stayTotal(stay: StayPricing): number {
  const index = indexOverrides(stay.overrides);
  const baseRate = stay.baseRate ?? 0;
  const nights = daysBetween(stay.checkInDate, stay.checkOutDate);
  let totalMinor = 0;
  for (let i = 0; i < nights; i++) {
    const date = addDays(stay.checkInDate, i);
    totalMinor += toMinor(lookup(index, date, stay.roomTypeId, baseRate));
  }
  return fromMinor(totalMinor);
}
