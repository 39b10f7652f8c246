// Runs the Playwright suite against Chromium found at CHROMIUM_PATH, /usr/bin/chromium or Playwright's own
// cache. Playwright never downloads a browser. Outside CI a missing Chromium is reported loudly and the suite
// is skipped; with CI=true it is required.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
    Boolean,
  );
  const cache = path.join(os.homedir(), ".cache/ms-playwright");
  if (fs.existsSync(cache)) {
    for (const dir of fs.readdirSync(cache).filter((d) => d.startsWith("chromium-"))) {
      candidates.push(
        path.join(cache, dir, "chrome-linux/chrome"),
        path.join(cache, dir, "chrome-linux64/chrome"),
      );
    }
  }
  return candidates.find((candidate) => fs.existsSync(candidate));
}

const chromium = findChromium();
if (!chromium) {
  const message = "Chromium not found (set CHROMIUM_PATH or install chromium): browser end-to-end tests";
  if (process.env.CI === "true") {
    console.error(`${message} are required in CI.`);
    process.exit(1);
  }
  console.warn(`\n*** ${message} are SKIPPED ***\n`);
  process.exit(0);
}

const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
});
process.exit(result.status ?? 1);
