/**
 * The landing page's JavaScript budget (decision 016), checked by entry-budget.ts on every production build.
 * The landing page may hold React, Lingui's runtime and its own modules and words (decision 047), nothing
 * else (not the router, not TanStack Query, no /hms code), and weigh at most 80 KB gzipped.
 */
import { type Chunk, checkEntry, type EntryBudget, type EntryReport } from "./entry-budget.js";

export const LANDING_BUDGET: EntryBudget = {
  page: "the landing page",
  html: "src/web/index.html",
  kb: 80,
  packages: new Set(["react", "react-dom", "scheduler", "@lingui/core", "@lingui/react"]),
  sources: [
    "src/web/index.html",
    "src/web/main.tsx",
    "src/web/screens/landing/",
    "src/web/components/LoginButton.tsx",
    "src/web/components/LoadingPage.tsx",
    "src/web/api/auth.ts",
    "src/web/styles/",
    "src/web/i18n/language.ts",
    "src/web/locales/landing/",
    "src/domain/languages.ts",
  ],
  declaredIn: "src/web/build/landing-budget.ts",
};

export const LANDING_BUDGET_KB = LANDING_BUDGET.kb;

export function checkLanding(chunks: readonly Chunk[], root: string): EntryReport {
  return checkEntry(chunks, root, LANDING_BUDGET);
}
