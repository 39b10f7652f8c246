import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../domain/constants.js";
import { addDays } from "../../../domain/dates.js";
import { MESSAGES } from "../../../domain/errors.js";
import { CHOOSE_BOTH_DATES, reportWindowProblem } from "./reportWindow.js";

describe("reportWindowProblem", () => {
  it("accepts a window whose end is after its start", () => {
    expect(reportWindowProblem("2027-03-01", "2027-03-08")).toBeNull();
    expect(reportWindowProblem("2027-03-01", "2027-03-02")).toBeNull();
  });
  it.each([
    ["", "2027-03-08"],
    ["2027-03-01", ""],
    ["2027-02-30", "2027-03-08"],
  ])("asks for both dates while one is missing or not a date (%j, %j)", (from, to) => {
    expect(reportWindowProblem(from, to)).toBe(CHOOSE_BOTH_DATES);
  });
  it("refuses an end on or before the start with the server's message", () => {
    expect(reportWindowProblem("2027-03-08", "2027-03-08")).toBe(MESSAGES.endAfterStart);
    expect(reportWindowProblem("2027-03-08", "0202-03-08")).toBe(MESSAGES.endAfterStart);
  });
  it("waits out a year being typed: 0002 … 0202 make windows longer than the server allows", () => {
    for (const year of ["0002", "0020", "0202"]) {
      expect(reportWindowProblem(`${year}-03-01`, "2027-03-08")).toMatch(/at most/);
    }
    expect(reportWindowProblem("2027-03-01", addDays("2027-03-01", LIMITS.maxReportDays))).toBeNull();
  });
});
