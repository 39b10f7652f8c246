import type { IsoDate } from "./dates.js";
import { addDays, daysBetween } from "./dates.js";
import { fromMinor, toMinor } from "./money.js";

/**
 * A rate calendar entry; roomTypeId null means "All" room types. A null price means the entry sets no price
 * (it only carries restrictions): the night is priced as if it were not there, never at 0
 * (docs/product.md#pricing-and-rate-overrides). Extra fields (stopSell, minLOS) are ignored here; see
 * restrictions.ts.
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

function lookup<Base extends number | null>(
  index: OverrideIndex,
  date: IsoDate,
  roomTypeId: string | null,
  baseRate: Base,
): number | Base {
  const specific = roomTypeId === null ? undefined : index.byType.get(typeKey(date, roomTypeId));
  return specific ?? index.forAll.get(date) ?? baseRate;
}

/**
 * The price of one night of a room type (null: the "All" row), by the same rule as `stayNightlyRates`, for
 * screens that price many nights and types at once (the rate calendar): the overrides are indexed once.
 * `baseRate` null answers null when no override sets a price.
 */
export function nightlyRateLookup(
  overrides: readonly RateOverride[],
): (date: IsoDate, roomTypeId: string | null, baseRate: number | null) => number | null {
  const index = indexOverrides(overrides);
  return (date, roomTypeId, baseRate) => lookup(index, date, roomTypeId, baseRate);
}

type StayPricing = {
  checkInDate: IsoDate;
  checkOutDate: IsoDate;
  roomTypeId: string | null;
  /** Absent when the stay has no room type; such nights cost 0 unless an "All" override applies. */
  baseRate?: number | null;
  overrides: readonly RateOverride[];
};

/**
 * The price of each night in [checkIn, checkOut), in order: an override for the stay's room type beats an
 * "All" override, which beats the base rate. This is the one pricing rule; a stay stores its result.
 */
export function stayNightlyRates(stay: StayPricing): number[] {
  const index = indexOverrides(stay.overrides);
  const baseRate = stay.baseRate ?? 0;
  const nights = daysBetween(stay.checkInDate, stay.checkOutDate);
  const rates: number[] = [];
  for (let i = 0; i < nights; i++)
    rates.push(lookup(index, addDays(stay.checkInDate, i), stay.roomTypeId, baseRate));
  return rates;
}

/** Sum of amounts, added in minor units so it is exact. */
export function sumMoney(amounts: readonly number[]): number {
  return fromMinor(amounts.reduce((total, amount) => total + toMinor(amount), 0));
}

/** What the stay costs: the sum of its nightly prices. */
export function stayTotal(stay: StayPricing): number {
  return sumMoney(stayNightlyRates(stay));
}
