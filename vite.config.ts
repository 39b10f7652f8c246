import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { bookingPageOf } from "./src/domain/booking-pages.js";
import { BOOK_BUDGET } from "./src/web/build/book-budget.js";
import { type Chunk, checkEntry, type EntryBudget } from "./src/web/build/entry-budget.js";
import { LANDING_BUDGET } from "./src/web/build/landing-budget.js";
import { linguiMacros } from "./src/web/build/lingui-macros.js";

const repository = fileURLToPath(new URL(".", import.meta.url));
const web = (file: string) => fileURLToPath(new URL(`./src/web/${file}`, import.meta.url));

/**
 * Fails the build when a page that is an entry of its own breaks its JavaScript budget: the landing page
 * (decision 016) and the booking page (decision 043).
 */
function entryBudgets(budgets: readonly EntryBudget[]): Plugin {
  return {
    name: "innkeep:entry-budgets",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is Chunk & typeof output => output.type === "chunk",
      );
      for (const budget of budgets) {
        const report = checkEntry(chunks, repository, budget);
        if (report.problems.length > 0)
          this.error(`Budget of ${budget.page}:\n  ${report.problems.join("\n  ")}`);
        this.info(
          `${budget.page.replace(/^the /, "")} JS ${report.gzipKb.toFixed(1)} KB gzip in ${report.files.length} file(s), budget ${budget.kb} KB`,
        );
      }
    },
  };
}

/**
 * The dev server answers the booking engine's pages with book.html, as the server does (web-app.ts). Only a
 * page load (Accept: text/html): the page's own modules live under /book/ too ("/book/main.tsx").
 */
function bookingPages(): Plugin {
  return {
    name: "innkeep:booking-pages",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [pathname = "", query] = (request.url ?? "").split("?");
        const page = request.headers.accept?.includes("text/html") && bookingPageOf(pathname);
        if (page) request.url = `/book.html${query === undefined ? "" : `?${query}`}`;
        next();
      });
    },
  };
}

/**
 * React Router's package exports name only its development build (dist/development, with its dev warnings
 * and checks), whatever the mode; a production bundle takes its production build instead. Upstream:
 * remix-run/react-router#12532 and #14102.
 */
const reactRouterProduction = fileURLToPath(
  new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
);

/** Fails the build if a development build of a dependency (React Router's, above) made it into the bundle. */
function productionDependencies(): Plugin {
  return {
    name: "innkeep:production-dependencies",
    apply: "build",
    generateBundle(_options, bundle) {
      const development = Object.values(bundle)
        .flatMap((output) => (output.type === "chunk" ? Object.keys(output.modules) : []))
        .filter((id) => /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]development[\\/]/.test(id));
      if (development.length > 0)
        this.error(`development builds in the bundle:\n  ${development.join("\n  ")}`);
    },
  };
}

export default defineConfig(({ command }) => ({
  root: "src/web",
  plugins: [
    // The booking page runs on Preact (decision 043): no React Fast Refresh wrapper around its modules.
    react({ refreshExclude: /\/src\/web\/book\// }),
    linguiMacros(),
    // Compiles the PO catalogs the app imports (src/web/i18n/).
    lingui(),
    entryBudgets([LANDING_BUDGET, BOOK_BUDGET]),
    productionDependencies(),
    bookingPages(),
  ],
  resolve: {
    alias: command === "build" ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // Lets the server hint the /hms app and Front Desk route chunks on /hms pages (src/server/http/app-shell.ts).
    manifest: true,
    // Two pages, each its own entry: the landing page with the /hms app behind it, and the booking engine.
    rollupOptions: { input: { index: web("index.html"), book: web("book.html") } },
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:3000",
      "/auth": "http://127.0.0.1:3000",
      "/dev-idp": "http://127.0.0.1:3000",
    },
  },
}));
