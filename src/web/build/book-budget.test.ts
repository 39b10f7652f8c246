import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkBook } from "./book-budget.js";
import type { Chunk } from "./entry-budget.js";

const ROOT = "/repo";
const npm = (path: string) => `${ROOT}/node_modules/${path}`;
const src = (path: string) => `${ROOT}/src/${path}`;

const chunk = (fileName: string, moduleIds: string[], more: Partial<Chunk> = {}): Chunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  moduleIds,
  code: "export {};",
  ...more,
});

/**
 * The build's shape (decision 043): the booking page is an entry of its own; the domain modules it shares
 * with the /hms app are chunks of their own that both import.
 */
const shared = chunk("assets/money.js", [src("domain/money.ts"), src("domain/dates.ts")]);
const book = chunk(
  "assets/book.js",
  [
    "\0vite/modulepreload-polyfill.js",
    npm("preact/dist/preact.mjs"),
    npm("preact/hooks/dist/hooks.mjs"),
    npm("preact/jsx-runtime/dist/jsxRuntime.mjs"),
    src("web/book.html"),
    src("web/book/main.tsx"),
    src("web/book/BookingPage.tsx"),
    src("web/book/book.css"),
    src("domain/booking-pages.ts"),
    src("domain/labels.ts"),
  ],
  { isEntry: true, facadeModuleId: src("web/book.html"), imports: ["assets/money.js"] },
);
const landing = chunk(
  "assets/index.js",
  [npm("react-dom/cjs/react-dom-client.production.js"), src("web/main.tsx")],
  { isEntry: true, facadeModuleId: src("web/index.html") },
);

describe("the booking page's JavaScript budget", () => {
  it("passes Preact, the page's own modules and the pure domain modules it shares, counting each chunk it loads", () => {
    const report = checkBook([landing, book, shared], ROOT);
    expect(report.problems).toEqual([]);
    expect(report.files).toEqual(["assets/book.js", "assets/money.js"]);
    expect(report.gzipKb).toBeGreaterThan(0);
  });

  it("names React, the router, TanStack Query and the staff app's screens and layout when they get in", () => {
    const staff = chunk("assets/staff.js", [
      npm("react/cjs/react.production.js"),
      npm("react-router/dist/production/chunk.mjs"),
      npm("@tanstack/react-query/build/modern/index.js"),
      src("web/screens/reservations/ReservationsScreen.tsx"),
      src("web/layout/HmsLayout.tsx"),
      src("domain/constants.ts"),
    ]);
    const report = checkBook(
      [{ ...book, imports: ["assets/money.js", "assets/staff.js"] }, shared, staff],
      ROOT,
    );
    const listed =
      "is in the booking page's JavaScript (what may be is listed in src/web/build/book-budget.ts)";
    expect(report.problems).toEqual([
      `package @tanstack/react-query ${listed}`,
      `package react ${listed}`,
      `package react-router ${listed}`,
      `src/domain/constants.ts ${listed}`,
      `src/web/layout/HmsLayout.tsx ${listed}`,
      `src/web/screens/reservations/ReservationsScreen.tsx ${listed}`,
    ]);
  });

  it("fails over 50 KB gzip, counting every chunk the entry imports", () => {
    // Random bytes do not compress (as base64, gzip takes them back to about their size): 2 × 30 KB is over
    // the budget, one alone is not.
    const heavy = () => randomBytes(30 * 1024).toString("base64");
    expect(checkBook([{ ...book, code: heavy() }, shared], ROOT).problems).toEqual([]);
    const report = checkBook(
      [
        { ...book, code: heavy() },
        { ...shared, code: heavy() },
      ],
      ROOT,
    );
    expect(report.gzipKb).toBeGreaterThan(50);
    expect(report.problems).toEqual([
      `the booking page's JavaScript is ${report.gzipKb.toFixed(1)} KB gzip, over 50 KB`,
    ]);
  });

  it("refuses a build without the booking page's entry", () => {
    expect(checkBook([landing, shared], ROOT).problems).toEqual([
      "expected one entry chunk for src/web/book.html, found 0",
    ]);
  });
});
