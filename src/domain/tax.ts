/**
 * The folio's tax arithmetic: one definition for the server's folio and invoices and the web's print view
 * (the folio builds on the stay's balance, docs/product.md#payments-and-balance). Every amount here is an
 * integer count of the currency's minor unit (paise, cents, yen, fils), so nothing picks up binary
 * floating-point error; a rate is a percentage with up to three decimals, held as thousandths of a per cent.
 *
 * Tax is worked out per line and rounded half away from zero to the minor unit; every total is a sum of
 * rounded lines, so lines, the tax summary and the totals always add up.
 */
import { hasAtMostDecimals, minorDigits } from "./money.js";

/** How a price is read: the gross a guest pays (tax inside it) or the net a tax is added to. */
export type TaxMode = "inclusive" | "exclusive";

/** A rate's thousandths of a per cent in 100 %: rates run 0–100 with up to three decimals. */
const MILLI_PER_100_PERCENT = 100_000;

/**
 * True when `amount` has no more decimals than the currency's minor unit (the API refuses more) and its
 * minor units are an exact integer.
 */
export function fitsMinorUnit(amount: number, currency: string): boolean {
  const digits = minorDigits(currency);
  return hasAtMostDecimals(amount, digits) && Math.abs(amount) * 10 ** digits <= Number.MAX_SAFE_INTEGER;
}

/** An amount in major units (as the API sends it) as minor units; exact when `fitsMinorUnit`. */
export function toMinorUnits(amount: number, currency: string): number {
  // `+ 0` turns -0 into 0.
  return Math.round(amount * 10 ** minorDigits(currency)) + 0;
}

/** Minor units as the API's major-unit number (1999 INR → 19.99; 1999 JPY → 1999; 1999 KWD → 1.999). */
export function fromMinorUnits(minor: number, currency: string): number {
  const digits = minorDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits)) + 0;
}

/** A percentage (up to three decimals) as thousandths of a per cent: 18 → 18000, 12.5 → 12500. */
export function percentMilli(percent: number): number {
  return Math.round(percent * 1000);
}

/** `numerator / denominator` rounded half away from zero (denominator > 0), exact for any integers. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const magnitude = (2n * (numerator < 0n ? -numerator : numerator) + denominator) / (2n * denominator);
  return numerator < 0n ? -magnitude : magnitude;
}

export type LineAmounts = { net: number; tax: number; gross: number };

/**
 * One line's net, tax and gross in minor units: `quantity × unitPrice` read as the gross (inclusive: tax =
 * gross × p / (100 + p)) or as the net (exclusive: tax = net × p / 100), the tax rounded half away from zero.
 * An untaxed line (`percent` null or 0) has no tax. `net + tax = gross` always.
 */
export function lineAmounts(
  line: { quantity: number; unitPrice: number; percentMilli: number | null },
  mode: TaxMode,
): LineAmounts {
  const amount = BigInt(line.quantity) * BigInt(line.unitPrice);
  const rate = BigInt(line.percentMilli ?? 0);
  const hundred = BigInt(MILLI_PER_100_PERCENT);
  if (mode === "inclusive") {
    const tax = divideRounded(amount * rate, hundred + rate);
    return { net: Number(amount - tax), tax: Number(tax), gross: Number(amount) };
  }
  const tax = divideRounded(amount * rate, hundred);
  return { net: Number(amount), tax: Number(tax), gross: Number(amount + tax) };
}

export type TaxSummaryRow = { taxRateId: string | null; percentMilli: number; net: number; tax: number };

/**
 * The tax summary (one row per rate and percentage, untaxed lines under `null`, in first-seen order) and
 * the totals: sums of the rounded lines, so `Σ rows = totals` and `totals.net + totals.tax = totals.gross`.
 * A rate whose percentage changed between two lines gives two rows: each line keeps the percentage it was
 * posted with.
 */
export function summarize(
  lines: readonly (LineAmounts & { taxRateId: string | null; percentMilli: number | null })[],
): { taxes: TaxSummaryRow[]; totals: LineAmounts } {
  const rows = new Map<string, TaxSummaryRow>();
  const totals: LineAmounts = { net: 0, tax: 0, gross: 0 };
  for (const line of lines) {
    const key = `${line.taxRateId ?? ""}:${line.percentMilli ?? 0}`;
    const row = rows.get(key) ?? {
      taxRateId: line.taxRateId,
      percentMilli: line.percentMilli ?? 0,
      net: 0,
      tax: 0,
    };
    row.net += line.net;
    row.tax += line.tax;
    rows.set(key, row);
    totals.net += line.net;
    totals.tax += line.tax;
    totals.gross += line.gross;
  }
  return { taxes: [...rows.values()], totals };
}
