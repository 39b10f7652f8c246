/**
 * The screens' language (docs/decisions/047-languages.md): one Lingui instance, its catalogs loaded per
 * language and part of the app (the landing page's with the entry, the /hms app's with its chunk), Spanish
 * and Hindi only when chosen. Until the signed-in user's choice is known, the browser's language is used.
 */
import { i18n, type Messages } from "@lingui/core";
import { type Language, pickLanguage } from "../../domain/languages.js";

export type Catalog = "landing" | "app";
/** A language the screens can be shown in: the shipped ones, and the pseudo-language that checks them. */
export type ScreenLanguage = Language | "pseudo";

type Loaded = { messages: Messages };
// One chunk per language and catalog; Vite compiles each PO file on import (@lingui/vite-plugin).
const CATALOGS: Record<ScreenLanguage, Record<Catalog, () => Promise<Loaded>>> = {
  en: {
    landing: () => import("../locales/landing/en/messages.po"),
    app: () => import("../locales/app/en/messages.po"),
  },
  es: {
    landing: () => import("../locales/landing/es/messages.po"),
    app: () => import("../locales/app/es/messages.po"),
  },
  hi: {
    landing: () => import("../locales/landing/hi/messages.po"),
    app: () => import("../locales/app/hi/messages.po"),
  },
  pseudo: {
    landing: () => import("../locales/landing/pseudo/messages.po"),
    app: () => import("../locales/app/pseudo/messages.po"),
  },
};

const loaded = new Set<string>();

/** A catalog the page already has (the landing page's English, in the entry): never fetched again. */
export function loadCatalog(language: ScreenLanguage, catalog: Catalog, messages: Messages): void {
  i18n.load(language, messages);
  loaded.add(`${language}/${catalog}`);
}

/** The language the browser asks for, before anyone has chosen. */
export function browserLanguage(): Language {
  return pickLanguage(typeof navigator === "undefined" ? [] : navigator.languages);
}

const PSEUDO_KEY = "innkeep.pseudo";

/**
 * True while this tab shows the pseudo-language (docs/languages.md): asked for with `?language=pseudo` on any
 * page, kept for the tab until another `?language=` or a choice in the "Language" menu. It shows every
 * translated message accented and padded, so a string that escaped translation stands out in plain English.
 */
function pseudoRequested(): boolean {
  if (typeof window === "undefined") return false;
  const asked = new URLSearchParams(window.location.search).get("language");
  if (asked === "pseudo") window.sessionStorage.setItem(PSEUDO_KEY, "1");
  else if (asked !== null) window.sessionStorage.removeItem(PSEUDO_KEY);
  return window.sessionStorage.getItem(PSEUDO_KEY) === "1";
}

/** A language chosen in the menu ends the tab's pseudo-language. */
export function leavePseudo(): void {
  if (typeof window !== "undefined") window.sessionStorage.removeItem(PSEUDO_KEY);
}

/**
 * Shows the screens in `language` once its catalogs are in (each one loaded once); in the pseudo-language
 * instead while this tab asks for it.
 */
export async function activateLanguage(asked: ScreenLanguage, catalogs: readonly Catalog[]): Promise<void> {
  const language = pseudoRequested() ? "pseudo" : asked;
  await Promise.all(
    catalogs.map(async (catalog) => {
      const key = `${language}/${catalog}`;
      if (loaded.has(key)) return;
      const { messages } = await CATALOGS[language][catalog]();
      loadCatalog(language, catalog, messages);
    }),
  );
  i18n.activate(language);
  document.documentElement.lang = language === "pseudo" ? "en-XA" : language;
}

export { i18n };
