import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { minorDigits } from "./money.js";
import {
  divideRounded,
  fitsMinorUnit,
  fromMinorUnits,
  lineAmounts,
  percentMilli,
  summarize,
  type TaxMode,
  toMinorUnits,
} from "./tax.js";

describe("minor units from ISO 4217", () => {
  it.each([
    ["INR", 2],
    ["JPY", 0],
    ["KWD", 3],
    ["EUR", 2],
  ])("%s has %i digits", (currency, digits) => {
    expect(minorDigits(currency)).toBe(digits);
  });

  it("converts amounts exactly, and refuses more decimals than the currency has", () => {
    expect(toMinorUnits(19.99, "INR")).toBe(1999);
    expect(toMinorUnits(1.15, "INR")).toBe(115);
    expect(toMinorUnits(1999, "JPY")).toBe(1999);
    expect(toMinorUnits(1.999, "KWD")).toBe(1999);
    expect(fromMinorUnits(1999, "KWD")).toBe(1.999);
    expect(fromMinorUnits(-7, "INR")).toBe(-0.07);
    expect(fitsMinorUnit(19.99, "INR")).toBe(true);
    expect(fitsMinorUnit(19.999, "INR")).toBe(false);
    expect(fitsMinorUnit(19.5, "JPY")).toBe(false);
    expect(fitsMinorUnit(1.999, "KWD")).toBe(true);
    expect(fitsMinorUnit(1.9995, "KWD")).toBe(false);
    expect(fitsMinorUnit(Number.NaN, "INR")).toBe(false);
    // Minor units past what a double counts exactly.
    expect(fitsMinorUnit(9e12, "KWD")).toBe(true);
    expect(fitsMinorUnit(1e13, "KWD")).toBe(false);
  });

  it.each(["INR", "JPY", "KWD"])("round-trips every amount of %s", (currency) => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        const major = fromMinorUnits(minor, currency);
        expect(fitsMinorUnit(major, currency)).toBe(true);
        expect(toMinorUnits(major, currency)).toBe(minor);
      }),
    );
  });
});

describe("rounding", () => {
  it("rounds half away from zero", () => {
    expect(divideRounded(5n, 10n)).toBe(1n);
    expect(divideRounded(-5n, 10n)).toBe(-1n);
    expect(divideRounded(4n, 10n)).toBe(0n);
    expect(divideRounded(-4n, 10n)).toBe(0n);
    expect(divideRounded(15n, 10n)).toBe(2n);
    expect(divideRounded(-15n, 10n)).toBe(-2n);
    expect(divideRounded(0n, 7n)).toBe(0n);
  });

  it("reads a rate's three decimals exactly", () => {
    expect(percentMilli(18)).toBe(18_000);
    expect(percentMilli(12.5)).toBe(12_500);
    expect(percentMilli(0.001)).toBe(1);
    expect(percentMilli(7.675)).toBe(7_675);
  });
});

describe("a line's tax", () => {
  it("takes the tax out of a price that includes it", () => {
    // ₹1,180.00 at 18 %: ₹180.00 of it is tax.
    expect(lineAmounts({ quantity: 1, unitPrice: 118_000, percentMilli: 18_000 }, "inclusive")).toEqual({
      net: 100_000,
      tax: 18_000,
      gross: 118_000,
    });
    // ¥1,000 at 10 %: 90.9… rounds to ¥91.
    expect(lineAmounts({ quantity: 1, unitPrice: 1000, percentMilli: 10_000 }, "inclusive")).toEqual({
      net: 909,
      tax: 91,
      gross: 1000,
    });
  });

  it("adds the tax to a price that excludes it", () => {
    // 2 × KWD 1.250 at 5 %: 0.125 of tax.
    expect(lineAmounts({ quantity: 2, unitPrice: 1250, percentMilli: 5000 }, "exclusive")).toEqual({
      net: 2500,
      tax: 125,
      gross: 2625,
    });
    // Half a paisa rounds away from zero, either sign.
    expect(lineAmounts({ quantity: 1, unitPrice: 10, percentMilli: 5000 }, "exclusive").tax).toBe(1);
    expect(lineAmounts({ quantity: 1, unitPrice: -10, percentMilli: 5000 }, "exclusive").tax).toBe(-1);
  });

  it("leaves an untaxed line as it is", () => {
    for (const mode of ["inclusive", "exclusive"] as const) {
      expect(lineAmounts({ quantity: 3, unitPrice: 4999, percentMilli: null }, mode)).toEqual({
        net: 14_997,
        tax: 0,
        gross: 14_997,
      });
    }
  });

  it("stays exact where price × rate passes what a double holds: ₹99,99,99,999.99 × 100 at 28 %", () => {
    const line = lineAmounts({ quantity: 100, unitPrice: 9_999_999_999, percentMilli: 28_000 }, "exclusive");
    expect(line.tax).toBe(279_999_999_972);
    expect(line.net + line.tax).toBe(line.gross);
  });
});

describe("lines, tax summary and totals always add up", () => {
  const line = (digits: number) =>
    fc.record({
      quantity: fc.integer({ min: 1, max: 99 }),
      // An adjustment may be negative; prices up to 100,000 major units.
      unitPrice: fc.integer({ min: -(10 ** (5 + digits)), max: 10 ** (5 + digits) }),
      rate: fc.option(
        fc.constantFrom(
          ["gst5", 5_000],
          ["gst12", 12_000],
          ["gst18", 18_000],
          ["vat7_675", 7_675],
          ["zero", 0],
        ),
      ),
    });

  for (const currency of ["INR", "JPY", "KWD"]) {
    for (const mode of ["inclusive", "exclusive"] as TaxMode[]) {
      it(`in ${currency}, prices ${mode} of tax`, () => {
        fc.assert(
          fc.property(fc.array(line(minorDigits(currency)), { minLength: 1, maxLength: 30 }), (inputs) => {
            const lines = inputs.map((input) => {
              const percent = input.rate?.[1] ?? null;
              const amounts = lineAmounts(
                { quantity: input.quantity, unitPrice: input.unitPrice, percentMilli: percent },
                mode,
              );
              const amount = input.quantity * input.unitPrice;
              // Each line: net + tax = gross, the price read as the mode says, the tax no larger than the amount.
              expect(amounts.net + amounts.tax).toBe(amounts.gross);
              expect(mode === "inclusive" ? amounts.gross : amounts.net).toBe(amount);
              expect(Math.abs(amounts.tax)).toBeLessThanOrEqual(
                Math.abs(mode === "inclusive" ? amount : amounts.gross),
              );
              // The tax is the exact tax rounded: within half a minor unit of it.
              const exact =
                mode === "inclusive"
                  ? (amount * (percent ?? 0)) / (100_000 + (percent ?? 0))
                  : (amount * (percent ?? 0)) / 100_000;
              expect(Math.abs(amounts.tax - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
              return { ...amounts, taxRateId: input.rate?.[0] ?? null, percentMilli: percent };
            });
            const { taxes, totals } = summarize(lines);
            expect(totals.net + totals.tax).toBe(totals.gross);
            expect(taxes.reduce((sum, row) => sum + row.net, 0)).toBe(totals.net);
            expect(taxes.reduce((sum, row) => sum + row.tax, 0)).toBe(totals.tax);
            expect(lines.reduce((sum, row) => sum + row.gross, 0)).toBe(totals.gross);
            expect(new Set(taxes.map((row) => row.taxRateId)).size).toBe(taxes.length);
          }),
        );
      });
    }
  }
});
