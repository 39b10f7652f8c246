import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { divideRoundedNumber, planNightPrice, priceStay } from "./pricing.js";
import { cancellationOpen, depositDue, freeCancellationUntil, planSellsType } from "./rate-plans.js";
import { divideRounded } from "./tax.js";

const STANDARD = { adjustmentPercent: 0, perAdultPerNight: 0 };

describe("a night on a rate plan", () => {
  it("is the base price on the Standard plan", () => {
    expect(planNightPrice(1500, STANDARD, 2, "INR")).toBe(1500);
  });

  it("adds the adjustment and the per-adult supplement, rounded half away from zero to the minor unit", () => {
    // 1999.99 × 0.9 = 1799.991 → 1799.99; + 2 × 250.5
    expect(planNightPrice(1999.99, { adjustmentPercent: -10, perAdultPerNight: 250.5 }, 2, "INR")).toBe(
      2300.99,
    );
    // 0.05 × 1.5 = 0.075 → 0.08 (half away from zero, never binary floating point's 0.07)
    expect(planNightPrice(0.05, { adjustmentPercent: 50, perAdultPerNight: 0 }, 1, "INR")).toBe(0.08);
    // 12.5 % of 1001 yen is 125.125: the night is 1126 yen, never a fraction of one
    expect(planNightPrice(1001, { adjustmentPercent: 12.5, perAdultPerNight: 0 }, 1, "JPY")).toBe(1126);
    expect(planNightPrice(1000, { adjustmentPercent: -100, perAdultPerNight: 0 }, 3, "INR")).toBe(0);
  });

  it("divides in doubles exactly as in BigInt below 2^52, halves away from zero (fast-check)", () => {
    const below = fc.integer({ min: -(2 ** 52), max: 2 ** 52 });
    fc.assert(
      fc.property(below, fc.integer({ min: 1, max: 2 ** 31 }), (numerator, denominator) => {
        expect(divideRoundedNumber(numerator, denominator)).toBe(
          Number(divideRounded(BigInt(numerator), BigInt(denominator))),
        );
      }),
    );
    expect([15, -15, 14, -14, 25].map((n) => divideRoundedNumber(n, 10))).toEqual([2, -2, 1, -1, 3]);
  });

  it("prices a night as exact integer arithmetic would, for any price and one beyond doubles (fast-check)", () => {
    const exact = (base: number, adjustmentPercent: number, perAdult: number, adults: number) => {
      const sum =
        BigInt(Math.round(base * 100)) * BigInt(10_000 + Math.round(adjustmentPercent * 100)) +
        BigInt(Math.round(perAdult * 100)) * BigInt(adults) * 10_000n;
      return Number((Number(divideRounded(sum, 10_000n)) / 100).toFixed(2)) + 0;
    };
    const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((minor) => minor / 100);
    fc.assert(
      fc.property(
        fc.oneof(money(100_000), money(10_000_000_000)),
        fc.integer({ min: -10_000, max: 100_000 }).map((bp) => bp / 100),
        money(100_000),
        fc.integer({ min: 1, max: 20 }),
        (base, adjustmentPercent, perAdult, adults) => {
          expect(planNightPrice(base, { adjustmentPercent, perAdultPerNight: perAdult }, adults, "INR")).toBe(
            exact(base, adjustmentPercent, perAdult, adults),
          );
        },
      ),
    );
  });

  it("prices a stay night by night from the base rate and the overrides, then the plan", () => {
    const stay = {
      checkInDate: "2030-05-01",
      checkOutDate: "2030-05-04",
      roomTypeId: "t",
      baseRate: 1000,
      overrides: [{ date: "2030-05-02", roomTypeId: "t", price: 2000 }],
      plan: { adjustmentPercent: 10, perAdultPerNight: 100 },
      adults: 2,
      currency: "INR",
    };
    expect(priceStay(stay)).toEqual({ nightlyRates: [1300, 2400, 1300], total: 5000 });
    expect(priceStay({ ...stay, plan: STANDARD }).total).toBe(4000);
  });
});

describe("a rate plan's terms", () => {
  it("sells every room type when it names none, else only those it names", () => {
    expect(planSellsType({ roomTypeIds: [] }, "a")).toBe(true);
    expect(planSellsType({ roomTypeIds: ["a"] }, "a")).toBe(true);
    expect(planSellsType({ roomTypeIds: ["a"] }, "b")).toBe(false);
    expect(planSellsType({ roomTypeIds: ["a"] }, null)).toBe(false);
  });

  it("lets a guest cancel until cancellationDays before arrival, and never on a non-refundable plan", () => {
    const plan = { cancellationDays: 2 };
    expect(freeCancellationUntil(plan, "2030-05-10")).toBe("2030-05-08");
    expect(cancellationOpen(plan, "2030-05-10", "2030-05-08")).toBe(true);
    expect(cancellationOpen(plan, "2030-05-10", "2030-05-09")).toBe(false);
    expect(cancellationOpen({ cancellationDays: 0 }, "2030-05-10", "2030-05-10")).toBe(true);
    expect(cancellationOpen({ cancellationDays: null }, "2030-05-10", "2030-01-01")).toBe(false);
    expect(freeCancellationUntil({ cancellationDays: null }, "2030-05-10")).toBeNull();
  });

  it("asks a deposit of depositPercent of the total, rounded to the minor unit", () => {
    expect(depositDue({ depositPercent: 0 }, 4500, "INR")).toBe(0);
    expect(depositDue({ depositPercent: 30 }, 4500, "INR")).toBe(1350);
    expect(depositDue({ depositPercent: 33.33 }, 100.01, "INR")).toBe(33.33);
    expect(depositDue({ depositPercent: 12.5 }, 1001, "JPY")).toBe(125);
    expect(depositDue({ depositPercent: 100 }, 1234.56, "INR")).toBe(1234.56);
  });
});
