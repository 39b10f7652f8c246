/**
 * A rate plan in words (Settings → Rate plans, docs/product.md#rate-plans-screen): its price rule,
 * cancellation, deposit and room types as the table reads them. The cancellation words match the booking
 * engine's (src/web/book/words.ts), so the hotel reads what its guests are told.
 */
import type { RatePlan } from "../../../domain/schemas/rate-plans.js";

type Money = (amount: number, options?: { short?: boolean }) => string;

/** A no-break space: "10 %" and "+ ₹250" never break across lines. */
const NBSP = "\u00a0";

/** "10 %", "12.5 %": a percentage without its sign. */
const percentText = (percent: number) => `${Math.abs(percent)}${NBSP}%`;

/**
 * "−10 %, + ₹250 per adult per night": the adjustment on the room type's night price, then the supplement;
 * "Base price" when the plan changes neither.
 */
export function priceRuleText(
  plan: Pick<RatePlan, "adjustmentPercent" | "perAdultPerNight">,
  money: Money,
): string {
  const parts: string[] = [];
  if (plan.adjustmentPercent !== 0) {
    parts.push(`${plan.adjustmentPercent < 0 ? "−" : "+"}${percentText(plan.adjustmentPercent)}`);
  }
  if (plan.perAdultPerNight !== 0) {
    parts.push(`+${NBSP}${money(plan.perAdultPerNight, { short: true })} per adult per night`);
  }
  return parts.length > 0 ? parts.join(", ") : "Base price";
}

/** "Free cancellation until 2 days before arrival", or "Non-refundable". */
export function cancellationText(cancellationDays: number | null): string {
  if (cancellationDays === null) return "Non-refundable";
  if (cancellationDays === 0) return "Free cancellation until the day of arrival";
  if (cancellationDays === 1) return "Free cancellation until 1 day before arrival";
  return `Free cancellation until ${cancellationDays} days before arrival`;
}

/** "30 %" (of the stay's total), or "None". */
export function depositText(depositPercent: number): string {
  return depositPercent === 0 ? "None" : percentText(depositPercent);
}

/**
 * The names of the room types a plan sells, in the property's order, or "All room types" for a plan that
 * names none. A type deleted since is left out.
 */
export function roomTypesText(
  roomTypeIds: readonly string[],
  roomTypes: readonly { id: string; name: string }[],
): string {
  if (roomTypeIds.length === 0) return "All room types";
  const names = roomTypes.filter((type) => roomTypeIds.includes(type.id)).map((type) => type.name);
  return names.length > 0 ? names.join(", ") : "No current room type";
}

/** "Free cancellation until 2 days before arrival, 30 % deposit": what a guest on the plan agrees to. */
export function planTermsText(plan: Pick<RatePlan, "cancellationDays" | "depositPercent">): string {
  const cancellation = cancellationText(plan.cancellationDays);
  return plan.depositPercent === 0
    ? `${cancellation}, no deposit`
    : `${cancellation}, ${percentText(plan.depositPercent)} deposit`;
}
