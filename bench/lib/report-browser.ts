// The browser's part of docs/benchmarks.md: the Front Desk render, clicks and scrolling, and the JavaScript
// each /hms route's first screen loads.
import { kb, num, table } from "./format.js";
import type { firstScreenJs } from "./manifest.js";
import { ms } from "./stats.js";
import type { BrowserFigures } from "./suite.js";

/** Clicks on the 1,000-room grid (gridInteractions in browser.ts). */
function interactionRows(i: BrowserFigures["interactions"] | undefined): string[][] {
  if (!i) return [];
  const inp = (x: BrowserFigures["interactions"]["book"]) =>
    x.inpMax === 0 ? "under 16 ms (none reported)" : `${ms(x.inpP50)} / ${ms(x.inpMax)}`;
  return [
    [
      `Click a stay → its details on screen: median / worst (${i.openStay.runs} clicks)`,
      `${ms(i.openStay.readyP50)} / ${ms(i.openStay.readyMax)}`,
    ],
    ["… interaction latency (INP, Event Timing): median / worst", inp(i.openStay)],
    [
      `Click a free night → booking form ready: median / worst (${i.book.runs} clicks)`,
      `${ms(i.book.readyP50)} / ${ms(i.book.readyMax)}`,
    ],
    ["… interaction latency (INP, Event Timing): median / worst", inp(i.book)],
  ];
}

function browserSection(b: BrowserFigures): string {
  const rows = [
    ["Front Desk: navigation start → grid rows on screen (median of 5)", ms(b.render.totalMs)],
    ["… until the availability request starts (app, session, property)", ms(b.render.dataStartMs)],
    ["… the availability request", ms(b.render.dataMs)],
    ["… after the availability response arrived (render)", ms(b.render.afterDataMs)],
    ["… first visit, cold HTTP cache", ms(b.render.coldMs)],
    ...(b.returning
      ? [
          [
            "… in a browser profile on disk (compiled code kept between visits, as a clerk's own browser)",
            ms(b.returning.totalMs),
          ],
        ]
      : []),
    ["Rows in the grid", num(b.render.rows)],
    ...interactionRows(b.interactions),
    [
      `Scroll frame time p50 / p95 / max (${b.scroll.frames} frames, ${b.scroll.step} px per frame)`,
      `${ms(b.scroll.p50)} / ${ms(b.scroll.p95)} / ${ms(b.scroll.max)}`,
    ],
    ["Frames over 25 ms while scrolling", `${b.scroll.over25} of ${b.scroll.frames}`],
    [
      "JS shipped, landing page `/` (gzip / raw)",
      `${kb(b.landingJs.gzipKb)} / ${kb(b.landingJs.rawKb)} in ${b.landingJs.files} files`,
    ],
    [
      "JS shipped, `/hms` (Front Desk) (gzip / raw)",
      `${kb(b.hmsJs.gzipKb)} / ${kb(b.hmsJs.rawKb)} in ${b.hmsJs.files} files`,
    ],
  ];
  return table(["Browser figure (PGlite server)", "Value"], rows);
}

/** Rows per /hms route: what its first screen loads (firstScreenJs in manifest.ts). */
export function firstScreenSection({
  routes,
  unknown,
}: NonNullable<ReturnType<typeof firstScreenJs>>): string {
  const rows = routes.map((r) => [`\`${r.path}\``, `${kb(r.gzipKb)} / ${kb(r.rawKb)} in ${r.files} files`]);
  return `## First screen JavaScript per /hms route

${table(["/hms route", "First screen JS (gzip / raw)"], rows)}

From Vite's build manifest (\`dist/web/.vite/manifest.json\`): for each route, the entry chunk, the chunks on the
way from it to the screen (the router's, when the entry loads it lazily), the \`/hms\` layout, \`RequirePermission\`
beside a role-gated screen and the route's screen chunk, each with every chunk it imports, each file counted
once and gzipped at level 9 with zlib. \`/hms\` itself opens Front Desk. Chunks loaded later
(a dialog's, another route's) are not counted; the browser's "JS shipped" figure above also counts what the
page's \`modulepreload\` hints fetch.${unknown.length > 0 ? ` **Screens in the build but not in the bench's route list (not measured): ${unknown.join(", ")}.**` : ""}
`;
}

/** The Browser section: the figures (PGlite server) and how they are measured. */
export function browserPart(b: BrowserFigures): string {
  return `## Browser\n\n${browserSection(b)}

Render time runs from navigation start to the first animation frame after the first grid row is in the
document (a MutationObserver installed before the app loads), signed in, on \`/hms/frontdesk\`: it includes
loading the app, the session, the property and the availability data. "After the availability response"
subtracts the response's \`responseEnd\` (Resource Timing). The five loads are pages of one browser context of
their own, which, like a private window, keeps the HTTP cache in memory and no compiled code between loads;
"in a browser profile on disk" measures the same in a persistent profile after two visits, where Chromium
also keeps the scripts' compiled code (V8's code cache), as a clerk's own browser does. Scrolling moves \`.fd-scroll\` by a fixed step every
animation frame and records the time between frames. Clicks on the grid are real mouse input (Playwright's
\`page.mouse\`) on a stay's bar and on a free night: "on screen" is the first animation frame after the
dialog's content exists (the stay's code in its heading; the booking form's first input), timed from the
\`pointerdown\`; INP is the longest Event Timing entry of the click (input to next paint; Chromium does not
report entries under 16 ms). JS shipped sums every script response the page loaded
(lazy route chunks included), each gzipped at level 9 with zlib.
`;
}
