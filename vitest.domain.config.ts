import { defineConfig } from "vitest/config";
import { linguiMacros } from "./src/web/build/lingui-macros.js";

// The pure tests (domain rules and the web app's pure helpers): no database, no server, no global setup, so
// `npm run test:domain` answers in seconds. vitest.config.ts runs them as its "domain" project.
export default defineConfig({
  plugins: [linguiMacros()],
  test: {
    name: "domain",
    include: ["src/domain/**/*.test.ts", "src/web/**/*.test.ts"],
    setupFiles: ["src/web/i18n/test-setup.ts"],
  },
});
