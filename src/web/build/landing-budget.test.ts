import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Chunk } from "./entry-budget.js";
import { checkLanding } from "./landing-budget.js";

const ROOT = "/repo";
const npm = (path: string) => `${ROOT}/node_modules/${path}`;
const src = (path: string) => `${ROOT}/src/web/${path}`;

const chunk = (fileName: string, moduleIds: string[], more: Partial<Chunk> = {}): Chunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  moduleIds,
  code: "export {};",
  ...more,
});

/** The build's shape (decision 016): the entry is the landing page; the /hms app is a dynamic import. */
const landing = chunk(
  "assets/index.js",
  [
    "\0vite/preload-helper.js",
    npm("react/cjs/react.production.js"),
    npm("react-dom/cjs/react-dom-client.production.js"),
    npm("scheduler/cjs/scheduler.production.js"),
    src("index.html"),
    src("main.tsx"),
    src("styles/app.css"),
    src("screens/landing/LandingPage.tsx"),
    src("components/LoginButton.tsx"),
    src("components/LoadingPage.tsx"),
    src("api/auth.ts"),
  ],
  { isEntry: true, facadeModuleId: src("index.html") },
);
const app = chunk("assets/App.js", [npm("react-router/dist/production/chunk.mjs"), src("App.tsx")], {
  imports: ["assets/index.js"],
});

describe("the landing page's JavaScript budget", () => {
  it("passes React and the landing page's own modules, and leaves the /hms app (a dynamic import) out", () => {
    const report = checkLanding([landing, app], ROOT);
    expect(report.problems).toEqual([]);
    expect(report.files).toEqual(["assets/index.js"]);
    expect(report.gzipKb).toBeGreaterThan(0);
  });

  it("names the router, TanStack Query and /hms code when the entry imports them, in any chunk it loads", () => {
    const shared = chunk("assets/client.js", [
      npm("@tanstack/query-core/build/modern/queryClient.js"),
      npm("@tanstack/react-query/build/modern/index.js"),
      `${ROOT}/src/domain/constants.ts`,
    ]);
    const entry = { ...landing, imports: ["assets/client.js", "assets/App.js"] };
    const report = checkLanding([entry, shared, app], ROOT);
    expect(report.files).toEqual(["assets/index.js", "assets/client.js", "assets/App.js"]);
    expect(report.problems).toEqual([
      "package @tanstack/query-core is in the landing page's JavaScript (what may be is listed in src/web/build/landing-budget.ts)",
      "package @tanstack/react-query is in the landing page's JavaScript (what may be is listed in src/web/build/landing-budget.ts)",
      "package react-router is in the landing page's JavaScript (what may be is listed in src/web/build/landing-budget.ts)",
      "src/domain/constants.ts is in the landing page's JavaScript (what may be is listed in src/web/build/landing-budget.ts)",
      "src/web/App.tsx is in the landing page's JavaScript (what may be is listed in src/web/build/landing-budget.ts)",
    ]);
  });

  it("fails over 80 KB gzip, counting every chunk the entry imports", () => {
    // Random bytes do not compress (as base64, gzip takes them back to about their size): 2 × 45 KB is over
    // the budget, one alone is not.
    const heavy = () => randomBytes(45 * 1024).toString("base64");
    const vendor = chunk("assets/vendor.js", [npm("react-dom/index.js")], { code: heavy() });
    const entry = { ...landing, code: heavy(), imports: ["assets/vendor.js"] };
    expect(checkLanding([{ ...landing, code: heavy() }], ROOT).problems).toEqual([]);
    const report = checkLanding([entry, vendor], ROOT);
    expect(report.gzipKb).toBeGreaterThan(80);
    expect(report.problems).toEqual([
      `the landing page's JavaScript is ${report.gzipKb.toFixed(1)} KB gzip, over 80 KB`,
    ]);
  });

  it("refuses a build without the landing page's entry", () => {
    expect(checkLanding([app], ROOT).problems).toEqual([
      "expected one entry chunk for src/web/index.html, found 0",
    ]);
  });

  it("checks the landing page's entry only, beside the booking page's", () => {
    const book = chunk("assets/book.js", [npm("preact/dist/preact.mjs"), src("book/main.tsx")], {
      isEntry: true,
      facadeModuleId: src("book.html"),
    });
    const report = checkLanding([book, landing, app], ROOT);
    expect(report.problems).toEqual([]);
    expect(report.files).toEqual(["assets/index.js"]);
  });
});
