/**
 * The header's "Language" choice, kept per user (PUT /api/session/language), and the session's choice
 * followed when it arrives or changes (docs/decisions/047-languages.md).
 */
import { useLingui } from "@lingui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { API_PATHS } from "../../domain/api-paths.js";
import type { Language } from "../../domain/languages.js";
import type { SessionResponse } from "../../domain/schemas/session.js";
import { apiFetch } from "../api/client.js";
import { sessionKey } from "../api/session.js";
import { activateLanguage, browserLanguage, type Catalog, leavePseudo } from "./language.js";

/** The catalogs the /hms app shows. */
export const APP_CATALOGS: readonly Catalog[] = ["landing", "app"];

/** Follows the signed-in user's language (null: the browser's) whenever the session says another. */
export function useSessionLanguage(language: Language | null | undefined): void {
  useEffect(() => {
    if (language === undefined) return;
    activateLanguage(language ?? browserLanguage(), APP_CATALOGS).catch((error: unknown) =>
      console.error("Loading the screens' language failed:", error),
    );
  }, [language]);
}

/** The language shown, and a change to it: shown at once, then kept as the user's. */
export function useLanguageChoice(): { language: string; choose(language: Language): Promise<void> } {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const choose = useCallback(
    async (language: Language) => {
      leavePseudo();
      await activateLanguage(language, APP_CATALOGS);
      await apiFetch(API_PATHS.sessionLanguage, { method: "PUT", body: { language } });
      queryClient.setQueryData<SessionResponse>(sessionKey, (session) =>
        session?.user ? { user: { ...session.user, language } } : session,
      );
    },
    [queryClient],
  );
  return { language: i18n.locale, choose };
}
