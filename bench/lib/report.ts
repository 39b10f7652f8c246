// Renders docs/benchmarks.md from the results of one run.
import { LANDING_BUDGET_KB } from "../../src/web/build/landing-budget.js";
import { FINDINGS, NOTES } from "./analysis.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./browser.js";
import { type AddGoal, kb, mb, num, ratio, table } from "./format.js";
import type { LargestRun } from "./largest.js";
import type { MachineInfo } from "./machine.js";
import type { firstScreenJs } from "./manifest.js";
import type { GridFigures } from "./measure.js";
import { historyGoals, historyNotes, historySection } from "./report-history.js";
import { largestGoals, largestNotes, largestSection } from "./report-largest.js";
import { managerGoals, managerSection } from "./report-manager.js";
import { outsideGoals } from "./report-outside.js";
import { webhookGoals, webhookSection } from "./report-webhooks.js";
import { ms } from "./stats.js";
import {
  type BackendResult,
  type BenchConfig,
  type BrowserFigures,
  REPORT_DAYS,
  type SkippedBackend,
} from "./suite.js";

export type RunResults = {
  info: MachineInfo;
  config: BenchConfig;
  results: (BackendResult | SkippedBackend)[];
  /** When the run began (ISO). */
  date?: string;
  /** What each /hms route's first screen loads, from the build manifest (firstScreenJs). */
  firstScreen?: ReturnType<typeof firstScreenJs>;
  /** The largest hotel's last run (its own command), if there is one. */
  largest?: LargestRun;
  totalSeconds: number;
};

type GoalRow = { key: string; met: boolean; cells: string[] };

const measured = (results: RunResults["results"]): BackendResult[] =>
  results.filter((r): r is BackendResult => !("skipped" in r));

/** Goal rows: [label, target text, measured value, met?, gap text]. */
function goals(results: RunResults["results"], largest: LargestRun | undefined): GoalRow[] {
  const pglite = measured(results).find((r) => r.name === "PGlite");
  const rows: GoalRow[] = [];
  const add: AddGoal = (key, label, target, value, unit, atMost) => {
    if (value === undefined || Number.isNaN(value)) return;
    const met = atMost ? value <= target : value >= target;
    const shown =
      unit === "ms" ? ms(value) : unit === "×" ? `${value.toFixed(2)}×` : `${num(value, 1)} ${unit}`;
    const gap = met
      ? "—"
      : unit === "ms"
        ? `${ms(value - target)} over (${ratio(value, target)} the target)`
        : unit === "×"
          ? `${(value - target).toFixed(2)}× over`
          : `${num(Math.abs(target - value), 1)} ${unit} ${atMost ? "over" : "short"}`;
    rows.push({
      key,
      met,
      cells: [label, `${atMost ? "≤" : "≥"} ${target} ${unit}`, shown, met ? "met" : "**missed**", gap],
    });
  };
  for (const r of measured(results)) {
    const tag = ` (${r.name})`;
    if (r === pglite) {
      add("create", `Create p99, concurrency 16${tag}`, 20, r.big.create.p99, "ms", true);
      add("create", `Creates per second${tag}`, 500, r.big.create.perSecond, "creates/s", false);
    }
    if (r.inventory) {
      add(
        "inventory",
        `Create throughput lost to the room-type inventory check${tag}`,
        15,
        Math.max(0, r.inventory.drop * 100),
        "%",
        true,
      );
    }
    historyGoals(r, tag, add);
    managerGoals(r, tag, add);
    webhookGoals(r, tag, add);
    // Between changes the server sends the answer it keeps (decision 021); right after one it builds it.
    const kept = r.big.grid.afterChange ? ", between changes" : "";
    add(
      "grid",
      `Grid 1,000 rooms × 15 days, p99, compact (the web app's)${kept}${tag}`,
      50,
      r.big.grid.p99,
      "ms",
      true,
    );
    add(
      "grid",
      `Grid 1,000 rooms × 15 days, p99, full JSON${kept}${tag}`,
      50,
      r.big.gridFull?.p99,
      "ms",
      true,
    );
    if (r.big.grid.afterChange)
      add(
        "grid",
        `Grid 1,000 rooms × 15 days, p99, compact, first read after a change${tag}`,
        50,
        r.big.grid.afterChange.p99,
        "ms",
        true,
      );
    add("report", `Occupancy report 365 days, p50${tag}`, 100, r.big.reports[365].p50, "ms", true);
    add(
      "live",
      `Live event p95, ${num(r.live.subscribers)} subscribers, write → last subscriber${tag}`,
      50,
      r.live.lastP95,
      "ms",
      true,
    );
    if (r === pglite)
      add(
        "memory",
        `Server RSS peak under load (creates, grid, reports, SSE)${tag}`,
        400,
        r.rssLoadMb,
        "MB",
        true,
      );
    const first = r.growth[0];
    const lastPoint = r.growth.at(-1);
    if (!first || !lastPoint) continue;
    add(
      "growth",
      `Availability cost at ${num(lastPoint.reservations)} vs ${num(first.reservations)} reservations${tag}`,
      2,
      lastPoint.oursMs / first.oursMs,
      "×",
      true,
    );
  }
  if (pglite?.browser) {
    add(
      "render",
      "Front Desk grid render, 1,000 rooms (navigation → rows on screen)",
      300,
      pglite.browser.render.totalMs,
      "ms",
      true,
    );
    const open = pglite.browser.interactions?.openStay;
    add(
      "inp",
      "Opening a stay on the 1,000-room grid: interaction latency (INP), worst click",
      100,
      open?.inpMax,
      "ms",
      true,
    );
    add("js", "Landing page JS (gzip)", LANDING_BUDGET_KB, pglite.browser.landingJs.gzipKb, "KB", true);
  }
  largestGoals(largest, add);
  return rows;
}

const p50p99 = (l: { p50: number; p99: number } | undefined) => (l ? `${ms(l.p50)} / ${ms(l.p99)}` : "n/a");
/** A grid answer's JSON size, its size on the wire and what it holds. */
export const gridSize = (g: GridFigures | undefined): string =>
  g ? `${kb(g.kb)} (${kb(g.wireKb)} ${g.encoding}), ${num(g.stays)} stays` : "n/a";

function mainTable(results: RunResults["results"]): string {
  const live = measured(results);
  const head = ["Figure", ...live.map((r) => r.name)];
  const row = (label: string, f: (r: BackendResult) => string) => [label, ...live.map(f)];
  const rows = [
    row("Create reservation, concurrency 16: p50", (r) => ms(r.big.create.p50)),
    row("Create reservation, concurrency 16: p99", (r) => ms(r.big.create.p99)),
    row("Create reservation, concurrency 16: creates/s", (r) => num(r.big.create.perSecond)),
    row("Edit a stay (guest name, adults), concurrency 16: p50", (r) => ms(r.big.edit?.p50)),
    row("Edit a stay (guest name, adults), concurrency 16: p99", (r) => ms(r.big.edit?.p99)),
    row("Move a stay (new room and dates, re-priced), concurrency 16: p50", (r) => ms(r.big.move?.p50)),
    row("Move a stay (new room and dates, re-priced), concurrency 16: p99", (r) => ms(r.big.move?.p99)),
    row("Availability grid 1,000 rooms × 15 days, compact (the web app's): p50 / p99", (r) =>
      p50p99(r.big.grid),
    ),
    row("Availability grid, compact: response size (on the wire)", (r) => gridSize(r.big.grid)),
    row("Availability grid 1,000 rooms × 15 days, full JSON: p50 / p99", (r) => p50p99(r.big.gridFull)),
    row("Availability grid, full JSON: response size (on the wire)", (r) => gridSize(r.big.gridFull)),
    ...REPORT_DAYS.map((d) => row(`Occupancy report ${d} days: p50`, (r) => ms(r.big.reports[d].p50))),
    row("Reservations list, newest page of 100 (the Reservations screen): p50", (r) =>
      ms(r.big.firstPage?.p50),
    ),
    row("Reservation search (partial, case-insensitive), page of 100: p50", (r) => ms(r.big.search?.p50)),
    row("Reservation search (partial, case-insensitive), page of 100: p99", (r) => ms(r.big.search?.p99)),
    row("Live update, SSE subscribers on one instance", (r) => num(r.live.subscribers)),
    row("… write → each subscriber: p50 / p95", (r) => `${ms(r.live.p50)} / ${ms(r.live.p95)}`),
    row(
      "… write → last subscriber of each event: p50 / p95",
      (r) => `${ms(r.live.lastP50)} / ${ms(r.live.lastP95)}`,
    ),
    row("… the PATCH itself (response received): p50", (r) => ms(r.live.writeP50)),
    row("… first to last subscriber of one event: p50", (r) => ms(r.live.spreadP50)),
    row("Live update deliveries (missed)", (r) => `${num(r.live.samples)} (${r.live.missed})`),
    row("… time to open every stream", (r) => ms(r.live.connectMs)),
    row(
      "Server RSS before the streams → with every subscriber connected",
      (r) =>
        `${mb(r.live.rssBeforeMb)} → ${mb(r.live.rssConnectedMb)} (+${mb(r.live.rssConnectedMb - r.live.rssBeforeMb)})`,
    ),
    row("Server RSS idle (after start)", (r) => mb(r.rssIdle)),
    row("Server RSS peak under load (creates, grid, reports, SSE)", (r) => mb(r.rssLoadMb)),
    row("Server RSS peak serving the full reservation list", (r) => mb(r.rssNaiveMb)),
    row(
      "Cold start to ready, full data set: median (starts)",
      (r) => `${ms(r.coldStart)} (${r.coldStartMs.length})`,
    ),
  ];
  return table(head, rows);
}

function growthTable(r: BackendResult): string {
  const base = r.growth[0];
  if (!base) return "";
  const rows = r.growth.map((g) => [
    num(g.reservations),
    `${ms(g.naiveMs)}${g.naiveRuns === 1 ? " ¹" : ""}`,
    `${(g.bytes / 1024 ** 2).toFixed(1)} MB`,
    ms(g.oursMs),
    ms(g.conflictMs),
    ratio(g.naiveMs, g.oursMs),
    `${(g.oursMs / base.oursMs).toFixed(2)}×`,
  ]);
  return table(
    [
      "Reservations",
      "Original: read all + JS overlap",
      "Data read",
      "Ours: create (201)",
      "Ours: conflicting create (409)",
      "Original / ours",
      "Ours vs first row",
    ],
    rows,
  );
}

function roomsTable(r: BackendResult): string {
  const pairs: [string, number | undefined, number | undefined][] = [
    ["Create p50, concurrency 16", r.small.create.p50, r.big.create.p50],
    ["Create p99, concurrency 16", r.small.create.p99, r.big.create.p99],
    ["Grid p50", r.small.grid.p50, r.big.grid.p50],
    ["Grid p99", r.small.grid.p99, r.big.grid.p99],
    ["Grid p99, first read after a change", r.small.grid.afterChange?.p99, r.big.grid.afterChange?.p99],
    ...REPORT_DAYS.map((d): [string, number, number] => [
      `Report ${d} days p50`,
      r.small.reports[d].p50,
      r.big.reports[d].p50,
    ]),
    ["Reservations page of 100 p50", r.small.firstPage?.p50, r.big.firstPage?.p50],
    ["Reservation search p99", r.small.search?.p99, r.big.search?.p99],
  ];
  const rows = pairs.map(([label, a, b]) => [label, ms(a), ms(b), ratio(b ?? Number.NaN, a ?? Number.NaN)]);
  rows.splice(2, 0, [
    "Creates/s, concurrency 16",
    num(r.small.create.perSecond),
    num(r.big.create.perSecond),
    ratio(r.big.create.perSecond, r.small.create.perSecond),
  ]);
  if (r.browser) {
    const a = r.browser.smallRender.totalMs;
    const b = r.browser.render.totalMs;
    rows.push(["Front Desk render (browser)", ms(a), ms(b), ratio(b, a)]);
  }
  return table(["Figure", "100 rooms / 20k stays", "1,000 rooms / 200k stays", "Growth"], rows);
}

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
function firstScreenSection({ routes, unknown }: NonNullable<RunResults["firstScreen"]>): string {
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

export function renderReport({
  info,
  config,
  results,
  firstScreen,
  largest,
  totalSeconds,
  date,
}: RunResults): string {
  const live = measured(results);
  const pglite = live.find((r) => r.name === "PGlite");
  const load = (l: number[] | undefined) => (l ?? []).map((v) => v.toFixed(2)).join(" / ");
  const goalRows = goals(results, largest);
  const notes = { ...NOTES, ...largestNotes(largest), ...historyNotes(live) };
  const full = live.find((r) => !r.reduced) ?? live[0];
  const out = [];
  out.push(`# Benchmarks

Generated by \`npm run bench\` (\`tsx bench/run.ts\`) on ${(date ?? new Date().toISOString()).slice(0, 16).replace("T", " ")} UTC;
the whole run took ${(totalSeconds / 60).toFixed(1)} minutes. Do not edit by hand: run the bench again.
Benchmarks are not tests: nothing here fails CI on a slow machine. Every figure is measured against the built
server (\`node dist/server/main.js\` in a child process) over real HTTP, and the browser figures in a real
headless Chromium.

## Machine

${table(
  ["", ""],
  [
    ["CPU", info.cpu],
    ["Memory", `${info.memoryGb.toFixed(1)} GB`],
    ["OS", info.os],
    ["Node.js", info.node],
    ["PostgreSQL server", info.versions.PostgreSQL ?? "not reachable (skipped)"],
    ["PGlite", info.versions.PGlite ?? "—"],
    ["Chromium", `${info.chromium} (playwright-core ${info.playwright})`],
    ["Load average 1/5/15 min at start", load(info.loadStart)],
    ["Load average 1/5/15 min at end", load(info.loadEnd)],
  ],
)}

The machine is shared: other work ran during the bench (see the load averages; 2.0 means both cores busy).
Absolute figures are therefore noisy; compare figures measured side by side in this run (PGlite against
PostgreSQL, original against ours, 100 against 1,000 rooms). The bench client runs on the same two cores.

## Commands

\`\`\`sh
npm run bench                  # everything below, then rewrites this file
npm run bench -- --quick       # a tenth of the data, to try the bench itself (writes to the temp dir)
npm run bench -- --no-build    # reuse dist/ as it is
npm run bench -- --largest     # only the largest hotel (its own section, below), then rewrites this file
npm run bench -- --largest --quick  # a tenth of the largest hotel (writes to the temp dir)
# BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/innkeep_bench, dropped and re-created),
# CHROMIUM_PATH (default /usr/bin/chromium), BENCH_KEEP=1 keeps both databases afterwards.
\`\`\`

What it runs: \`npm run build\`; then per backend a fresh database (${live.map((r) => `${r.name}: \`${r.describe}\``).join("; ")}),
migrated by the project's \`openPglite\` / \`openPostgres\` and seeded in bulk through SQL
(\`insert … select from json_to_recordset\`, 10,000 rows a statement, the \`*_notify\` triggers disabled
while seeding; the reservations' room lock, balance and rollup triggers too, the rollup then built once per
stage through its own \`innkeep_room_nights_put\` and checked with \`innkeep_check_inventory\`, which gives the
same rows as the triggers); the server is \`node dist/server/main.js\` with ${live.map((r) => `\`PORT=${r.port}\` (${r.name})`).join(", ")}
and \`HOST=127.0.0.1\`. PGlite is seeded while the server is stopped (it takes the data directory's lock) and
the server is restarted after each seeding stage. Chromium: \`${CHROMIUM_PATH} ${CHROMIUM_ARGS.join(" ")}\`
(headless, 1440×900). Sign-in goes through the development identity provider over HTTP
(\`/auth/login\` → \`/dev-idp\` form → \`/auth/callback\`); the browser gets the same \`innkeep_session\` cookie.

## Data set

- Property A: ${num(config.rooms)} rooms in 20 room types (50 rooms a floor), ${num(config.reservations)} reservations;
  property B: ${num(config.smallRooms)} rooms, ${num(config.smallReservations)} reservations (same density), in the same database.
- Stays span three years around today (${config.today}): two years back, one ahead. Per room, stays are
  generated back to back with random gaps (no double bookings), then a uniform random subset is kept; past
  stays are checked out, stays over today checked in, future ones booked; 8 % are cancelled (placed anywhere,
  so they overlap others, as cancelled stays do) and 1 % are unassigned (no room; each is placed in a free gap
  of a room of its type, so no room type is ever oversold, then its room is left empty).
- Rate overrides: 365 days (today − 182 to today + 182), one "All room types" override a day and one for about a
  quarter of the room types.
- Seeding in stages of ${config.stages.map(num).join(", ")} reservations gives the growth points; each create
  the bench makes goes to a room-night that no stay of the full data set holds, so every create must answer 201.
  About ${num(pglite ? pglite.reservationsAtEnd - config.reservations : 0)} reservations are added by the bench's creates.

## Goals

${table(
  ["Goal", "Target", "Measured", "Result", "Gap"],
  goalRows.map((g) => g.cells),
)}

### Where goals are missed: profile and fix

${
  [...new Set(goalRows.filter((g) => !g.met).map((g) => g.key))]
    .map((key) => {
      const note = notes[key];
      return typeof note === "function" ? (pglite ? note(pglite) : undefined) : note;
    })
    .filter(Boolean)
    .join("\n\n") || "Every goal was met."
}

${FINDINGS(live)}

${outsideGoals()}

## Results at ${num(config.reservations)} reservations

${mainTable(results)}

${live
  .filter((r) => r.reduced)
  .map(
    (r) =>
      `**${r.name} ran with reduced repetitions** (${r.big.create.perRun} creates a run, ${r.big.grid.perRun} grid requests a run, one cold start): the busy machine had put the run behind its 9-minute budget.\n`,
  )
  .join(
    "",
  )}Method${live.some((r) => r.reduced) ? " (full repetitions)" : ""}: creates are ${full?.big.create.runs} runs of ${full?.big.create.perRun} creates with 16 in flight
(after 48 warm-up creates); p50/p99 are the median over the runs of each run's percentile, creates/s the median
run's throughput. Grid: ${full?.big.grid.runs} runs of ${full?.big.grid.perRun} sequential requests of each form (start = today,
15 days) between changes, which the server answers from the grid it keeps (decision 021), and as many of the compact form each right
after a change (one room's housekeeping status flipped, untimed), which it must build. Reports: ${full?.big.reports[7].runs} runs of ${full?.big.reports[7].perRun} sequential requests for
windows ending today. Search: ${full?.big.search?.runs} runs of ${full?.big.search?.perRun} sequential pages of 100
(\`?q=…&limit=100\`), cycling through part of a name, a name in capitals, a code fragment, part of a name
with \`status=booked\`, and a term nothing matches. Live: ${num(full?.live.subscribers ?? 0)} subscribers on \`/api/properties/:pid/events\` (one signed-in session, a socket each, opened
at once; no per-user limit refused any), one untimed write that every stream must see, then ${full?.live.writes} writes
(\`PATCH /rooms/:id {hkStatus}\`) one after another, each once the previous event reached every subscriber;
latency runs from sending the PATCH to the event reaching each subscriber, so it includes the write itself,
and "last subscriber" is the slowest of the ${num(full?.live.subscribers ?? 0)} for each event (its p95 over the events). The RSS
with every subscriber connected is read after that first event. RSS is VmRSS from \`/proc/<pid>/status\`, sampled
every 50 ms. Cold start: spawn to the first 200 from \`/api/health\`, 200k reservations seeded.
`);

  const ab = live.filter((r) => r.inventory);
  if (ab.length > 0) {
    out.push(`## Room-type inventory check: creates with and without it

Measured in one run after the figures above: the server restarted on the same data, 48 warm-up creates, then
3 runs of ${ab[0]?.inventory.withCheck.perRun} creates with 16 in flight, first as migrated, then with the check's two
functions (\`innkeep_inventory_lock\`, \`innkeep_check_inventory\`) replaced by no-ops, then restored. Every stay
the bench creates has a room type, so every create runs the check.

${table(
  ["Figure", ...ab.map((r) => r.name)],
  [
    ["With the check: creates/s", ...ab.map((r) => num(r.inventory.withCheck.perSecond))],
    ["Without it: creates/s", ...ab.map((r) => num(r.inventory.withoutCheck.perSecond))],
    [
      "With the check: p50 / p99",
      ...ab.map((r) => `${ms(r.inventory.withCheck.p50)} / ${ms(r.inventory.withCheck.p99)}`),
    ],
    [
      "Without it: p50 / p99",
      ...ab.map((r) => `${ms(r.inventory.withoutCheck.p50)} / ${ms(r.inventory.withoutCheck.p99)}`),
    ],
    ["Throughput lost to the check", ...ab.map((r) => `${(r.inventory.drop * 100).toFixed(1)} %`)],
  ],
)}
`);
  }

  out.push(historySection(live));
  out.push(managerSection(live, config.reservations));
  out.push(webhookSection(live));

  out.push(`## Growth: the spec's original availability check against ours

The original read every reservation of the property and tested overlap in the browser. The bench does the
same over HTTP (\`GET /api/properties/:pid/reservations\`, then an overlap test in JavaScript) and times it
beside one create through HTTP whose conflict check is the database's exclusion constraint. Each row is
measured after seeding that many reservations (median of 10 creates; the original: median of 3 runs, ¹ one run,
as a single run at 100k+ takes seconds and the bench must finish in 10 minutes).
`);
  for (const r of live) out.push(`### ${r.name}\n\n${growthTable(r)}\n`);

  out.push(
    "## From 100 to 1,000 rooms\n\nSame run, same database: property B (100 rooms) beside property A (1,000 rooms).\n",
  );
  for (const r of live) out.push(`### ${r.name}\n\n${roomsTable(r)}\n`);

  out.push(largestSection(largest));

  if (pglite?.browser) {
    out.push(`## Browser\n\n${browserSection(pglite.browser)}

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
`);
  }
  if (firstScreen) out.push(firstScreenSection(firstScreen));
  for (const r of results.filter((x) => "skipped" in x))
    out.push(`**${r.name} was not reachable: its figures were skipped.**\n`);
  return `${out.join("\n")}`;
}
