/**
 * The languages Innkeep is written in (docs/decisions/047-languages.md): the one list the screens, the emails,
 * the API's schemas and the database's check constraints (users.language) use.
 */
export const LANGUAGES = ["en", "es", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language in its own words, as a menu of languages lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", es: "Español", hi: "हिन्दी" };

/** The `Intl` locale each language writes dates, numbers and money in. */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: "en-IN", es: "es-ES", hi: "hi-IN" };

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of `preferred` (a browser's `navigator.languages`, most wanted first: "es-MX", "hi") whose base
 * language is one Innkeep is written in; English when none is.
 */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.trim().toLowerCase().split(/[-_]/u)[0] ?? "";
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
