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

describe("isRoomReady", () => {
  it("is true for clean and inspected rooms only", () => {
    expect(HK_STATUSES.filter(isRoomReady)).toEqual(["clean", "inspected"]);
  });
});
