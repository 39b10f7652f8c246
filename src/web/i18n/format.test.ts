import { describe, expect, it } from "vitest";
import { formatDay, weekdayLabel } from "../../domain/dates.js";
import { dateWords, writesAsEnglish } from "./format.js";

describe("the screens' formats per language", () => {
  it("keep the domain's English formats in English and the pseudo-language, and Intl's elsewhere", () => {
    expect([
      writesAsEnglish("en"),
      writesAsEnglish("pseudo"),
      writesAsEnglish("es"),
      writesAsEnglish("hi"),
    ]).toEqual([true, true, false, false]);
    for (const language of ["en", "pseudo"]) {
      expect(dateWords(language).day("2026-12-24", "2026-11-27")).toBe(formatDay("2026-12-24", "2026-11-27"));
      expect(dateWords(language).weekday("2026-11-30")).toBe(weekdayLabel("2026-11-30"));
    }
    expect(dateWords("es").day("2027-01-02", "2026-11-27")).toBe("2 ene 2027");
    expect(dateWords("es").weekday("2026-11-30")).toBe("lun");
  });
});
