/**
 * Sums the day close screen shows beside a stored report's own figures, added in the currency's minor units
 * (src/domain/tax.ts) so they never pick up binary floating-point error.
 */
import type { DayReport } from "../../../domain/schemas/day-closes.js";
import { fromMinorUnits, toMinorUnits } from "../../../domain/tax.js";

function sum(amounts: readonly number[], currency: string): number {
  return fromMinorUnits(
    amounts.reduce((total, amount) => total + toMinorUnits(amount, currency), 0),
    currency,
  );
}

/** What was taken on the day by every method, less the refunds given. */
export function paymentsTotal(day: DayReport, currency: string): number {
  const { cash, card, bank_transfer, other, refunds } = day.payments;
  return sum([cash, card, bank_transfer, other, -refunds], currency);
}

/** Rooms, extras and city tax together. */
export function revenueTotal(day: DayReport, currency: string): number {
  return sum([day.revenue.room, day.revenue.extras, day.revenue.cityTax], currency);
}
