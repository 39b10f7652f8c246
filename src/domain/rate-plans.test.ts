import { describe, expect, it } from "vitest";
import { planNightPrice, priceStay } from "./pricing.js";
import { cancellationOpen, depositDue, freeCancellationUntil, planSellsType } from "./rate-plans.js";

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
