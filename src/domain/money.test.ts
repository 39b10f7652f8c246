import { describe, expect, it } from "vitest";
import {
  currencyDecimals,
  currencySymbol,
  formatMoney,
  fromMinor,
  hasAtMostTwoDecimals,
  isCurrencyCode,
  listCurrencyCodes,
  moneyStep,
  toMinor,
} from "./money.js";

describe("isCurrencyCode", () => {
  it.each(["INR", "USD", "EUR", "JPY"])("accepts %s", (code) => {
    expect(isCurrencyCode(code)).toBe(true);
  });

  it.each(["inr", "Inr", "XYZ1", "US", "USDD", "", " INR"])("rejects %j", (code) => {
    expect(isCurrencyCode(code)).toBe(false);
  });

  it("rejects a well-formed code the runtime does not know", () => {
    expect(listCurrencyCodes()).not.toContain("ABC");
    expect(isCurrencyCode("ABC")).toBe(false);
  });
});

describe("minor units", () => {
  it("converts two-decimal amounts exactly", () => {
    expect(toMinor(1500)).toBe(150_000);
    expect(toMinor(0.07)).toBe(7); // 0.07 * 100 is 7.000000000000001 in binary
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(1.15)).toBe(115); // 1.15 * 100 is 114.99999999999999
    expect(toMinor(-12.34)).toBe(-1234);
    expect(toMinor(99_999_999.99)).toBe(9_999_999_999);
    expect(fromMinor(1999)).toBe(19.99);
    expect(fromMinor(-1234)).toBe(-12.34);
  });

  it("never produces negative zero", () => {
    expect(Object.is(toMinor(-0), 0)).toBe(true);
    expect(Object.is(toMinor(-0.001), 0)).toBe(true);
  });

  it("sums exactly where floats do not", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(fromMinor(toMinor(0.1) + toMinor(0.2))).toBe(0.3);
  });
});

describe("hasAtMostTwoDecimals", () => {
  it.each([0, 1500, 0.5, 0.07, 19.99, -12.34, 99_999_999.99, 100_000_000])("accepts %d", (value) => {
    expect(hasAtMostTwoDecimals(value)).toBe(true);
  });

  it.each([
    0.001,
    1.005,
    19.999,
    0.1 + 0.2,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1e21,
  ])("rejects %d", (value) => {
    expect(hasAtMostTwoDecimals(value)).toBe(false);
  });
});

describe("formatMoney", () => {
  it("formats INR with the rupee sign and grouping", () => {
    const text = formatMoney(1500, "INR");
    expect(text).toContain("₹");
    expect(text).toContain("1,500");
    expect(text).toBe("₹1,500.00");
  });

  it("defaults to Indian grouping and honours an explicit locale", () => {
    expect(formatMoney(150_000, "INR")).toBe("₹1,50,000.00");
    expect(formatMoney(150_000, "USD", { locale: "en-US" })).toBe("$150,000.00");
  });

  it("keeps the currency's own minor digits", () => {
    expect(formatMoney(0.5, "INR")).toBe("₹0.50");
    expect(formatMoney(1500, "JPY", { locale: "en-US" })).toBe("¥1,500");
  });

  it("drops zero minor digits only for a whole amount when asked for the short form", () => {
    expect(formatMoney(94.5, "EUR", { short: true })).toBe("€94.50");
    expect(formatMoney(95, "EUR", { short: true })).toBe("€95");
    expect(formatMoney(95, "EUR")).toBe("€95.00");
    expect(formatMoney(2600, "JPY", { short: true })).toBe("JP¥2,600");
    expect(formatMoney(1500, "INR", { short: true })).toBe("₹1,500");
    expect(formatMoney(1500.25, "INR", { short: true })).toBe("₹1,500.25");
  });

  it("abbreviates for a chart's axis when asked for the compact form", () => {
    const inr = formatMoney(150000, "INR", { compact: true });
    expect(inr.startsWith("₹")).toBe(true);
    expect(inr.length).toBeLessThan(formatMoney(150000, "INR").length);
    expect(formatMoney(12000, "EUR", { compact: true })).toBe("€12K");
    expect(formatMoney(0, "EUR", { compact: true })).toBe("€0");
  });

  it("throws on an unknown currency code", () => {
    expect(() => formatMoney(1, "inr!")).toThrow(RangeError);
  });
});

describe("currencyDecimals and moneyStep", () => {
  it.each([
    ["INR", 2, "0.01"],
    ["EUR", 2, "0.01"],
    ["USD", 2, "0.01"],
    ["JPY", 0, "1"],
    ["KRW", 0, "1"],
    ["KWD", 2, "0.01"],
  ])("%s: %d decimals, step %s", (currency, digits, step) => {
    expect(currencyDecimals(currency)).toBe(digits);
    expect(moneyStep(currency)).toBe(step);
  });
});

describe("currencySymbol", () => {
  it("returns the locale's symbol", () => {
    expect(currencySymbol("INR")).toBe("₹");
    expect(currencySymbol("USD", "en-US")).toBe("$");
    expect(currencySymbol("EUR", "en-US")).toBe("€");
  });
});

describe("listCurrencyCodes", () => {
  it("lists known codes, all well formed", () => {
    const codes = listCurrencyCodes();
    expect(codes).toContain("INR");
    expect(codes).toContain("USD");
    expect(codes.every((code) => /^[A-Z]{3}$/.test(code))).toBe(true);
  });

  it("returns a fresh array each call", () => {
    const first = listCurrencyCodes();
    first.length = 0;
    expect(listCurrencyCodes()).toContain("INR");
  });
});
