/**
 * The form defaults that are amounts of money — a new room type's base rate and a new override's price
 * (docs/product.md#defaults-and-constants) — in the property's currency. The product states them in INR
 * (1500 and 2000); another currency gets about the same value, rounded to a figure a person would type
 * (two significant digits, whole units), so a hotel in Japan starts from ¥2,600 rather than ¥1,500. They are
 * starting points a manager types over, not prices anyone is charged, so a rough, fixed rate per currency is
 * enough and nothing is fetched. A currency not listed keeps the INR numbers.
 */
import { RATE_OVERRIDE_DEFAULTS, ROOM_TYPE_DEFAULTS } from "./constants.js";

/** About how many units of each currency one rupee buys (late 2025), for defaults only. */
const UNITS_PER_RUPEE: Readonly<Record<string, number>> = {
  USD: 0.0113,
  EUR: 0.0097,
  GBP: 0.0085,
  CHF: 0.009,
  JPY: 1.72,
  CNY: 0.08,
  HKD: 0.088,
  TWD: 0.35,
  KRW: 16.3,
  SGD: 0.0146,
  MYR: 0.0475,
  THB: 0.366,
  IDR: 187,
  PHP: 0.66,
  VND: 297,
  LKR: 3.42,
  NPR: 1.6,
  BDT: 1.38,
  PKR: 3.18,
  MVR: 0.174,
  AED: 0.0415,
  SAR: 0.0424,
  QAR: 0.041,
  OMR: 0.00435,
  BHD: 0.00425,
  KWD: 0.00347,
  ILS: 0.037,
  TRY: 0.475,
  EGP: 0.54,
  KES: 1.46,
  NGN: 16.5,
  ZAR: 0.196,
  AUD: 0.0173,
  NZD: 0.0198,
  CAD: 0.0158,
  MXN: 0.207,
  BRL: 0.06,
  SEK: 0.107,
  NOK: 0.114,
  DKK: 0.0725,
  PLN: 0.041,
  CZK: 0.236,
  HUF: 3.8,
};

/** `amount` to two significant digits, never below one whole unit (0.5 KWD is no default base rate). */
function roundForPeople(amount: number): number {
  if (amount < 10) return Math.max(1, Math.round(amount));
  const scale = 10 ** (Math.floor(Math.log10(amount)) - 1);
  return Math.round(amount / scale) * scale;
}

/** The INR default `inr` in `currency`: unchanged for INR and for a currency not listed. */
function convertDefault(inr: number, currency: string): number {
  const rate = UNITS_PER_RUPEE[currency];
  return rate === undefined ? inr : roundForPeople(inr * rate);
}

/** The money defaults of the forms, in `currency`. */
export function moneyDefaults(currency: string): { baseRate: number; overridePrice: number } {
  return {
    baseRate: convertDefault(ROOM_TYPE_DEFAULTS.baseRate, currency),
    overridePrice: convertDefault(RATE_OVERRIDE_DEFAULTS.price, currency),
  };
}
