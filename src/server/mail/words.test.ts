/**
 * The emails' words in every language (words.ts): each translated, none left in English, and a guest's
 * language tag picking its language's words (docs/decisions/047-languages.md).
 */
import { describe, expect, it } from "vitest";
import { expectTranslated, type Samples, TRANSLATED } from "../test/words-check.js";
import { MAIL_WORDS, type MailWords, mailWords } from "./words.js";

const SAMPLES: Samples<MailWords> = {
  greeting: ["Meera"],
  guests: [2, 1],
  invoiceSubject: ["INV-1", "Casa Lucía"],
  invoiceBody: ["INV-1", "2030-06-04", "RES-7KQ2M", "₹5,310.00"],
  creditNoteSubject: ["CN-1", "Casa Lucía"],
  creditNoteBody: ["CN-1", "2030-06-04", "RES-7KQ2M", "₹5,310.00"],
  confirmationSubject: ["BK-7Q2F", "Casa Lucía"],
  thanksForBooking: ["Casa Lucía"],
  stay: ["BK-7Q2F", "Deluxe", "Bed and breakfast", "2029-03-10", "2029-03-12", "2 adults"],
  total: ["₹5,200.00"],
  freeCancellationUntil: ["2029-03-08"],
  depositDue: ["₹1,040.00"],
  manageLink: ["https://hotel.example/book/manage/abc"],
  cancellationSubject: ["BK-7Q2F", "Casa Lucía"],
  cancelled: ["BK-7Q2F", "2029-03-10", "2029-03-12"],
};

describe("the emails' words", () => {
  it.each(TRANSLATED)("are all translated into %s", (language) => {
    expectTranslated(MAIL_WORDS, SAMPLES, language);
  });

  it("count adults and children in each language", () => {
    expect([1, 2].map((n) => MAIL_WORDS.es.guests(n, n))).toEqual(["1 adulto, 1 niño", "2 adultos, 2 niños"]);
    expect([1, 2].map((n) => MAIL_WORDS.hi.guests(n, n))).toEqual(["1 वयस्क, 1 बच्चा", "2 वयस्क, 2 बच्चे"]);
    expect(MAIL_WORDS.es.guests(1, 0)).toBe("1 adulto");
  });

  it("are a guest's language's by its base language, English for one the emails are not written in", () => {
    expect(mailWords("hi")).toBe(MAIL_WORDS.hi);
    expect(mailWords("hi-IN")).toBe(MAIL_WORDS.hi);
    expect(mailWords("es-MX")).toBe(MAIL_WORDS.es);
    expect(mailWords("ES")).toBe(MAIL_WORDS.es);
    for (const tag of ["en-GB", "fr", "xx", "", null, undefined]) expect(mailWords(tag)).toBe(MAIL_WORDS.en);
  });
});
