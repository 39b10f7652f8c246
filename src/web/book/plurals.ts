/**
 * Counted words in a language's own plural forms (`Intl.PluralRules`), never `count === 1`: Hindi's "one"
 * covers 0 too, and Spanish has a "many" for round millions (docs/languages.md, "Counts").
 */

/** A count's wording by plural category; "#" stands for the count. "other" is every language's fallback. */
export type CountForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** Words for counts in `locale` (one of LANGUAGE_LOCALES, src/domain/languages.ts). */
export function counter(locale: string): (count: number, forms: CountForms) => string {
  const rules = new Intl.PluralRules(locale);
  return (count, forms) => (forms[rules.select(count)] ?? forms.other).replaceAll("#", String(count));
}
