import type { IsoDate } from "./dates.js";
import { dateSequence, daysBetween } from "./dates.js";
import { currencyDecimals, fromMinor, toMinor } from "./money.js";
import { divideRounded } from "./tax.js";

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
  const nights = dateSequence(stay.checkInDate, daysBetween(stay.checkInDate, stay.checkOutDate));
  return nightlyRates(nights, stay.roomTypeId, stay.baseRate ?? 0, stay.overrides);
}

/**
 * `stayNightlyRates` for the nights given (the stay's, in order), for callers that price many room types
 * over the same nights (the booking engine's offers).
 */
export function nightlyRates(
  nights: readonly IsoDate[],
  roomTypeId: string | null,
  baseRate: number,
  overrides: readonly RateOverride[],
): number[] {
  const index = indexOverrides(overrides);
  return nights.map((night) => lookup(index, night, roomTypeId, baseRate));
}

/** Sum of amounts, added in minor units so it is exact. */
export function sumMoney(amounts: readonly number[]): number {
  return fromMinor(amounts.reduce((total, amount) => total + toMinor(amount), 0));
}

/** What the stay costs: the sum of its nightly prices. */
export function stayTotal(stay: StayPricing): number {
  return sumMoney(stayNightlyRates(stay));
}

/** What a rate plan changes about a night's price (docs/product.md#rate-plans). */
export type PlanPricing = { adjustmentPercent: number; perAdultPerNight: number };

/** Hundredths of a per cent: an adjustment has at most two decimals (the schema's and the column's). */
const BASIS_POINTS = 10_000;

/**
 * A night on a plan: `base × (1 + adjustmentPercent / 100) + perAdultPerNight × adults`, rounded half away
 * from zero to the currency's smallest amount a stay carries (INR 0.01, JPY 1). Exact: integer arithmetic,
 * in doubles while every term is an integer they hold exactly (any real price), else in BigInt; the booking
 * engine prices thousands of nights a second with it.
 */
export function planNightPrice(base: number, plan: PlanPricing, adults: number, currency: string): number {
  const digits = currencyDecimals(currency);
  const scale = 10 ** digits;
  const baseMinor = Math.round(base * scale);
  const adjustment = BASIS_POINTS + Math.round(plan.adjustmentPercent * 100);
  // In the currency's units times the basis points, so one rounding covers both terms.
  const supplementMinor = Math.round(plan.perAdultPerNight * scale) * adults;
  const adjusted = baseMinor * adjustment;
  const supplement = supplementMinor * BASIS_POINTS;
  const minor =
    exactInDoubles(adjusted) && exactInDoubles(supplement) && exactInDoubles(adjusted + supplement)
      ? divideRoundedNumber(adjusted + supplement, BASIS_POINTS)
      : Number(
          divideRounded(
            BigInt(baseMinor) * BigInt(adjustment) + BigInt(supplementMinor) * BigInt(BASIS_POINTS),
            BigInt(BASIS_POINTS),
          ),
        );
  // A quotient of integers is the double nearest the decimal, as parsing its digits would give; + 0: never -0.
  return minor / scale + 0;
}

/** Below 2^52, so twice the value is still an integer a double holds exactly. */
const exactInDoubles = (value: number): boolean => Math.abs(value) <= 2 ** 52;

/** `divideRounded` for integers below 2^52 (`exactInDoubles`): the remainder and quotient are exact. */
export function divideRoundedNumber(numerator: number, denominator: number): number {
  const magnitude = Math.abs(numerator);
  const remainder = magnitude % denominator;
  const quotient = (magnitude - remainder) / denominator + (2 * remainder >= denominator ? 1 : 0);
  return numerator < 0 ? 0 - quotient : quotient; // never -0
}

/** A stay to price: its nights, type, base rate and overrides (§ "the one pricing rule"), plan and adults. */
export type PlannedStay = StayPricing & { plan: PlanPricing; adults: number; currency: string };

/**
 * The one function that prices a stay, for the front desk's bookings and edits, its quotes and the booking
 * engine's offers: each night's price by `stayNightlyRates`, then the plan's adjustment and supplement.
 */
export function priceStay(stay: PlannedStay): { nightlyRates: number[]; total: number } {
  return priceOnPlan(stayNightlyRates(stay), stay.plan, stay.adults, stay.currency);
}

/** The plan applied to a stay's base night prices (`stayNightlyRates`): what `priceStay` charges. */
export function priceOnPlan(
  baseRates: readonly number[],
  plan: PlanPricing,
  adults: number,
  currency: string,
): { nightlyRates: number[]; total: number } {
  const nightlyRates = baseRates.map((base) => planNightPrice(base, plan, adults, currency));
  return { nightlyRates, total: sumMoney(nightlyRates) };
}
