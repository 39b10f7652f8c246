/** The invoice PDF's words in every language (pdf-words.ts): each translated, none left in English. */
import { describe, expect, it } from "vitest";
import { expectTranslated, type Samples, TRANSLATED } from "../../test/words-check.js";
import { PDF_WORDS, type PdfWords, pdfWords } from "./pdf-words.js";

const SAMPLES: Samples<PdfWords> = {
  taxId: ["29ABCDE1234F1Z5"],
  roomNight: ["Deluxe"],
  footer: ["Invoice", "INV-1", 1, 2],
};

/** Words rightly the same as English's, by language: short on purpose, each a word the language shares. */
const SAME_AS_ENGLISH: Partial<Record<(typeof TRANSLATED)[number], string[]>> = { es: ["total"] };

describe("the invoice PDF's words", () => {
  it.each(TRANSLATED)("are all translated into %s", (language) => {
    expectTranslated(PDF_WORDS, SAMPLES, language, SAME_AS_ENGLISH[language]);
  });

  it("are a guest's language's by its base language, English for another", () => {
    expect(pdfWords("hi-IN")).toBe(PDF_WORDS.hi);
    expect(pdfWords("es")).toBe(PDF_WORDS.es);
    expect(pdfWords("de-DE")).toBe(PDF_WORDS.en);
  });
});
