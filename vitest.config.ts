import { defineConfig } from "vitest/config";

// Tests that start real server processes (SIGKILL, start-up, a second run's lock) or several instances on
// one database: the slowest, run on their own by `npm run test:process`.
const PROCESS_TESTS = [
  "src/server/main.test.ts",
  "src/server/hardening/crash.test.ts",
  "src/server/hardening/crash-keyed.test.ts",
  "src/server/hardening/disk-full.test.ts",
  "src/server/hardening/backup.test.ts",
  "src/server/hardening/startup.test.ts",
  "src/server/hardening/instances.test.ts",
  "src/server/hardening/day-close-instances.test.ts",
  "src/server/webhook-delivery/webhook-crash.test.ts",
];

const server = { testTimeout: 30_000, hookTimeout: 60_000, pool: "forks" } as const;

// `vitest run` runs every project; `--project api` or `--project process` runs one. The global setup (test
// databases migrated once, cloned per suite) is the root's, so it runs once per run whichever projects run.
export default defineConfig({
  test: {
    globalSetup: ["src/server/test/global-setup.ts"],
    projects: [
      "vitest.domain.config.ts",
      { test: { name: "api", include: ["src/server/**/*.test.ts"], exclude: PROCESS_TESTS, ...server } },
      { test: { name: "process", include: PROCESS_TESTS, ...server } },
    ],
  },
});
