/**
 * The language the booking page speaks (decision 047: "chosen on the booking engine"): the one the link
 * names (`?lang=es`), else the browser's first that Innkeep is written in. The guest's choice is put back in
 * the address, so a reload or a shared link keeps it, and the link to manage the booking carries it too.
 * Components read the words through `useSpeech`, so choosing another language re-renders every text without
 * losing the step the guest is on.
 */
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import { type Language, pickLanguage } from "../../domain/languages.js";
import { WORDS, WORDS_BY_LANGUAGE, type Words } from "./words.js";

/** The address's name for the language. */
export const LANGUAGE_PARAM = "lang";

export type Speech = {
  language: Language;
  words: Words;
  /** Shows the page in `language` and keeps it in the address. */
  choose: (language: Language) => void;
};

export const SpeechContext = createContext<Speech>({ language: "en", words: WORDS, choose: () => {} });

export function useSpeech(): Speech {
  return useContext(SpeechContext);
}

export function wordsOf(language: Language): Words {
  return WORDS_BY_LANGUAGE[language];
}

/**
 * The page's language for an address's query (`search`) and the browser's languages (`preferred`, most
 * wanted first): a `lang` the page is written in ("es", or "es-MX" read as Spanish) comes first.
 */
export function pageLanguage(search: string, preferred: readonly string[]): Language {
  const named = new URLSearchParams(search).get(LANGUAGE_PARAM);
  return pickLanguage(named ? [named, ...preferred] : preferred);
}

/** `href` with its `lang` set to `language`; its path, other parameters and fragment kept. */
export function withLanguage(href: string, language: Language): string {
  const url = new URL(href);
  url.searchParams.set(LANGUAGE_PARAM, language);
  return url.href;
}

/**
 * `href` in the page's `language` when the page's own address (`search`) names one: a link the page hands on
 * (the manage link) then opens in the language the guest chose. Otherwise it follows its reader's browser,
 * as this page did.
 */
export function keepLanguage(href: string, search: string, language: Language): string {
  return new URLSearchParams(search).has(LANGUAGE_PARAM) ? withLanguage(href, language) : href;
}
