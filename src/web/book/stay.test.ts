import { describe, expect, it } from "vitest";
import type { RatePlanOffer } from "./api.js";
import {
  attemptKeys,
  countryFromLanguages,
  firstSearch,
  guestProblems,
  nightlyPrice,
  problemsFromServer,
  randomKey,
  searchProblems,
} from "./stay.js";
import { type Said, WORDS, WORDS_BY_LANGUAGE } from "./words.js";

/** A form's problems as an English page shows them. */
const shown = (problems: Partial<Record<string, Said>>) =>
  Object.fromEntries(Object.entries(problems).map(([field, said]) => [field, said?.(WORDS)]));

describe("the booking page's rules", () => {
  it("searches tonight at the hotel for two adults first", () => {
    // 20:00 UTC on 10 March is already 11 March in Kolkata (UTC+5:30), still 10 March in New York.
    const now = new Date("2030-03-10T20:00:00Z");
    expect(firstSearch("Asia/Kolkata", now)).toEqual({
      checkIn: "2030-03-11",
      checkOut: "2030-03-12",
      adults: 2,
      children: 0,
    });
    expect(firstSearch("America/New_York", now).checkIn).toBe("2030-03-10");
  });

  it("checks a search before asking the server", () => {
    const today = "2030-03-10";
    const ok = { checkIn: "2030-03-10", checkOut: "2030-03-12", adults: 1, children: 0 };
    expect(shown(searchProblems(ok, today))).toEqual({});
    expect(shown(searchProblems({ ...ok, checkOut: "2030-03-10" }, today))).toEqual({
      checkOut: WORDS.checkOutAfterCheckIn,
    });
    expect(shown(searchProblems({ ...ok, checkIn: "2030-03-09" }, today))).toEqual({
      checkIn: WORDS.checkInNotPast,
    });
    expect(shown(searchProblems({ ...ok, checkIn: "", checkOut: "" }, today))).toEqual({
      checkIn: WORDS.required,
      checkOut: WORDS.required,
    });
    expect(shown(searchProblems({ ...ok, adults: 0, children: Number.NaN }, today))).toEqual({
      adults: WORDS.atLeastOneAdult,
      children: WORDS.notNegative,
    });
  });

  it("asks for every guest field and an address that looks like one", () => {
    const guest = { name: "Asha Rao", email: "asha@example.com", phone: "+91 98765 43210", country: "IN" };
    expect(shown(guestProblems(guest))).toEqual({});
    expect(shown(guestProblems({ name: " ", email: "", phone: "", country: "" }))).toEqual({
      name: WORDS.required,
      email: WORDS.required,
      phone: WORDS.required,
      country: WORDS.required,
    });
    expect(shown(guestProblems({ ...guest, email: "asha.example.com" }))).toEqual({
      email: WORDS.invalidEmail,
    });
  });

  it("puts the server's field problems on the page's fields", () => {
    expect(
      shown(
        problemsFromServer([
          { field: "guest.email", message: "must be an email address" },
          { field: "checkIn", message: "must be a date" },
        ]),
      ),
    ).toEqual({ email: "must be an email address", checkIn: "must be a date" });
    // The server writes English (decision 047): another language asks the guest to check the field.
    const [problem] = Object.values(problemsFromServer([{ field: "guest.phone", message: "is too long" }]));
    expect(problem?.(WORDS_BY_LANGUAGE.es)).toBe(WORDS_BY_LANGUAGE.es.fieldFromServer("is too long"));
    expect(problem?.(WORDS_BY_LANGUAGE.es)).not.toContain("is too long");
  });

  it("shows one price a night, or the lowest when the nights differ", () => {
    const plan = (prices: number[]): RatePlanOffer => ({
      ratePlanId: "p",
      name: "Flexible",
      total: prices.reduce((sum, price) => sum + price, 0),
      nights: prices.map((price, i) => ({ date: `2030-03-1${i}`, price })),
      cancellationDays: 2,
      depositDue: 0,
    });
    expect(nightlyPrice(plan([100, 100]))).toEqual({ from: false, price: 100 });
    expect(nightlyPrice(plan([120, 95.5, 100]))).toEqual({ from: true, price: 95.5 });
    expect(nightlyPrice(plan([]))).toBeNull();
  });

  it("starts the country at the one the browser's language names", () => {
    const known = new Set(["IN", "ES", "GB"]);
    expect(countryFromLanguages(["en-IN", "en"], known)).toBe("IN");
    expect(countryFromLanguages(["en", "es-ES"], known)).toBe("ES");
    expect(countryFromLanguages(["en", "not a tag", "fr-FR"], known)).toBe("");
  });

  it("keeps one idempotency key per attempt: the same booking again reuses it, a changed one gets a new one", () => {
    let made = 0;
    const keyFor = attemptKeys(() => `key-${++made}`);
    const booking = { ratePlanId: "p", expectedTotal: 200, guest: { name: "Asha" } };
    expect(keyFor(booking)).toBe("key-1");
    expect(keyFor({ ...booking })).toBe("key-1"); // a retry after a lost answer
    expect(keyFor({ ...booking, expectedTotal: 210 })).toBe("key-2"); // the price moved: a new attempt
    expect(keyFor(booking)).toBe("key-3");
  });

  it("makes version 4 UUIDs", () => {
    const key = randomKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomKey()).not.toBe(key);
  });
});
