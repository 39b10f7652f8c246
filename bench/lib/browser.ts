// Browser figures in a real headless Chromium: time until the Front Desk grid's rows are on screen, frame
// times while scrolling it, and the JavaScript each page loads (gzip bytes, compressed here with zlib).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, type BrowserContext, chromium, type Response } from "playwright-core";
import { CHROMIUM_ARGS } from "../../e2e/chromium.js";
import { median, percentile } from "./stats.js";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export { CHROMIUM_ARGS };

// What the scripts below keep on the page's window.
declare global {
  interface Window {
    __gridVisible: Promise<number>;
    __events: { id: number; duration: number }[];
    __pointerDown: number;
  }
}

const GRID_ROW = 'table[aria-label="Availability"] tbody tr';

export type RenderFigures = {
  totalMs: number;
  dataStartMs: number;
  dataMs: number;
  afterDataMs: number;
  coldMs: number;
  rows: number;
  runs: number;
};
export type ScrollFigures = {
  p50: number;
  p95: number;
  max: number;
  over25: number;
  over50: number;
  frames: number;
  step: number;
};
export type JsShipped = { files: number; rawKb: number; gzipKb: number };
export type ClickFigures = {
  inpP50: number;
  inpMax: number;
  readyP50: number;
  readyMax: number;
  runs: number;
};
export type InteractionFigures = { openStay: ClickFigures; book: ClickFigures };

// Runs before the app: resolves with performance.now() at the first animation frame after a grid row exists.
const watchGrid = (selector: string) => {
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

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

const VIEWPORT = { width: 1440, height: 900 };

async function prepareContext(
  context: BrowserContext,
  baseUrl: string,
  session: string | null | undefined,
): Promise<void> {
  // The functions this module runs in the page are compiled by tsx, which keeps their names through an
  // `__name` helper that exists only in Node: give the page a do-nothing one before anything else runs.
  await context.addInitScript({ content: "globalThis.__name = (fn) => fn;" });
  if (session) await context.addCookies([{ name: "innkeep_session", value: session, url: baseUrl }]);
}

async function signedInContext(
  browser: Browser,
  baseUrl: string,
  session: string | null | undefined,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await prepareContext(context, baseUrl, session);
  return context;
}

/** A signed-in context whose pages record when the Front Desk grid's rows are on screen (`renderOnce`). */
export async function renderContext(
  browser: Browser,
  baseUrl: string,
  session: string | null | undefined,
): Promise<BrowserContext> {
  const context = await signedInContext(browser, baseUrl, session);
  await context.addInitScript(watchGrid, GRID_ROW);
  return context;
}

export type RenderLoad = { visible: number; dataStart: number; dataEnd: number; rows: number };

/** One navigation to /hms/frontdesk in a fresh page of `context` (from `renderContext`). */
export async function renderOnce(context: BrowserContext, baseUrl: string): Promise<RenderLoad> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/hms/frontdesk`);
  const load = await page.evaluate(async (selector) => {
    const visible = await Promise.race([
      window.__gridVisible,
      new Promise<number>((_, reject) =>
        setTimeout(() => reject(new Error("no grid row on screen within 60 s")), 60_000),
      ),
    ]);
    const data = performance
      .getEntriesByType("resource")
      .find((e): e is PerformanceResourceTiming => e.name.includes("/availability?"));
    return {
      visible,
      dataStart: data?.startTime ?? Number.NaN,
      dataEnd: data?.responseEnd ?? Number.NaN,
      rows:
        Number(document.querySelector(selector.replace(" tbody tr", ""))?.getAttribute("aria-rowcount")) - 1,
    };
  }, GRID_ROW);
  await page.close();
  return load;
}

function renderFigures(loads: RenderLoad[]): RenderFigures {
  return {
    totalMs: median(loads.map((l) => l.visible)),
    dataStartMs: median(loads.map((l) => l.dataStart)),
    dataMs: median(loads.map((l) => l.dataEnd - l.dataStart)),
    afterDataMs: median(loads.map((l) => l.visible - l.dataEnd)),
    coldMs: loads[0]?.visible ?? Number.NaN,
    rows: loads.at(-1)?.rows ?? 0,
    runs: loads.length,
  };
}

/**
 * Navigates to /hms/frontdesk `runs` times (fresh page each time, warm HTTP cache after the first) in a
 * context of its own: like a private window, it keeps no compiled code between loads.
 */
export async function gridRender(
  browser: Browser,
  baseUrl: string,
  session: string | undefined,
  runs: number,
): Promise<RenderFigures> {
  const context = await renderContext(browser, baseUrl, session);
  const loads: RenderLoad[] = [];
  for (let i = 0; i < runs; i++) loads.push(await renderOnce(context, baseUrl));
  await context.close();
  return renderFigures(loads);
}

/**
 * The same in a browser profile on disk, as a clerk's own browser keeps one: after the first visits the
 * browser also keeps the scripts' compiled code beside its HTTP cache (V8's code cache, which a private
 * context has no disk for), so a return to the Front Desk compiles little. Two visits warm it, then `runs`
 * are measured.
 */
export async function gridRenderReturning(
  baseUrl: string,
  session: string | undefined,
  runs: number,
): Promise<RenderFigures> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-bench-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: VIEWPORT,
  });
  try {
    await prepareContext(context, baseUrl, session);
    await context.addInitScript(watchGrid, GRID_ROW);
    for (let i = 0; i < 2; i++) await renderOnce(context, baseUrl);
    const loads: RenderLoad[] = [];
    for (let i = 0; i < runs; i++) loads.push(await renderOnce(context, baseUrl));
    return renderFigures(loads);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** Scrolls the grid by `step` px per animation frame and records the time between frames. */
export async function scrollFrames(
  browser: Browser,
  baseUrl: string,
  session: string | undefined,
  { frames = 240, step = 48 } = {},
): Promise<ScrollFigures> {
  const context = await signedInContext(browser, baseUrl, session);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/hms/frontdesk`);
  await page.locator(GRID_ROW).first().waitFor();
  const deltas = await page.evaluate(
    async ({ frames, step }) => {
      const scroller = document.querySelector(".fd-scroll");
      if (!scroller) throw new Error("no .fd-scroll on the page");
      const out: number[] = [];
      await new Promise<void>((resolve) => {
        let last = performance.now();
        const tick = (now: number) => {
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
    over50: deltas.filter((d) => d > 50).length,
    frames: deltas.length,
    step,
  };
}

/** Loads `path` and sums the gzip size of every script it fetched (lazy route chunks included). */
export async function jsShipped(
  browser: Browser,
  baseUrl: string,
  session: string | null | undefined,
  path: string,
  waitFor: string,
): Promise<JsShipped> {
  const context = await signedInContext(browser, baseUrl, session);
  const page = await context.newPage();
  const scripts: Response[] = [];
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

// Runs before the app: keeps every Event Timing entry of a real interaction (the entries INP is made of).
const watchInteractions = () => {
  window.__events = [];
  new PerformanceObserver((list) => {
    // interactionId is not in TypeScript's DOM types yet.
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
      if (entry.interactionId) window.__events.push({ id: entry.interactionId, duration: entry.duration });
    }
  }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
};

// In the page: resolves with the time from the last pointerdown to the first frame after `selector` exists.
const timeUntil = (selector: string) =>
  new Promise<number>((resolve, reject) => {
    setTimeout(() => reject(new Error(`${selector} did not appear within 10 s of the click`)), 10_000);
    const done = () => requestAnimationFrame(() => resolve(performance.now() - window.__pointerDown));
    if (document.querySelector(selector)) return done();
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      done();
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  });

/** In the page: where to click the `nth` match of `selector` that is wholly inside the grid's visible part. */
const inView = ({ selector, nth }: { selector: string; nth: number }) => {
  const frame = document.querySelector(".fd-scroll")?.getBoundingClientRect();
  const head = document.querySelector(".fd-scroll thead")?.getBoundingClientRect();
  if (!frame || !head) throw new Error("no grid on the page");
  const visible = [...document.querySelectorAll(selector)]
    .map((element) => element.getBoundingClientRect())
    .filter(
      (r) =>
        r.top >= head.bottom &&
        r.bottom <= frame.bottom &&
        r.left >= frame.left + 100 &&
        r.right <= frame.right,
    );
  const rect = visible[nth % visible.length];
  if (!rect) throw new Error(`no ${selector} in view`);
  return { x: rect.left + Math.min(12, rect.width / 2), y: rect.top + rect.height / 2 };
};

/**
 * Clicks on the 1,000-room grid with real mouse input, `runs` times each: a stay (its details dialog opens)
 * and a free night (the booking form opens with it filled in). For each: the interaction's latency as
 * Chromium's Event Timing API measures it (input to the next paint, what INP reports; entries under 16 ms
 * are not reported, so 0 means under 16 ms) and the time until the dialog's content is on screen.
 */
export async function gridInteractions(
  browser: Browser,
  baseUrl: string,
  session: string | undefined,
  runs: number,
): Promise<InteractionFigures> {
  const context = await signedInContext(browser, baseUrl, session);
  await context.addInitScript(watchInteractions);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/hms/frontdesk`);
  await page.locator(GRID_ROW).first().waitFor();
  await page.evaluate(() => {
    document.addEventListener(
      "pointerdown",
      () => {
        window.__pointerDown = performance.now();
      },
      true,
    );
  });
  const interact = async (selector: string, nth: number, readySelector: string) => {
    const box = await page.evaluate(inView, { selector, nth });
    const before = await page.evaluate(() => window.__events.length);
    const ready = page.evaluate(timeUntil, readySelector);
    ready.catch(() => {}); // awaited below; a failed click must surface as itself, not as this
    await page.mouse.click(box.x, box.y);
    const readyMs = await ready;
    await page.waitForTimeout(100); // let the Event Timing entries of this click arrive
    const inp = await page.evaluate(
      (from) => Math.max(0, ...window.__events.slice(from).map((e) => e.duration)),
      before,
    );
    await page.keyboard.press("Escape");
    await page.locator("dialog[open]").waitFor({ state: "detached" });
    return { inp, readyMs };
  };
  const stays = [];
  const books = [];
  for (let i = 0; i < runs; i++) {
    // The stay's details are ready once its code is in the dialog's heading (it comes with the details).
    stays.push(await interact(`${GRID_ROW} button.fd-bar`, i * 3, "dialog[open] h2 code"));
    books.push(await interact(`${GRID_ROW} td.free`, i * 5 + 1, "dialog[open] input"));
  }
  await context.close();
  const summary = (list: { inp: number; readyMs: number }[]): ClickFigures => ({
    inpP50: median(list.map((r) => r.inp)),
    inpMax: Math.max(...list.map((r) => r.inp)),
    readyP50: median(list.map((r) => r.readyMs)),
    readyMax: Math.max(...list.map((r) => r.readyMs)),
    runs: list.length,
  });
  return { openStay: summary(stays), book: summary(books) };
}
