import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HK_STATUSES } from "./constants.js";
import { compareRoomNumbers, isRoomReady } from "./rooms.js";

describe("compareRoomNumbers", () => {
  it("sorts numbers numerically and letters after digits", () => {
    const shuffled = ["G-10", "101", "G-2", "10", "2"];
    expect([...shuffled].sort(compareRoomNumbers)).toEqual(["2", "10", "101", "G-2", "G-10"]);
  });

  it("compares pairwise in natural order", () => {
    expect(compareRoomNumbers("2", "10")).toBeLessThan(0);
    expect(compareRoomNumbers("10", "101")).toBeLessThan(0);
    expect(compareRoomNumbers("101", "G-2")).toBeLessThan(0);
    expect(compareRoomNumbers("G-2", "G-10")).toBeLessThan(0);
    expect(compareRoomNumbers("G-10", "G-2")).toBeGreaterThan(0);
    expect(compareRoomNumbers("101", "101")).toBe(0);
  });

  it("ignores case for order but still breaks ties deterministically", () => {
    expect(compareRoomNumbers("g-2", "G-10")).toBeLessThan(0);
    const a = ["g-2", "G-2"].sort(compareRoomNumbers);
    const b = ["G-2", "g-2"].sort(compareRoomNumbers);
    expect(a).toEqual(b);
    expect(compareRoomNumbers("G-2", "g-2")).not.toBe(0);
  });
});

describe("compareRoomNumbers agrees with the numeric collator", () => {
  const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
  const sign = (n: number) => Math.sign(n);
  const numbers = fc.oneof(
    fc.nat({ max: 100_000 }).map(String),
    fc.stringMatching(/^[0-9]{1,25}$/),
    fc.constantFrom("0", "00", "007", "7", "10", "010"),
  );
  const anyNumber = fc.oneof(numbers, fc.stringMatching(/^[A-Za-z0-9-]{1,6}$/));

  it("for plain numbers, numbers with leading zeros and mixed room numbers", () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, (a, b) => {
        const order = collator.compare(a, b);
        // Equal for the collator: only the deterministic tie-break may decide.
        if (order !== 0) expect(sign(compareRoomNumbers(a, b))).toBe(sign(order));
        else expect(sign(compareRoomNumbers(a, b))).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("isRoomReady", () => {
  it("is true for clean and inspected rooms only", () => {
    expect(HK_STATUSES.filter(isRoomReady)).toEqual(["clean", "inspected"]);
  });
});
