// Browser figures in a real headless Chromium: time until the Front Desk grid's rows are on screen, frame
// times while scrolling it, and the JavaScript each page loads (gzip bytes, compressed here with zlib).
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { median, percentile } from "./stats.js";

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const GRID_ROW = 'table[aria-label="Availability"] tbody tr';

// Runs before the app: resolves with performance.now() at the first animation frame after a grid row exists.
const watchGrid = (selector) => {
  window.__gridVisible = new Promise((resolve) => {
    const seen = () => {
      if (!document.querySelector(selector)) return false;
      requestAnimationFrame(() => resolve(performance.now()));
      return true;
    };
    const observer = new MutationObserver(() => seen() && observer.disconnect());
    observer.observe(document, { childList: true, subtree: true });
  });
};

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
}

async function signedInContext(browser, baseUrl, session) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (session) await context.addCookies([{ name: "innkeep_session", value: session, url: baseUrl }]);
  return context;
}

/** Navigates to /hms/frontdesk `runs` times (fresh page each time, warm HTTP cache after the first). */
export async function gridRender(browser, baseUrl, session, runs) {
  const context = await signedInContext(browser, baseUrl, session);
  await context.addInitScript(watchGrid, GRID_ROW);
  const total = [];
  const afterData = [];
  const dataStart = [];
  const dataTime = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/hms/frontdesk`);
    const result = await page.evaluate(async (selector) => {
      const visible = await window.__gridVisible;
      const data = performance.getEntriesByType("resource").find((e) => e.name.includes("/availability?"));
      return {
        visible,
        dataStart: data?.startTime ?? Number.NaN,
        dataEnd: data?.responseEnd ?? Number.NaN,
        rows:
          Number(document.querySelector(selector.replace(" tbody tr", ""))?.getAttribute("aria-rowcount")) -
          1,
      };
    }, GRID_ROW);
    total.push(result.visible);
    afterData.push(result.visible - result.dataEnd);
    dataStart.push(result.dataStart);
    dataTime.push(result.dataEnd - result.dataStart);
    rows = result.rows;
    await page.close();
  }
  await context.close();
  return {
    totalMs: median(total),
    dataStartMs: median(dataStart),
    dataMs: median(dataTime),
    afterDataMs: median(afterData),
    coldMs: total[0],
    rows,
    runs,
  };
}

/** Scrolls the grid by `step` px per animation frame and records the time between frames. */
export async function scrollFrames(browser, baseUrl, session, { frames = 240, step = 48 } = {}) {
  const context = await signedInContext(browser, baseUrl, session);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/hms/frontdesk`);
  await page.locator(GRID_ROW).first().waitFor();
  const deltas = await page.evaluate(
    async ({ frames, step }) => {
      const scroller = document.querySelector(".fd-scroll");
      const out = [];
      await new Promise((resolve) => {
        let last = performance.now();
        const tick = (now) => {
          out.push(now - last);
          last = now;
          scroller.scrollTop += step;
          if (out.length < frames) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      return out.slice(1);
    },
    { frames, step },
  );
  await context.close();
  return {
    p50: percentile(deltas, 50),
    p95: percentile(deltas, 95),
    max: Math.max(...deltas),
    over25: deltas.filter((d) => d > 25).length,
    frames: deltas.length,
    step,
  };
}

/** Loads `path` and sums the gzip size of every script it fetched (lazy route chunks included). */
export async function jsShipped(browser, baseUrl, session, path, waitFor) {
  const context = await signedInContext(browser, baseUrl, session);
  const page = await context.newPage();
  const scripts = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response);
  });
  // Not "networkidle": the /hms pages hold an event stream open for good.
  await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
  await page.locator(waitFor).first().waitFor();
  await page.waitForTimeout(1000);
  let raw = 0;
  let gzip = 0;
  for (const response of scripts) {
    const body = await response.body();
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  await context.close();
  return { files: scripts.length, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}
