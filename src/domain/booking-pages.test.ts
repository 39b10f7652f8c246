import { describe, expect, it } from "vitest";
import { bookingPageOf, managePath } from "./booking-pages.js";

describe("the booking engine's pages", () => {
  it("reads the property's code and a booking's token", () => {
    expect(bookingPageOf("/book/SEA1")).toEqual({ kind: "book", code: "SEA1" });
    expect(bookingPageOf("/book/SEA1/")).toEqual({ kind: "book", code: "SEA1" });
    expect(bookingPageOf("/book/manage/abc-123")).toEqual({ kind: "manage", token: "abc-123" });
    expect(bookingPageOf("/book/manage/abc-123/")).toEqual({ kind: "manage", token: "abc-123" });
  });

  it("decodes an escaped segment and refuses a malformed one", () => {
    expect(bookingPageOf("/book/Caf%C3%A9")).toEqual({ kind: "book", code: "Café" });
    expect(bookingPageOf("/book/%E0%A4%A")).toBeNull();
  });

  it("is no booking page for anything else", () => {
    for (const path of ["/", "/book", "/book/", "/book//", "/book/a/b", "/book/manage/a/b", "/hms/book/a"]) {
      expect(bookingPageOf(path)).toBeNull();
    }
    // A property may be coded "manage": without a token that is its booking page.
    expect(bookingPageOf("/book/manage")).toEqual({ kind: "book", code: "manage" });
  });

  it("writes the manage page's path back, escaped", () => {
    expect(managePath("abc-123")).toBe("/book/manage/abc-123");
    expect(bookingPageOf(managePath("a/b c"))).toEqual({ kind: "manage", token: "a/b c" });
  });
});
