/** Amounts and dates as the booking page writes them, in the words' locale (words.ts). */
import { formatMoney } from "../../domain/money.js";
import { LOCALE } from "./words.js";

export function money(amount: number, currency: string): string {
  return formatMoney(amount, currency, { locale: LOCALE });
}

/**
 * A total when the answer names no currency (the manage page's booking does not): the amount with the
 * currency's usual two decimals, never a guessed symbol.
 */
export function amount(value: number, currency: string | undefined): string {
  if (currency) return money(value, currency);
  return new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

let dayFormat: Intl.DateTimeFormat | undefined;

/** "Fri, 12 Jun 2026" for 2026-06-12: the calendar date itself, read in UTC so no zone moves it. */
export function stayDate(date: string): string {
  dayFormat ??= new Intl.DateTimeFormat(LOCALE, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  const [year, month, day] = date.split("-").map(Number);
  return dayFormat.format(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}
