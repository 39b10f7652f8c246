import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./dates.js";
import { nightlyRateLookup, type RateOverride, stayNightlyRates, stayTotal, sumMoney } from "./pricing.js";

/** One night's price, through the stay rule the server uses. */
function nightlyPrice(date: string, roomTypeId: string | null, overrides: RateOverride[], baseRate: number) {
  return stayNightlyRates({
    checkInDate: date,
    checkOutDate: addDays(date, 1),
    roomTypeId,
    baseRate,
    overrides,
  })[0];
}

const DELUXE = "rt-deluxe";
const SUITE = "rt-suite";

/** A night of the `days` from 2027-06-01 on. */
const arbitraryNight = (days: number) =>
  fc.integer({ min: 0, max: days - 1 }).map((d) => addDays("2027-06-01", d));

/** An override on one of `nights`, for a type or All, with a price from `price` or none. */
const arbitraryOverride = (nights: fc.Arbitrary<string>, price: fc.Arbitrary<number>) =>
  fc.record({
    date: nights,
    roomTypeId: fc.constantFrom(DELUXE, SUITE, null),
    price: fc.option(price, { nil: null }),
  });

const overrides: RateOverride[] = [
  { date: "2026-03-10", roomTypeId: null, price: 2000 },
  { date: "2026-03-10", roomTypeId: DELUXE, price: 3000 },
  { date: "2026-03-11", roomTypeId: null, price: 2500 },
  { date: "2026-03-12", roomTypeId: SUITE, price: 9000 },
];

describe("nightlyPrice precedence", () => {
  it.each([
    ["type-specific override beats the All override", "2026-03-10", DELUXE, overrides, 3000],
    ["All override beats the base rate", "2026-03-10", SUITE, overrides, 2000],
    ["All override beats the base rate", "2026-03-11", DELUXE, overrides, 2500],
    ["falls back to the base rate", "2026-03-12", DELUXE, overrides, 1500],
    ["falls back to the base rate", "2026-03-13", DELUXE, overrides, 1500],
    ["falls back to the base rate", "2026-03-10", DELUXE, [], 1500],
    ["ignores other types' overrides", "2026-03-12", SUITE, overrides, 9000],
    ["ignores other types' overrides", "2026-03-12", DELUXE, overrides, 1500],
  ])("%s (%s, %s)", (_, date, roomTypeId, list, price) => {
    expect(nightlyPrice(date, roomTypeId, list, 1500)).toBe(price);
  });

  it("a stay without a room type only sees All overrides", () => {
    expect(nightlyPrice("2026-03-10", null, overrides, 0)).toBe(2000);
    expect(nightlyPrice("2026-03-12", null, overrides, 0)).toBe(0);
  });

  it("honours a zero-priced override rather than falling through", () => {
    const free: RateOverride[] = [
      { date: "2026-03-10", roomTypeId: DELUXE, price: 0 },
      { date: "2026-03-10", roomTypeId: null, price: 2000 },
    ];
    expect(nightlyPrice("2026-03-10", DELUXE, free, 1500)).toBe(0);
  });

  it("uses the first of duplicate entries", () => {
    const dup: RateOverride[] = [
      { date: "2026-03-10", roomTypeId: DELUXE, price: 100 },
      { date: "2026-03-10", roomTypeId: DELUXE, price: 200 },
    ];
    expect(nightlyPrice("2026-03-10", DELUXE, dup, 1500)).toBe(100);
  });
});

describe("stayTotal", () => {
  it("sums each night of [checkIn, checkOut), excluding the check-out date", () => {
    // 10th: 3000 (deluxe), 11th: 2500 (All), 12th: 1500 (base); the 13th is check-out.
    const total = stayTotal({
      checkInDate: "2026-03-10",
      checkOutDate: "2026-03-13",
      roomTypeId: DELUXE,
      baseRate: 1500,
      overrides,
    });
    expect(total).toBe(7000);
  });

  it("prices stays over a month end and a year end", () => {
    const monthEnd: RateOverride[] = [
      { date: "2026-01-31", roomTypeId: null, price: 2000 },
      { date: "2026-02-01", roomTypeId: DELUXE, price: 4000 },
    ];
    const total = stayTotal({
      checkInDate: "2026-01-30",
      checkOutDate: "2026-02-03",
      roomTypeId: DELUXE,
      baseRate: 1000,
      overrides: monthEnd,
    });
    expect(total).toBe(1000 + 2000 + 4000 + 1000);
    expect(
      stayTotal({
        checkInDate: "2025-12-31",
        checkOutDate: "2026-01-02",
        roomTypeId: DELUXE,
        baseRate: 1500,
        overrides: [],
      }),
    ).toBe(3000);
  });

  it("includes Feb 29 in a leap year", () => {
    const input = { roomTypeId: DELUXE, baseRate: 100, overrides: [] };
    expect(stayTotal({ ...input, checkInDate: "2028-02-28", checkOutDate: "2028-03-01" })).toBe(200);
    expect(stayTotal({ ...input, checkInDate: "2027-02-28", checkOutDate: "2027-03-01" })).toBe(100);
  });

  it("is exact with fractional prices", () => {
    const total = stayTotal({
      checkInDate: "2026-03-01",
      checkOutDate: "2026-03-04",
      roomTypeId: DELUXE,
      baseRate: 0.1,
      overrides: [{ date: "2026-03-02", roomTypeId: null, price: 0.2 }],
    });
    expect(total).toBe(0.4);
  });

  it("treats a missing base rate as 0 for a stay with no room type", () => {
    const dates = { checkInDate: "2026-03-10", checkOutDate: "2026-03-13" };
    expect(stayTotal({ ...dates, roomTypeId: null, overrides: [] })).toBe(0);
    expect(stayTotal({ ...dates, roomTypeId: null, baseRate: null, overrides })).toBe(2000 + 2500);
  });

  it("is 0 for a stay with no nights", () => {
    const input = { roomTypeId: DELUXE, baseRate: 1500, overrides };
    expect(stayTotal({ ...input, checkInDate: "2026-03-10", checkOutDate: "2026-03-10" })).toBe(0);
  });
});

describe("an override without a price", () => {
  it("never makes a night free: the next price that applies does (type, then All, then base rate)", () => {
    const restrictionOnly: RateOverride[] = [
      { date: "2027-05-01", roomTypeId: DELUXE, price: null },
      { date: "2027-05-01", roomTypeId: null, price: 1800 },
      { date: "2027-05-02", roomTypeId: null, price: null },
    ];
    expect(nightlyPrice("2027-05-01", DELUXE, restrictionOnly, 1500)).toBe(1800);
    expect(nightlyPrice("2027-05-02", DELUXE, restrictionOnly, 1500)).toBe(1500);
    expect(
      stayTotal({
        checkInDate: "2027-05-01",
        checkOutDate: "2027-05-03",
        roomTypeId: DELUXE,
        baseRate: 1500,
        overrides: restrictionOnly,
      }),
    ).toBe(3300);
  });

  it("prices every stay as if price-less overrides were not there (fast-check)", () => {
    const override = arbitraryOverride(arbitraryNight(10), fc.integer({ min: 0, max: 100_000 }));
    fc.assert(
      fc.property(fc.array(override, { maxLength: 12 }), fc.integer({ min: 1, max: 10 }), (list, nights) => {
        const stay = {
          checkInDate: "2027-06-01",
          checkOutDate: addDays("2027-06-01", nights),
          roomTypeId: DELUXE,
        };
        const withPrices = list.filter((o) => o.price !== null);
        expect(stayTotal({ ...stay, baseRate: 1234, overrides: list })).toBe(
          stayTotal({ ...stay, baseRate: 1234, overrides: withPrices }),
        );
      }),
    );
  });
});

describe("stayNightlyRates", () => {
  it("has one price per night, each the precedence rule's, summing to the total (fast-check)", () => {
    const override = arbitraryOverride(
      arbitraryNight(15),
      fc.integer({ min: 0, max: 10_000_000 }).map((minor) => minor / 100),
    );
    fc.assert(
      fc.property(
        fc.array(override, { maxLength: 20 }),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom(DELUXE, SUITE, null),
        (list, offset, nights, roomTypeId) => {
          const checkInDate = addDays("2027-06-01", offset);
          const stay = {
            checkInDate,
            checkOutDate: addDays(checkInDate, nights),
            roomTypeId,
            baseRate: 1234.5,
          };
          const rates = stayNightlyRates({ ...stay, overrides: list });
          expect(rates).toHaveLength(nights);
          rates.forEach((rate, i) => {
            const night = addDays(checkInDate, i);
            const priced = list.filter((o) => o.date === night && o.price !== null);
            const own = priced.find((o) => roomTypeId !== null && o.roomTypeId === roomTypeId);
            const all = priced.find((o) => o.roomTypeId === null);
            expect(rate).toBe(own?.price ?? all?.price ?? 1234.5);
          });
          expect(stayTotal({ ...stay, overrides: list })).toBe(sumMoney(rates));
        },
      ),
    );
  });

  it("adds money exactly", () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney([])).toBe(0);
  });
});

describe("nightlyRateLookup", () => {
  it("prices each night as a one-night stay would (fast-check)", () => {
    const date = arbitraryNight(10);
    const override = arbitraryOverride(date, fc.integer({ min: 0, max: 100_000 }));
    fc.assert(
      fc.property(
        fc.array(override, { maxLength: 12 }),
        date,
        fc.constantFrom(DELUXE, SUITE, null),
        (list, night, roomTypeId) => {
          expect(nightlyRateLookup(list)(night, roomTypeId, 1234)).toBe(
            nightlyPrice(night, roomTypeId, list, 1234),
          );
        },
      ),
    );
  });

  it("answers null without a base rate when no override sets a price (the All row)", () => {
    const price = nightlyRateLookup(overrides);
    expect(price("2026-03-10", null, null)).toBe(2000);
    expect(price("2026-03-12", null, null)).toBeNull();
    expect(price("2026-03-12", SUITE, null)).toBe(9000);
  });
});
