/**
 * Dates, numbers and money in a guest's language (docs/decisions/047-languages.md), for what the server writes
 * to guests: emails (src/server/mail/templates.ts) and invoice PDFs (src/server/modules/invoices/pdf.ts).
 * English keeps the formats docs/product.md words (a date as YYYY-MM-DD, a plain number as JavaScript writes
 * it), as the staff screens do (src/web/i18n/format.ts); Spanish and Hindi ask `Intl` in their locale.
 */
import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES, type Language, pickLanguage } from "../../domain/languages.js";
import { formatMoney } from "../../domain/money.js";

/**
 * The language a guest is written to in: `guests.language` holds any BCP 47 tag ("hi-IN", "es-MX", "fr"), so
 * its base language if Innkeep is written in it, else English.
 */
export function guestLanguage(tag: string | null | undefined): Language {
  return tag ? pickLanguage([tag]) : DEFAULT_LANGUAGE;
}

export type Formats = {
  language: Language;
  /** The `Intl` locale (`LANGUAGE_LOCALES`). */
  locale: string;
  /** A calendar date (YYYY-MM-DD, or the date of a timestamp): "10 de marzo de 2029" long, "10 mar 2029" medium. */
  date(iso: string, style?: "long" | "medium"): string;
  /** A quantity. */
  number(value: number): string;
  /** A tax rate given in percent (18 → "18%", "18 %" in Spanish). */
  percent(value: number): string;
  money(amount: number, currency: string): string;
};

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** Building a formatter costs more than using one, and an invoice formats a date per line: one each, kept. */
function kept<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let format = cache.get(key) as F | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

function build(language: Language): Formats {
  const locale = LANGUAGE_LOCALES[language];
  const english = language === "en";
  // English's percent is the one pdf.ts always wrote: en-IN digits and a "%" straight after.
  const percentFormat = kept(`${locale} percent`, () =>
    english
      ? new Intl.NumberFormat(locale, { maximumFractionDigits: 3 })
      : new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 3 }),
  );
  return {
    language,
    locale,
    date(iso, style = "long") {
      const day = iso.slice(0, 10);
      if (english) return day;
      // A calendar date's own day: read at UTC midnight and written in UTC, so no time zone moves it.
      const format = kept(
        `${locale} ${style}`,
        () => new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: "UTC" }),
      );
      const parsed = new Date(`${day}T00:00:00Z`);
      return Number.isNaN(parsed.getTime()) ? day : format.format(parsed);
    },
    number(value) {
      return english
        ? String(value)
        : kept(`${locale} number`, () => new Intl.NumberFormat(locale)).format(value);
    },
    percent(value) {
      return english ? `${percentFormat.format(value)}%` : percentFormat.format(value / 100);
    },
    money(amount, currency) {
      return formatMoney(amount, currency, { locale });
    },
  };
}

const FORMATS = new Map<Language, Formats>();

/** The formats of `language`. */
export function formatsOf(language: Language): Formats {
  let formats = FORMATS.get(language);
  if (!formats) {
    formats = build(language);
    FORMATS.set(language, formats);
  }
  return formats;
}
