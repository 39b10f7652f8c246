import { describe, expect, it } from "vitest";
import { LIMITS } from "./constants.js";
import { roomNumberRange } from "./room-ranges.js";

describe("roomNumberRange", () => {
  it("lists 101 to 112, both included", () => {
    const range = roomNumberRange("101", "112");
    expect(range.problem).toBeNull();
    expect(range.numbers).toEqual([
      "101",
      "102",
      "103",
      "104",
      "105",
      "106",
      "107",
      "108",
      "109",
      "110",
      "111",
      "112",
    ]);
  });

  it("keeps a prefix and the width of a zero-padded first number", () => {
    expect(roomNumberRange(" G-01 ", "G-12").numbers).toEqual(
      Array.from({ length: 12 }, (_, i) => `G-${String(i + 1).padStart(2, "0")}`),
    );
    expect(roomNumberRange("G-9", "G-11").numbers).toEqual(["G-9", "G-10", "G-11"]);
  });

  it("answers one room when first and last are the same", () => {
    expect(roomNumberRange("7", "7")).toEqual({ numbers: ["7"], problem: null });
  });

  it.each([
    ["", "12", "Enter the first and the last room number."],
    ["101", " ", "Enter the first and the last room number."],
    ["A", "B", "Both numbers must end in digits, e.g. 101 to 112."],
    ["G-1", "H-3", "Both numbers must start the same way (G-)."],
    ["112", "101", "The last number must not be below the first."],
    ["1", String(LIMITS.bulkRooms + 1), `Add at most ${LIMITS.bulkRooms} rooms at a time.`],
    ["1", "9999999999999999", "Those numbers are too long to count."],
    ["ABCDEFGHIJKLMNOPQRS1", "ABCDEFGHIJKLMNOPQRS10", "Room numbers must be at most 20 characters."],
  ])("refuses %j to %j: %s", (first, last, problem) => {
    expect(roomNumberRange(first, last)).toEqual({ numbers: [], problem });
  });

  it("accepts exactly the bound", () => {
    expect(roomNumberRange("1", String(LIMITS.bulkRooms)).numbers).toHaveLength(LIMITS.bulkRooms);
  });
});
