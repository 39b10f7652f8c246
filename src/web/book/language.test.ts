/** The booking page's language: from the link, else the browser; kept in the address and the manage link. */
import { describe, expect, it } from "vitest";
import { keepLanguage, pageLanguage, withLanguage } from "./language.js";

describe("the booking page's language", () => {
  it("speaks the link's language, else the browser's first that Innkeep is written in, else English", () => {
    expect(pageLanguage("?lang=es", ["en-US"])).toBe("es");
    expect(pageLanguage("?lang=hi-IN", ["es"])).toBe("hi");
    expect(pageLanguage("?lang=HI", [])).toBe("hi");
    // A language the page is not written in: the browser decides.
    expect(pageLanguage("?lang=fr", ["es-MX", "en"])).toBe("es");
    expect(pageLanguage("", ["de-DE", "hi-IN", "en"])).toBe("hi");
    expect(pageLanguage("?adults=2", ["fr"])).toBe("en");
  });

  it("keeps the choice in the address, with the rest of it", () => {
    expect(withLanguage("https://hotel.test/book/SUNRISE", "hi")).toBe(
      "https://hotel.test/book/SUNRISE?lang=hi",
    );
    expect(withLanguage("https://hotel.test/book/SUNRISE?x=1&lang=hi#top", "es")).toBe(
      "https://hotel.test/book/SUNRISE?x=1&lang=es#top",
    );
  });

  it("hands the chosen language on to the manage link, and nothing when the guest never chose", () => {
    const link = "https://hotel.test/book/manage/abc";
    expect(keepLanguage(link, "?lang=es", "es")).toBe(`${link}?lang=es`);
    // A language the page is not written in was asked for: the link says the one shown.
    expect(keepLanguage(link, "?lang=fr", "hi")).toBe(`${link}?lang=hi`);
    expect(keepLanguage(link, "", "es")).toBe(link);
  });
});
