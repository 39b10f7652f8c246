/**
 * A guest profile's words in the language shown (docs/decisions/047-languages.md): the profile's name when it
 * has none, its count of stays, and countries and languages by name. English reads exactly as
 * `src/domain/labels.ts` writes it (the server's exports use that); the other languages ask
 * `Intl.DisplayNames` in their own locale.
 */
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import * as english from "../../domain/labels.js";
import { localeOf, writesAsEnglish } from "./format.js";
import { GUEST_WITHOUT_A_NAME } from "./labels.js";

type Choice = { code: string; name: string };

export type GuestWords = {
  /** The `Intl` locale of the language shown, for sorting names. */
  locale: string;
  /** `guestDisplayName`: the name, else email or phone, else "Guest without a name". */
  name(guest: { name: string; email?: string; phone?: string }): string;
  /** `staysLabel`: "1 stay", "3 stays". */
  stays(count: number): string;
  /** `countryName`: "IN" → "India", "India" in Spanish, "भारत" in Hindi. */
  countryName(code: string): string;
  /** `languageName`: "hi" → "Hindi", "Hindi" in Spanish, "हिन्दी" in Hindi. */
  languageName(tag: string): string;
  /** `countryChoices`: every country a guest may come from, sorted by the shown name. */
  countryChoices(): readonly Choice[];
};

const namers = new Map<string, { region: Intl.DisplayNames; language: Intl.DisplayNames }>();
const choices = new Map<string, readonly Choice[]>();

function namer(locale: string) {
  let found = namers.get(locale);
  if (!found) {
    found = {
      region: new Intl.DisplayNames([locale], { type: "region", fallback: "none" }),
      language: new Intl.DisplayNames([locale], { type: "language", fallback: "none" }),
    };
    namers.set(locale, found);
  }
  return found;
}

/** A name as a list shows it: Spanish writes language names in lower case ("hindi"), a menu starts with a capital. */
function listed(name: string, locale: string): string {
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

function countryName(code: string, locale: string): string {
  if (!code) return "";
  try {
    return namer(locale).region.of(code) ?? code;
  } catch {
    return code;
  }
}

function languageName(tag: string, locale: string): string {
  if (!tag) return "";
  try {
    const name = namer(locale).language.of(tag);
    return name ? listed(name, locale) : tag;
  } catch {
    // RangeError: not a well-formed tag (an old record); show what is stored.
    return tag;
  }
}

/** The same countries as the domain's list, named and sorted in `locale`; kept per locale. */
function countryChoices(locale: string): readonly Choice[] {
  let found = choices.get(locale);
  if (!found) {
    found = english
      .countryChoices()
      .map(({ code }) => ({ code, name: countryName(code, locale) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
    choices.set(locale, found);
  }
  return found;
}

/** The shown language's words for guest profiles. */
export function useGuestWords(): GuestWords {
  const { t, i18n } = useLingui();
  const locale = localeOf(i18n.locale);
  const isEnglish = writesAsEnglish(i18n.locale);
  return {
    locale,
    name: (guest) =>
      guest.name.trim() || guest.email?.trim() || guest.phone?.trim() || t(GUEST_WITHOUT_A_NAME),
    stays: (count) => t({ message: plural(count, { one: "# stay", other: "# stays" }) }),
    countryName: (code) => (isEnglish ? english.countryName(code) : countryName(code, locale)),
    languageName: (tag) => (isEnglish ? english.languageName(tag) : languageName(tag, locale)),
    countryChoices: () => (isEnglish ? english.countryChoices() : countryChoices(locale)),
  };
}
