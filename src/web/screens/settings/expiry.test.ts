import { describe, expect, it } from "vitest";
import { endOfDayIn } from "./expiry.js";

describe("endOfDayIn", () => {
  it("ends the day at the hotel, not in UTC", () => {
    expect(endOfDayIn("2025-06-30", "Asia/Kolkata")).toBe("2025-06-30T18:29:59Z");
    expect(endOfDayIn("2025-06-30", "UTC")).toBe("2025-06-30T23:59:59Z");
    expect(endOfDayIn("2025-06-30", "Pacific/Honolulu")).toBe("2025-07-01T09:59:59Z");
  });

  it("crosses a month and a year end", () => {
    expect(endOfDayIn("2025-12-31", "Europe/Berlin")).toBe("2025-12-31T22:59:59Z");
  });

  it("follows a daylight-saving change on that night", () => {
    // Europe/London moves to summer time at 01:00 on 2025-03-30; the 29th still ends in winter time.
    expect(endOfDayIn("2025-03-29", "Europe/London")).toBe("2025-03-29T23:59:59Z");
    expect(endOfDayIn("2025-03-30", "Europe/London")).toBe("2025-03-30T22:59:59Z");
    // America/Sao_Paulo had no 2018-11-04 midnight (clocks jumped from 00:00 to 01:00); the 3rd ends at
    // the first instant of the 4th, 03:00Z.
    expect(endOfDayIn("2018-11-03", "America/Sao_Paulo")).toBe("2018-11-04T02:59:59Z");
  });
});
