import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS } from "./e2e/chromium.js";

const port = Number(process.env.E2E_PORT ?? 3199);
/** The loopback mail server the suite's server sends guests' emails to, and where a test reads them. */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3198);
const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? 3197);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = path.join(os.tmpdir(), `innkeep-e2e-${process.pid}`);

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      ...(process.env.CHROMIUM_PATH ? { executablePath: process.env.CHROMIUM_PATH } : {}),
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `node e2e/server.js`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ADMIN_EMAILS: "admin@example.com",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      // The integrations test's webhook receiver listens on 127.0.0.1, which is refused otherwise.
      WEBHOOKS_ALLOW_PRIVATE: "1",
      E2E_SMTP_PORT: String(smtpPort),
      E2E_MAILBOX_PORT: String(mailboxPort),
    },
  },
});
