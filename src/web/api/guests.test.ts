import { describe, expect, it } from "vitest";
import { fileName, guestListPath } from "./guests.js";

describe("guest API helpers", () => {
  it("reads the file name the export's content-disposition gives", () => {
    expect(fileName('attachment; filename="guest-asha.json"')).toBe("guest-asha.json");
    expect(fileName("attachment; filename=guest.json")).toBe("guest.json");
    expect(fileName("attachment; filename=\"x.json\"; filename*=UTF-8''Zo%C3%AB.json")).toBe("Zoë.json");
    expect(fileName("attachment")).toBeNull();
    expect(fileName(null)).toBeNull();
  });

  it("leaves a blank search out of the list URL and pages by the last id", () => {
    expect(guestListPath("p1", "  ", { limit: 50 })).toBe("/api/properties/p1/guests?limit=50");
    expect(guestListPath("p1", " asha ", { limit: 8, before: "g9" })).toBe(
      "/api/properties/p1/guests?limit=8&q=asha&before=g9",
    );
  });
});
