import { describe, expect, it } from "vitest";
import { LANGUAGE_LOCALES, LANGUAGE_NAMES, LANGUAGES, pickLanguage } from "./languages.js";

describe("languages", () => {
  it("picks the browser's first language that Innkeep is written in, by its base language", () => {
    expect(pickLanguage(["es-MX", "en-US"])).toBe("es");
    expect(pickLanguage(["fr-FR", "hi-IN", "en"])).toBe("hi");
    expect(pickLanguage(["EN_gb"])).toBe("en");
    expect(pickLanguage(["fr", "de"])).toBe("en");
    expect(pickLanguage([])).toBe("en");
  });

  it("names each language in its own words and gives it an Intl locale the runtime knows", () => {
    expect(LANGUAGES.map((language) => LANGUAGE_NAMES[language])).toEqual(["English", "Español", "हिन्दी"]);
    for (const language of LANGUAGES) {
      expect(Intl.NumberFormat.supportedLocalesOf([LANGUAGE_LOCALES[language]])).toEqual([
        LANGUAGE_LOCALES[language],
      ]);
    }
  });
});
