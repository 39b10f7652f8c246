/** True for an ISO 4217 currency code this runtime knows (e.g. INR, USD, EUR). */
export function isCurrencyCode(value: string): boolean {
  if (!/^[A-Z]{3}$/.test(value)) return false;
  return Intl.supportedValuesOf("currency").includes(value);
}

/*
 * Amounts cross the API as decimal numbers with at most two decimals; arithmetic happens on integer minor units
 * (paise, cents) so sums never pick up binary floating point error (0.1 + 0.2).
 */

const DEFAULT_LOCALE = "en-IN";

/** Integer minor units; exact for any amount that has at most two decimals. */
export function toMinor(amount: number): number {
  // `+ 0` turns -0 into 0 so a zero amount never prints as "-₹0.00".
  return Math.round(amount * 100) + 0;
}

export function fromMinor(minor: number): number {
  return minor / 100;
}

/**
 * True when `value` is the double nearest to some decimal with at most two places (0.07 yes, 1.005 no).
 * Comparing against the two-place decimal string avoids a tolerance that would break down for large amounts.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  return hasAtMostDecimals(value, 2);
}

/** True when `value` is the double nearest to some decimal with at most `digits` places. */
export function hasAtMostDecimals(value: number, digits: number): boolean {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return false;
  return Number(value.toFixed(digits)) === value;
}

export type MoneyFormat = {
  /** Fixed by default, so output never depends on the host. */
  locale?: string;
  /**
   * Whole amounts without their zero minor digits ("€95", not "€95.00"), for a narrow cell such as the rate
   * calendar's; any other amount keeps all of them ("€94.50", never "€94.5").
   */
  short?: boolean;
  /** Abbreviated ("₹1.5L", "€12K"), for a chart's axis, where the figure's size is what is read. */
  compact?: boolean;
};

const formatters = new Map<string, Intl.NumberFormat>();

/** Building a NumberFormat is costly and a screen formats hundreds of amounts: one per kind, kept. */
function formatter(currency: string, locale: string, kind: "full" | "whole" | "compact"): Intl.NumberFormat {
  const key = `${locale} ${currency} ${kind}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      ...(kind === "whole" ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
      ...(kind === "compact"
        ? { notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 1 }
        : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

/**
 * The one money formatter: every amount on screen goes through it (or `useMoney`, which passes the
 * property's currency). e.g. formatMoney(1500, "INR") -> "₹1,500.00"; formatMoney(1500, "JPY") -> "JP¥1,500".
 */
export function formatMoney(amount: number, currency: string, options: MoneyFormat = {}): string {
  const { locale = DEFAULT_LOCALE, short = false, compact = false } = options;
  const kind = compact ? "compact" : short && Number.isInteger(amount) ? "whole" : "full";
  return formatter(currency, locale, kind).format(amount);
}

/** Each currency's minor digits once read: `resolvedOptions()` costs microseconds, and a folio asks per line. */
const MINOR_DIGITS = new Map<string, number>();

/** Digits of the currency's minor unit, from the runtime's ISO 4217 data: INR 2, JPY 0, KWD 3. */
export function minorDigits(currency: string): number {
  let digits = MINOR_DIGITS.get(currency);
  if (digits === undefined) {
    digits = formatter(currency, DEFAULT_LOCALE, "full").resolvedOptions().maximumFractionDigits ?? 2;
    MINOR_DIGITS.set(currency, digits);
  }
  return digits;
}

/**
 * Digits of the currency's minor unit that a stay's price may carry: ISO 4217's, capped at the two the API
 * takes (docs/product.md#pricing-and-rate-overrides), so a three-decimal currency (KWD) is entered to 0.01.
 */
export function currencyDecimals(currency: string): number {
  return Math.min(minorDigits(currency), 2);
}

/** The `step` of a money input in `currency`: "1" for JPY, "0.01" for INR. */
export function moneyStep(currency: string): string {
  const digits = currencyDecimals(currency);
  return digits === 0 ? "1" : (10 ** -digits).toFixed(digits);
}

/** The symbol the locale shows for `currency` (INR -> "₹"); falls back to the code itself. */
export function currencySymbol(currency: string, locale: string = DEFAULT_LOCALE): string {
  const parts = new Intl.NumberFormat(locale, { style: "currency", currency }).formatToParts(0);
  return parts.find((part) => part.type === "currency")?.value ?? currency;
}

/** Every ISO 4217 code this runtime can format, for the property settings picker. */
export function listCurrencyCodes(): string[] {
  return [...Intl.supportedValuesOf("currency")];
}
