/**
 * What a rate plan promises the guest (docs/product.md#rate-plans), for the server's rules, the booking
 * engine's offers and the screens: which room types it sells, the cancellation window, the deposit.
 */
import { addDays, compareIsoDates, type IsoDate } from "./dates.js";
import { currencyDecimals } from "./money.js";

export type PlanTerms = {
  roomTypeIds: readonly string[];
  cancellationDays: number | null;
  depositPercent: number;
};

/** Whether the plan sells the room type: a plan naming no type sells all of them. */
export function planSellsType(plan: Pick<PlanTerms, "roomTypeIds">, roomTypeId: string | null): boolean {
  if (plan.roomTypeIds.length === 0) return true;
  return roomTypeId !== null && plan.roomTypeIds.includes(roomTypeId);
}

/**
 * The last day the stay can be cancelled free: `cancellationDays` before arrival. Null for a non-refundable
 * plan (never).
 */
export function freeCancellationUntil(
  plan: Pick<PlanTerms, "cancellationDays">,
  checkIn: IsoDate,
): IsoDate | null {
  if (plan.cancellationDays === null) return null;
  return addDays(checkIn, -plan.cancellationDays);
}

/**
 * Whether a guest may still cancel on `today` (the hotel's): never on a non-refundable plan, and not when
 * fewer than `cancellationDays` days are left before arrival.
 */
export function cancellationOpen(
  plan: Pick<PlanTerms, "cancellationDays">,
  checkIn: IsoDate,
  today: IsoDate,
) {
  const until = freeCancellationUntil(plan, checkIn);
  return until !== null && compareIsoDates(today, until) <= 0;
}

/** The deposit a booking asks for: `depositPercent` of the total, rounded half away from zero. */
export function depositDue(plan: Pick<PlanTerms, "depositPercent">, total: number, currency: string): number {
  const scale = 10 ** currencyDecimals(currency);
  const minor = Math.round(total * scale);
  const basis = Math.round(plan.depositPercent * 100);
  // Both non-negative: Math.round rounds half up, which is half away from zero here. Exact below 2^53.
  const deposit = Math.floor((minor * basis + 5_000) / 10_000);
  return deposit / scale + 0; // the double nearest the decimal (planNightPrice); never -0
}
