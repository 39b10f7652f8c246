/**
 * The booking page's JavaScript budget (decision 043), checked by entry-budget.ts on every production build.
 * A guest on a phone opens it from a hotel's website: it runs on Preact and its own modules with a few pure
 * ones of src/domain, never the staff app's (React, the router, TanStack Query, src/web/screens or layout),
 * and weighs at most 50 KB gzipped.
 */
import { type Chunk, checkEntry, type EntryBudget, type EntryReport } from "./entry-budget.js";

export const BOOK_BUDGET: EntryBudget = {
  page: "the booking page",
  html: "src/web/book.html",
  kb: 50,
  packages: new Set(["preact"]),
  sources: [
    "src/web/book.html",
    "src/web/book/",
    "src/domain/booking-pages.ts",
    "src/domain/dates.ts",
    "src/domain/labels.ts",
    "src/domain/languages.ts",
    "src/domain/money.ts",
  ],
  declaredIn: "src/web/build/book-budget.ts",
};

export function checkBook(chunks: readonly Chunk[], root: string): EntryReport {
  return checkEntry(chunks, root, BOOK_BUDGET);
}
