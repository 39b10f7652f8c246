/**
 * The booking page's rules that need no screen: the first search, what to check before asking the server,
 * a night's price as the offers show it, and one idempotency key per booking attempt. Pure, and tested in
 * stay.test.ts; the clock and the browser's language are passed in.
 */
import { addDays, compareIsoDates, isIsoDate, todayIn } from "../../domain/dates.js";
import type { GuestDetails, RatePlanOffer, StaySearch } from "./api.js";
import { type Said, say } from "./words.js";

/** A form's problems by field name, each in whatever language the page is in; empty when it may be sent. */
export type Problems = Partial<Record<string, Said>>;

/** Tonight at the hotel, for two adults: what most guests search first. */
export function firstSearch(timeZone: string, now: Date): StaySearch {
  const today = todayIn(timeZone, now);
  return { checkIn: today, checkOut: addDays(today, 1), adults: 2, children: 0 };
}

/** What the server would refuse anyway, said before the guest waits for it. `today` is the hotel's. */
export function searchProblems(search: StaySearch, today: string): Problems {
  const problems: Problems = {};
  if (!isIsoDate(search.checkIn)) problems.checkIn = say("required");
  else if (compareIsoDates(search.checkIn, today) < 0) problems.checkIn = say("checkInNotPast");
  if (!isIsoDate(search.checkOut)) problems.checkOut = say("required");
  else if (isIsoDate(search.checkIn) && compareIsoDates(search.checkOut, search.checkIn) <= 0)
    problems.checkOut = say("checkOutAfterCheckIn");
  if (!Number.isInteger(search.adults) || search.adults < 1) problems.adults = say("atLeastOneAdult");
  if (!Number.isInteger(search.children) || search.children < 0) problems.children = say("notNegative");
  return problems;
}

/** Loose on purpose: the server has the last word; this catches a missing "@" before a round trip. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function guestProblems(guest: GuestDetails): Problems {
  const problems: Problems = {};
  for (const field of ["name", "email", "phone", "country"] as const) {
    if (!guest[field].trim()) problems[field] = say("required");
  }
  if (!problems.email && !EMAIL.test(guest.email.trim())) problems.email = say("invalidEmail");
  return problems;
}

/**
 * The server's field problems by the page's field names: it names a guest's field by its path
 * ("guest.email"), the page by its last part ("email"). Its message is English (decision 047), shown as it
 * is in English and as a plea to check the field in another language.
 */
export function problemsFromServer(fields: readonly { field: string; message: string }[]): Problems {
  const problems: Problems = {};
  for (const { field, message } of fields) {
    const name = field.split(".").pop() ?? field;
    problems[name] ??= (words) => words.fieldFromServer(message);
  }
  return problems;
}

/** A plan's nightly price as one line: the same every night, or the lowest ("from") when it varies. */
export function nightlyPrice(plan: RatePlanOffer): { from: boolean; price: number } | null {
  const prices = plan.nights.map((night) => night.price);
  if (prices.length === 0) return null;
  const lowest = Math.min(...prices);
  return { from: prices.some((price) => price !== lowest), price: lowest };
}

/** The country the browser's languages name ("en-IN" → "IN"), to start the select there; "" when none does. */
export function countryFromLanguages(languages: readonly string[], known: ReadonlySet<string>): string {
  for (const language of languages) {
    try {
      const region = new Intl.Locale(language).region;
      if (region && known.has(region)) return region;
    } catch {
      // A malformed tag names no country; the next may.
    }
  }
  return "";
}

/**
 * One Idempotency-Key per booking attempt: sending the same booking again (a retry after a lost answer)
 * reuses its key, so the server books it once; a changed booking (other details, a new price) is a new
 * attempt with a new key, since the server refuses a key sent again with another body.
 */
export function attemptKeys(newKey: () => string): (body: unknown) => string {
  let last: { body: string; key: string } | null = null;
  return (body) => {
    const json = JSON.stringify(body);
    if (last?.body !== json) last = { body: json, key: newKey() };
    return last.key;
  };
}

/**
 * A random UUID. `crypto.randomUUID` exists only in secure contexts (HTTPS, localhost); a hotel testing its
 * page over plain HTTP on its network still gets a key, made the same way from `getRandomValues`.
 */
export function randomKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
