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
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return false;
  return Number(value.toFixed(2)) === value;
}

/** e.g. formatMoney(1500, "INR") -> "₹1,500.00". The default locale is fixed so output never depends on the host. */
export function formatMoney(amount: number, currency: string, locale: string = DEFAULT_LOCALE): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount);
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
