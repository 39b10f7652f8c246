/**
 * The staff app's catalogs (docs/decisions/047-languages.md): `npm run i18n:extract` collects every message the
 * screens write (Lingui's macros, English as it is shown) into one PO catalog per language; the build
 * compiles them (@lingui/vite-plugin). `src/web/i18n/catalogs.test.ts` fails when a shipped language lacks a
 * translation or keeps one the code no longer uses.
 */
import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/** What the landing page shows: everything else is the /hms app's. */
const LANDING = [
  "<rootDir>/src/web/main.tsx",
  "<rootDir>/src/web/screens/landing",
  "<rootDir>/src/web/components/LoadingPage.tsx",
  "<rootDir>/src/web/components/LoginButton.tsx",
];

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es", "hi", "pseudo"],
  pseudoLocale: "pseudo",
  fallbackLocales: { default: "en" },
  catalogs: [
    // The landing page's own words, in its entry (its JavaScript budget, decision 016).
    {
      path: "<rootDir>/src/web/locales/landing/{locale}/messages",
      include: LANDING,
    },
    // The /hms app's, loaded with its chunk.
    {
      path: "<rootDir>/src/web/locales/app/{locale}/messages",
      include: ["<rootDir>/src/web"],
      exclude: [
        "**/*.test.*",
        "<rootDir>/src/web/book/**",
        ...LANDING.map((path) => (path.endsWith(".tsx") ? path : `${path}/**`)),
      ],
    },
  ],
  // Without line numbers and dates, a catalog changes only when its messages do.
  format: formatter({ lineNumbers: false, printLinguiId: false }),
  orderBy: "messageId",
});
