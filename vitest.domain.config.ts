import { defineConfig } from "vitest/config";

// Runs only the pure domain tests, without the database global setup of vitest.config.ts.
export default defineConfig({
  test: {
    include: ["src/domain/**/*.test.ts"],
  },
});
