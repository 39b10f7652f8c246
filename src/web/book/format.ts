/**
 * Amounts and dates as the booking page writes them, in the `Intl` locale of the language shown (the words'
 * `locale`, words.ts; LANGUAGE_LOCALES in src/domain/languages.ts).
 */
import { formatMoney } from "../../domain/money.js";

export function money(amount: number, currency: string, locale: string): string {
  return formatMoney(amount, currency, { locale });
}

/**
 * A total when the answer names no currency (the manage page's booking does not): the amount with the
 * currency's usual two decimals, never a guessed symbol.
 */
export function amount(value: number, currency: string | undefined, locale: string): string {
  if (currency) return money(value, currency, locale);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** One formatter a locale: making one costs far more than using it, and a stay lists every night. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "Fri, 12 Jun 2026" for 2026-06-12 in English: the calendar date itself, read in UTC so no zone moves it. */
export function stayDate(date: string, locale: string): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    dayFormats.set(locale, format);
  }
  const [year, month, day] = date.split("-").map(Number);
  return format.format(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}
