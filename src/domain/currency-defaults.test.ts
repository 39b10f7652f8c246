import { describe, expect, it } from "vitest";
import { RATE_OVERRIDE_DEFAULTS, ROOM_TYPE_DEFAULTS } from "./constants.js";
import { moneyDefaults } from "./currency-defaults.js";
import { currencyDecimals } from "./money.js";

describe("moneyDefaults", () => {
  it("keeps the product's INR numbers for INR", () => {
    expect(moneyDefaults("INR")).toEqual({
      baseRate: ROOM_TYPE_DEFAULTS.baseRate,
      overridePrice: RATE_OVERRIDE_DEFAULTS.price,
    });
    expect(moneyDefaults("INR")).toEqual({ baseRate: 1500, overridePrice: 2000 });
  });

  it.each([
    ["USD", 17, 23],
    ["EUR", 15, 19],
    ["GBP", 13, 17],
    ["JPY", 2600, 3400],
    ["IDR", 280_000, 370_000],
    ["KWD", 5, 7],
  ])("gives %s about the same value, rounded as a person would type it", (currency, base, price) => {
    expect(moneyDefaults(currency)).toEqual({ baseRate: base, overridePrice: price });
  });

  it("gives whole amounts, so JPY (no minor unit) takes them as they are", () => {
    for (const currency of ["USD", "EUR", "JPY", "KRW", "VND", "BHD"]) {
      const { baseRate, overridePrice } = moneyDefaults(currency);
      expect(Number.isInteger(baseRate) && Number.isInteger(overridePrice)).toBe(true);
      expect(baseRate).toBeGreaterThan(0);
      expect(overridePrice).toBeGreaterThan(baseRate);
    }
    expect(currencyDecimals("JPY")).toBe(0);
  });

  it("keeps the INR numbers for a currency it has no rate for", () => {
    expect(moneyDefaults("XAF")).toEqual({ baseRate: 1500, overridePrice: 2000 });
  });
});
