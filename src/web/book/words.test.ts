/**
 * The booking page's words (words.ts, words-es.ts, words-hi.ts): English exactly as the page has always said
 * it, every language complete and actually translated, counts by each language's plural rules, amounts and
 * dates in each language's locale.
 */
import { describe, expect, it } from "vitest";
import { LANGUAGE_LOCALES, LANGUAGES } from "../../domain/languages.js";
import { money, stayDate } from "./format.js";
import { WORDS, WORDS_BY_LANGUAGE, type Words } from "./words.js";

type SentenceKey = {
  [K in keyof Words]: Words[K] extends (...args: never[]) => string ? K : never;
}[keyof Words];
type Args<K extends SentenceKey> = Words[K] extends (...args: infer A) => string ? A : never;

/** Values to say each sentence with: a sentence added to the words without any here fails the type check. */
const SAMPLES: { [K in SentenceKey]: Args<K>[] } = {
  fromServer: [["The request body is too large"]],
  fieldFromServer: [["must be an email address"]],
  upToGuests: [[1], [2], [5]],
  nightsCount: [[1], [2], [5]],
  perNight: [["₹2,000.00"]],
  perNightFrom: [["₹2,000.00"]],
  freeCancellation: [[0], [1], [2], [7]],
  depositDue: [["₹2,000.00"]],
  bookPlan: [["Standard", "Deluxe"]],
  priceChanged: [["₹4,500.00"]],
  emailOnItsWay: [["asha@example.com"]],
  guestCount: [
    [1, 0],
    [2, 1],
    [2, 3],
  ],
};

/**
 * Words a translation may share with English because the language says them so too ("Total" is Spanish as
 * well). Keep it short: anything else equal to the English is a word left untranslated.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = { es: ["total"], hi: [] };

/** Every text of `words`, by key ("statuses.booked", "nightsCount(2)"), said with the samples. */
function texts(words: Words): Map<string, string> {
  const all = new Map<string, string>();
  for (const [key, value] of Object.entries(words)) {
    if (key === "locale") continue;
    if (typeof value === "string") all.set(key, value);
    else if (typeof value === "function") {
      const say = value as (...args: unknown[]) => string;
      for (const args of SAMPLES[key as SentenceKey]) all.set(`${key}(${args.join(", ")})`, say(...args));
    } else for (const [status, text] of Object.entries(value)) all.set(`${key}.${status}`, text);
  }
  return all;
}

describe("the booking page's words", () => {
  it("says everything in English exactly as before", () => {
    expect(WORDS.locale).toBe("en-IN");
    expect([1, 2, 5].map(WORDS.upToGuests)).toEqual(["Up to 1 guest", "Up to 2 guests", "Up to 5 guests"]);
    expect([1, 2].map(WORDS.nightsCount)).toEqual(["1 night", "2 nights"]);
    expect([0, 1, 3].map(WORDS.freeCancellation)).toEqual([
      "Free cancellation until the day of arrival",
      "Free cancellation until 1 day before arrival",
      "Free cancellation until 3 days before arrival",
    ]);
    expect(WORDS.guestCount(1, 0)).toBe("1 adult");
    expect(WORDS.guestCount(2, 1)).toBe("2 adults, 1 child");
    expect(WORDS.guestCount(2, 3)).toBe("2 adults, 3 children");
    expect(WORDS.bookPlan("Standard", "Deluxe")).toBe("Book Deluxe, Standard");
    expect(WORDS.fromServer("The request body is too large")).toBe("The request body is too large");
    expect(WORDS.statuses).toEqual({
      booked: "Confirmed",
      checked_in: "Checked in",
      checked_out: "Checked out",
      cancelled: "Cancelled",
      no_show: "Not arrived (no-show)",
    });
    expect(WORDS.checkIn).toBe("Check-in");
    expect(WORDS.language).toBe("Language");
  });

  it("has every language's words, in its own locale", () => {
    expect(Object.keys(WORDS_BY_LANGUAGE).sort()).toEqual([...LANGUAGES].sort());
    const english = [...texts(WORDS).keys()];
    for (const language of LANGUAGES) {
      const words = WORDS_BY_LANGUAGE[language];
      expect(words.locale, language).toBe(LANGUAGE_LOCALES[language]);
      expect([...texts(words).keys()], language).toEqual(english);
      for (const [key, text] of texts(words)) expect(text.trim(), `${language} ${key}`).not.toBe("");
    }
  });

  it("translates every word into Spanish and Hindi, but for the few the languages share", () => {
    const english = texts(WORDS);
    for (const language of ["es", "hi"] as const) {
      const same = [...texts(WORDS_BY_LANGUAGE[language])]
        .filter(([key, text]) => text === english.get(key))
        .map(([key]) => key);
      expect(same, `${language}: words equal to the English`).toEqual(SAME_AS_ENGLISH[language]);
    }
  });

  it("counts by each language's plural rules", () => {
    const { es, hi } = WORDS_BY_LANGUAGE;
    expect([1, 2].map(es.nightsCount)).toEqual(["1 noche", "2 noches"]);
    expect([1, 4].map(es.upToGuests)).toEqual(["Hasta 1 huésped", "Hasta 4 huéspedes"]);
    // Spanish's "many" (a round million) falls back to the plural.
    expect(es.nightsCount(1_000_000)).toBe("1000000 noches");
    expect(es.guestCount(2, 1)).toBe("2 adultos, 1 niño");
    expect([1, 2].map(hi.nightsCount)).toEqual(["1 रात", "2 रातें"]);
    // Hindi's "one" is 0 and 1.
    expect([0, 1, 3].map((n) => hi.guestCount(2, n))).toEqual(["2 वयस्क", "2 वयस्क, 1 बच्चा", "2 वयस्क, 3 बच्चे"]);
    expect(hi.freeCancellation(2)).toBe("आगमन से 2 दिन पहले तक मुफ़्त रद्दीकरण");
  });

  it("writes amounts and dates in the language's locale", () => {
    const { en, es, hi } = WORDS_BY_LANGUAGE;
    expect(stayDate("2026-06-12", es.locale)).toBe("vie, 12 jun 2026");
    expect(stayDate("2026-06-12", hi.locale)).toContain("जून");
    expect(money(1234.5, "EUR", es.locale)).toBe("1234,50\u00a0€");
    expect(money(123456.5, "INR", en.locale)).toBe("₹1,23,456.50");
    expect(money(123456.5, "INR", hi.locale)).toBe("₹1,23,456.50");
  });
});
