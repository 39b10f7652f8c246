/**
 * Dates, numbers and money in the language shown (docs/decisions/047-languages.md): each language writes
 * them in its `Intl` locale (`LANGUAGE_LOCALES`). English keeps the domain's own formats (`formatDay`,
 * `weekdayLabel`), which docs/product.md words; the other languages ask `Intl` for theirs.
 */
import { useLingui } from "@lingui/react";
import { useMemo } from "react";
import { formatDay, type IsoDate, parseIsoDate, weekdayLabel } from "../../domain/dates.js";
import { isLanguage, LANGUAGE_LOCALES } from "../../domain/languages.js";

/** The `Intl` locale of a language the screens show; the pseudo-language writes as English does. */
export function localeOf(language: string): string {
  return isLanguage(language) ? LANGUAGE_LOCALES[language] : LANGUAGE_LOCALES.en;
}

/**
 * Whether `language` writes dates and numbers as English does (English, and the pseudo-language, which checks
 * words, not formats): the screens then keep the domain's English formats word for word.
 */
export function writesAsEnglish(language: string): boolean {
  return language === "en" || !isLanguage(language);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A calendar date's own day (read in UTC, so the viewer's time zone never moves it), kept per locale. */
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    formats.set(key, format);
  }
  return format;
}

export type DateWords = {
  /** The `Intl` locale of the language shown. */
  locale: string;
  /** "24 Dec" in the year of `today` (the hotel's), else with its year; "24 dic" in Spanish. */
  day(date: IsoDate, today: IsoDate): string;
  /** The weekday's short name: "Mon", "lun", "सोम". */
  weekday(date: IsoDate): string;
  /** A moment (an ISO timestamp) as the hotel's clock shows it: date and time. */
  moment(iso: string, timeZone: string): string;
  /** A plain number: "1,234.5" in English (India), "1234,5" in Spanish. */
  number(value: number, options?: Intl.NumberFormatOptions): string;
};

/** The date and number formats of a language; `useDateWords` gives the shown one's. */
export function dateWords(language: string): DateWords {
  const locale = localeOf(language);
  const english = writesAsEnglish(language);
  return {
    locale,
    day(date, today) {
      if (english) return formatDay(date, today);
      const sameYear = date.slice(0, 4) === today.slice(0, 4);
      return dateFormat(locale, {
        day: "numeric",
        month: "short",
        ...(sameYear ? {} : { year: "numeric" }),
      }).format(parseIsoDate(date));
    },
    weekday(date) {
      return english
        ? weekdayLabel(date)
        : dateFormat(locale, { weekday: "short" }).format(parseIsoDate(date));
    },
    moment(iso, timeZone) {
      return new Intl.DateTimeFormat(english ? "en-GB" : locale, {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone,
      }).format(new Date(iso));
    },
    number(value, options) {
      return new Intl.NumberFormat(locale, options).format(value);
    },
  };
}

/** The shown language's date and number formats; a new object only when the language changes. */
export function useDateWords(): DateWords {
  const { i18n } = useLingui();
  const language = i18n.locale;
  return useMemo(() => dateWords(language), [language]);
}
