/**
 * What the tests of the server's words (src/server/mail/words.test.ts,
 * src/server/modules/invoices/pdf-words.test.ts) check of every language (docs/decisions/047-languages.md):
 * their types already refuse a language without a key; this finds a value left in English (copied and not
 * translated), a blank one, and Hindi not written in Devanagari.
 */
import { expect } from "vitest";
import { LANGUAGES, type Language } from "../../domain/languages.js";

/** The keys of `W` whose values are sentences built from values. */
type Sentences<W> = { [K in keyof W]: W[K] extends (...args: never[]) => string ? K : never }[keyof W];
/** A sample call of every sentence: a sentence added without one is a type error in its test. */
export type Samples<W> = { [K in Sentences<W>]: W[K] extends (...args: infer A) => string ? A : never };

/**
 * Every word of one language by key, a sentence as its sample call says it, a record of words (the PDF's
 * titles by invoice kind) as one key per entry.
 */
export function flattenWords(words: object, samples: Record<string, unknown[]>): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(words)) {
    if (typeof value === "function") {
      const args = samples[key];
      if (!args) throw new Error(`no sample call of ${key}`);
      flat.set(key, String(value(...args)));
    } else if (typeof value === "object" && value !== null) {
      for (const [entry, text] of Object.entries(value)) flat.set(`${key}.${entry}`, String(text));
    } else {
      flat.set(key, String(value));
    }
  }
  return flat;
}

/** The languages besides English, each to be checked against it. */
export const TRANSLATED: readonly Language[] = LANGUAGES.filter((language) => language !== "en");

/**
 * Fails unless `language`'s words have English's keys, none blank, each different from English's but those
 * `sameAsEnglish` names (the same word in both languages), and Hindi's in Devanagari.
 */
export function expectTranslated<W extends object>(
  catalog: Readonly<Record<Language, W>>,
  samples: Samples<W>,
  language: Language,
  sameAsEnglish: readonly string[] = [],
): void {
  const english = flattenWords(catalog.en, samples as Record<string, unknown[]>);
  const translated = flattenWords(catalog[language], samples as Record<string, unknown[]>);
  expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  for (const [key, text] of english) expect(text.trim(), `en ${key}`).not.toBe("");
  for (const [key, text] of translated) {
    expect(text.trim(), `${language} ${key}`).not.toBe("");
    if (sameAsEnglish.includes(key))
      expect(text, `${language} ${key} (allowed as English)`).toBe(english.get(key));
    else expect(text, `${language} ${key} is still English`).not.toBe(english.get(key));
    if (language === "hi") expect(text, `hi ${key}`).toMatch(/\p{Script=Devanagari}/u);
  }
}
