/**
 * Every shipped language is complete (docs/decisions/047-languages.md): each catalog holds exactly the
 * messages the code writes now (collected from the source as `npm run i18n:extract` does), and Spanish and
 * Hindi translate every one of them.
 */
import { getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../domain/languages.js";

describe("the screens' catalogs", () => {
  it("hold every message the code writes and no other, translated in every language", async () => {
    const config = getConfig({ cwd: process.cwd(), skipValidation: true });
    expect(config.locales.filter((locale) => locale !== config.pseudoLocale)).toEqual([...LANGUAGES]);
    const catalogs = await getCatalogs(config);
    expect(catalogs.length).toBeGreaterThan(0);
    for (const catalog of catalogs) {
      const written = Object.keys((await catalog.collect()) ?? {}).sort();
      const shipped = await catalog.readAll(LANGUAGES.slice());
      for (const language of LANGUAGES) {
        const messages = shipped[language] ?? {};
        expect(Object.keys(messages).sort(), `${catalog.path} ${language}: run npm run i18n:extract`).toEqual(
          written,
        );
        if (language === config.sourceLocale) continue;
        const untranslated = written.filter((id) => !messages[id]?.translation);
        expect(untranslated, `${catalog.path} ${language}: untranslated`).toEqual([]);
      }
    }
  }, 60_000);
});
