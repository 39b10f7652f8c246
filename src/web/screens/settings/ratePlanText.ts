/**
 * A rate plan in words (Settings → Rate plans, docs/product.md#rate-plans-screen): its price rule,
 * cancellation, deposit and room types as the table reads them. The cancellation words match the booking
 * engine's (src/web/book/words.ts), so the hotel reads what its guests are told. Called while rendering: the
 * words are the shown language's (Lingui's global i18n), its figures written in that language's locale.
 */
import { i18n } from "@lingui/core";
import { plural, t } from "@lingui/core/macro";
import type { RatePlan } from "../../../domain/schemas/rate-plans.js";
import { localeOf, writesAsEnglish } from "../../i18n/format.js";

type Money = (amount: number, options?: { short?: boolean }) => string;

/** A no-break space: "10 %" and "+ ₹250" never break across lines. */
const NBSP = "\u00a0";

/** A percentage's figure: as JavaScript writes it in English ("12.5"), else in the language's locale. */
function figure(value: number): string {
  const language = i18n.locale;
  if (language === undefined || writesAsEnglish(language)) return String(value);
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 20 }).format(value);
}

/** "10 %", "12.5 %": a percentage without its sign. */
const percentText = (percent: number) => `${figure(Math.abs(percent))}${NBSP}%`;

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
    const amount = money(plan.perAdultPerNight, { short: true });
    parts.push(`+${NBSP}${t`${amount} per adult per night`}`);
  }
  return parts.length > 0 ? parts.join(", ") : t`Base price`;
}

/** "Free cancellation until 2 days before arrival", or "Non-refundable". */
export function cancellationText(cancellationDays: number | null): string {
  if (cancellationDays === null) return t`Non-refundable`;
  if (cancellationDays === 0) return t`Free cancellation until the day of arrival`;
  return plural(cancellationDays, {
    one: "Free cancellation until # day before arrival",
    other: "Free cancellation until # days before arrival",
  });
}

/** "30 %" (of the stay's total), or "None". */
export function depositText(depositPercent: number): string {
  return depositPercent === 0 ? t`None` : percentText(depositPercent);
}

/**
 * The names of the room types a plan sells, in the property's order, or "All room types" for a plan that
 * names none. A type deleted since is left out.
 */
export function roomTypesText(
  roomTypeIds: readonly string[],
  roomTypes: readonly { id: string; name: string }[],
): string {
  if (roomTypeIds.length === 0) return t`All room types`;
  const names = roomTypes.filter((type) => roomTypeIds.includes(type.id)).map((type) => type.name);
  return names.length > 0 ? names.join(", ") : t`No current room type`;
}

/** "Free cancellation until 2 days before arrival, 30 % deposit": what a guest on the plan agrees to. */
export function planTermsText(plan: Pick<RatePlan, "cancellationDays" | "depositPercent">): string {
  const cancellation = cancellationText(plan.cancellationDays);
  if (plan.depositPercent === 0) return t`${cancellation}, no deposit`;
  const deposit = percentText(plan.depositPercent);
  return t`${cancellation}, ${deposit} deposit`;
}
