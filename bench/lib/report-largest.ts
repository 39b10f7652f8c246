// The largest hotel's part of docs/benchmarks.md (largest.ts): its goal rows and its section.
import { type AddGoal, kb, mb, num, table } from "./format.js";
import type { LargestResult, LargestRun } from "./largest.js";
import type { GridFigures } from "./measure.js";
import { ms } from "./stats.js";

/** Issue 16 goal 1. */
export const LARGEST_TARGETS = { gridP99: 100, reportP50: 50, renderMs: 500, frameMs: 50 } as const;

const measured = (run: LargestRun): LargestResult[] =>
  run.results.filter((r): r is LargestResult => !("skipped" in r));

const hotel = (run: LargestRun) =>
  `Largest hotel (${num(run.config.rooms)} rooms, ${num(run.config.reservations / 1e6, 2)}M stays)`;
const worstCase = (run: LargestRun) =>
  `Worst case (${num(run.config.worstRooms)} rooms fully booked, ${num(run.config.worstRooms * run.config.worstDays)} one-night stays)`;

export function largestGoals(run: LargestRun | undefined, add: AddGoal): void {
  if (!run) return;
  for (const r of measured(run)) {
    const tag = ` (${r.name})`;
    const t = LARGEST_TARGETS;
    gridGoals(add, "largest-grid", `${hotel(run)}: grid 15 days`, tag, r.grid, r.gridFull);
    add(
      "largest-report",
      `${hotel(run)}: occupancy report 365 days, p50${tag}`,
      t.reportP50,
      r.report365.p50,
      "ms",
      true,
    );
    if (r.browser) {
      add(
        "largest-render",
        `${hotel(run)}: Front Desk render (navigation → rows on screen)${tag}`,
        t.renderMs,
        r.browser.render.totalMs,
        "ms",
        true,
      );
      add(
        "largest-scroll",
        `${hotel(run)}: longest frame scrolling the grid${tag}`,
        t.frameMs,
        r.browser.scroll.max,
        "ms",
        true,
      );
    }
    gridGoals(add, "worst-grid", `${worstCase(run)}: grid`, tag, r.worst.grid, r.worst.gridFull);
  }
}

/**
 * The grid's goal rows: reads between changes (the kept answer, decision 021) in both forms, and the first
 * read after a change (built) in the web app's form. Results kept from before decision 021 have no
 * after-change figure, and their reads all built the answer.
 */
function gridGoals(
  add: AddGoal,
  key: string,
  what: string,
  tag: string,
  grid: GridFigures,
  full: GridFigures,
) {
  const target = LARGEST_TARGETS.gridP99;
  const kept = grid.afterChange ? ", between changes" : "";
  add(key, `${what} p99, compact (the web app's)${kept}${tag}`, target, grid.p99, "ms", true);
  add(key, `${what} p99, full JSON${kept}${tag}`, target, full.p99, "ms", true);
  if (grid.afterChange)
    add(
      key,
      `${what} p99, compact, first read after a change${tag}`,
      target,
      grid.afterChange.p99,
      "ms",
      true,
    );
}

const bytes = (kbs: number) => (kbs < 1024 ? kb(kbs) : `${(kbs / 1024).toFixed(2)} MB`);

/** Notes for missed goals: what this run measured around them (no profile is taken by the bench). */
export function largestNotes(run: LargestRun | undefined): Record<string, string> {
  if (!run) return {};
  const rows = measured(run);
  const each = (f: (r: LargestResult) => string) => rows.map((r) => `${r.name}: ${f(r)}`).join("; ");
  return {
    "largest-grid": `**Largest hotel, grid.** The answer for 15 days holds ${num(rows[0]?.grid.stays ?? 0)} stays over ${num(run.config.rooms)} rooms
(${each((r) => `compact ${bytes(r.grid.kb)}, full ${bytes(r.gridFull.kb)}; p50 ${ms(r.grid.p50)} and ${ms(r.gridFull.p50)}`)}).
Between changes the server sends the answer it keeps (decision 021), so those reads cost the sending and the
bench client's parse of megabytes of JSON. After a change the kept answer is brought up to date (decision 026:
one statement reads the events since, the rows they name and every room's two states, ~4 ms on PostgreSQL
here), spliced into the rows kept with it, joined and compressed in the server's thread. Keeping the rows' JSON
instead of parsing and writing the whole answer at each change (decision 026's amendment) took this first read
from p50 112 to 98 ms and p90 135 to 113 ms on PostgreSQL, side by side on this data (a probe: two servers on
the kept database, 30 changes each, alternating). A build (a change to a
room or room type) is still the statement that writes one JSON row for each of the window's stays and rooms:
what would take every read under 100 ms here is sending only the rows in view (a page of rooms at a time).`,
    "largest-report": `**Largest hotel, report.** ${each((r) => `p50 ${ms(r.report365.p50)}, p99 ${ms(r.report365.p99)}`)}.`,
    "largest-render": `**Largest hotel, Front Desk render.** ${each((r) =>
      r.browser
        ? `${ms(r.browser.render.dataStartMs)} before the availability request starts, the request ${ms(r.browser.render.dataMs)}, ${ms(r.browser.render.afterDataMs)} after its answer`
        : "not measured",
    )}.`,
    "largest-scroll": `**Largest hotel, scrolling.** ${each((r) =>
      r.browser
        ? `${r.browser.scroll.over50} of ${r.browser.scroll.frames} frames over 50 ms, p95 ${ms(r.browser.scroll.p95)}`
        : "not measured",
    )}.`,
    "worst-grid": `**Worst case grid.** ${each((r) => `compact ${bytes(r.worst.grid.kb)} (${bytes(r.worst.grid.wireKb)} on the wire), full ${bytes(r.worst.gridFull.kb)}`)}.`,
  };
}

const p50p99 = (g: { p50: number; p99: number }) => `${ms(g.p50)} / ${ms(g.p99)}`;
const afterChange = (g: GridFigures) => (g.afterChange ? p50p99(g.afterChange) : "not measured");
const size = (g: GridFigures) => `${bytes(g.kb)} (${bytes(g.wireKb)} ${g.encoding}), ${num(g.stays)} stays`;

export function largestSection(run: LargestRun | undefined): string {
  if (!run) {
    return `## The largest hotel

Not measured yet: run \`npm run bench -- --largest\`.
`;
  }
  const rows = measured(run);
  const col = (f: (r: LargestResult) => string) => rows.map(f);
  const browserRows = rows.some((r) => r.browser)
    ? [
        [
          "Front Desk: navigation start → grid rows on screen (median of 5; first visit)",
          ...col((r) =>
            r.browser ? `${ms(r.browser.render.totalMs)} (${ms(r.browser.render.coldMs)})` : "—",
          ),
        ],
        [
          "… before the availability request / the request / after its answer",
          ...col((r) =>
            r.browser
              ? `${ms(r.browser.render.dataStartMs)} / ${ms(r.browser.render.dataMs)} / ${ms(r.browser.render.afterDataMs)}`
              : "—",
          ),
        ],
        ["Rows in the grid", ...col((r) => (r.browser ? num(r.browser.render.rows) : "—"))],
        [
          "Scroll frame time p50 / p95 / max",
          ...col((r) =>
            r.browser
              ? `${ms(r.browser.scroll.p50)} / ${ms(r.browser.scroll.p95)} / ${ms(r.browser.scroll.max)}`
              : "—",
          ),
        ],
        [
          "Frames over 50 ms while scrolling",
          ...col((r) => (r.browser ? `${r.browser.scroll.over50} of ${r.browser.scroll.frames}` : "—")),
        ],
      ]
    : [];
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(" / ");
  const generated = rows.map((r) => `${(r.seed.generateMs / 1000).toFixed(0)} s`).join(", ");
  const seeding = run.parallelSeed
    ? `at the same time, each by a process of its own that generates the data (${generated}) and loads it with
the main run's bulk seeding`
    : `by a process that generates the data (${generated}) and loads it with the main run's bulk seeding`;
  const c = run.config;
  return `## The largest hotel

Measured by \`npm run bench -- --largest\` on ${run.date.slice(0, 16).replace("T", " ")} UTC, a run of its own (it does not fit in the
main run's 10 minutes): ${(run.totalSeconds / 60).toFixed(1)} minutes, load average ${load(run.loadStart)} at its start and ${load(run.loadEnd)} at its end.
A property of ${num(c.rooms)} rooms in ${c.types} room types${c.rooms === 7351 ? " (the First World Hotel's size)" : ""} with ${num(c.reservations)} reservations,
generated by the main data set's rules (three years around today, back to back per room with gaps, 8 % cancelled,
1 % unassigned, no double booking); beside it, in the same database, the grid's worst case: ${num(c.worstRooms)} rooms each
booked every night of the ${c.worstDays}-day window from today with one-night stays
(${num(c.worstRooms * c.worstDays)} stays). Both backends are seeded ${seeding}, before anything is measured. Grid: 3 runs of ${rows[0]?.grid.perRun ?? 0} sequential requests of each
form after 3 warm-up requests, between changes (the server sends the answer it keeps, decision 021), and as many each right after a
change (one room's housekeeping status flipped, untimed), which the server must build; report: 3 runs of ${rows[0]?.report365.perRun ?? 0}; p50/p99 are the median over the runs. The browser
figures are measured as in the main run (Chromium, 1440×900, the same scrolling), on each backend's server.

${table(
  ["Figure", ...rows.map((r) => r.name)],
  [
    [
      "Seeding: the reservations, rollup included (per second)",
      ...col((r) => `${(r.seed.reservationsMs / 1000).toFixed(0)} s (${num(r.seed.perSecond)}/s)`),
    ],
    [
      `Seeding: both properties, migrations included (wall time${run.parallelSeed ? ", beside the other backend's" : ""})`,
      ...col((r) => `${(r.seed.totalMs / 1000).toFixed(0)} s`),
    ],
    ["Cold start to ready", ...col((r) => ms(r.coldStartMs))],
    [
      "Server RSS idle (after start) → peak while measured",
      ...col((r) => `${mb(r.rssIdleMb)} → ${mb(r.rssPeakMb)}`),
    ],
    ["Grid 15 days, compact (the web app's): p50 / p99", ...col((r) => p50p99(r.grid))],
    ["… first read after a change: p50 / p99", ...col((r) => afterChange(r.grid))],
    ["… its size (on the wire)", ...col((r) => size(r.grid))],
    ["Grid 15 days, full JSON: p50 / p99", ...col((r) => p50p99(r.gridFull))],
    ["… its size (on the wire)", ...col((r) => size(r.gridFull))],
    ["Occupancy report 365 days: p50 / p99", ...col((r) => p50p99(r.report365))],
    ...browserRows,
    [
      `Worst case (${num(c.worstRooms)} rooms × ${c.worstDays} one-night stays): grid compact p50 / p99`,
      ...col((r) => p50p99(r.worst.grid)),
    ],
    ["… its size (on the wire)", ...col((r) => size(r.worst.grid))],
    ["… first read after a change: p50 / p99", ...col((r) => afterChange(r.worst.grid))],
    ["Worst case: grid full JSON p50 / p99", ...col((r) => p50p99(r.worst.gridFull))],
    ["… its size (on the wire)", ...col((r) => size(r.worst.gridFull))],
  ],
)}
${run.results
  .filter((r) => "skipped" in r)
  .map((r) => `\n**${r.name} was not reachable: its figures were skipped.**\n`)
  .join("")}`;
}
