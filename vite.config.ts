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

export default defineConfig({
  root: "src/web",
  plugins: [react(), landingBudget()],
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
});
