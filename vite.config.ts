import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { type Chunk, checkLanding, LANDING_BUDGET_KB } from "./src/web/build/landing-budget.js";

const repository = fileURLToPath(new URL(".", import.meta.url));

/** Fails the build when the landing page's JavaScript breaks its budget (decision 016). */
function landingBudget(): Plugin {
  return {
    name: "innkeep:landing-budget",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is Chunk & typeof output => output.type === "chunk",
      );
      const report = checkLanding(chunks, repository);
      if (report.problems.length > 0) this.error(`Landing page budget:\n  ${report.problems.join("\n  ")}`);
      this.info(
        `landing page JS ${report.gzipKb.toFixed(1)} KB gzip in ${report.files.length} file(s), budget ${LANDING_BUDGET_KB} KB`,
      );
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
  plugins: [react(), landingBudget(), productionDependencies()],
  resolve: {
    alias: command === "build" ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // Lets the server hint the /hms app and Front Desk route chunks on /hms pages (src/server/http/app-shell.ts).
    manifest: true,
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:3000",
      "/auth": "http://127.0.0.1:3000",
      "/dev-idp": "http://127.0.0.1:3000",
    },
  },
}));
