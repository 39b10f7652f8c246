// The tables of docs/benchmarks.md built from each backend's figures: the main results, growth with the data
// set, 100 against 1,000 rooms, and the room-type inventory check's A/B.
import { kb, mb, num, ratio, table } from "./format.js";
import type { GridFigures } from "./measure.js";
import { measured, type Results } from "./report-goals.js";
import { ms } from "./stats.js";
import { type BackendResult, REPORT_DAYS } from "./suite.js";

const p50p99 = (l: { p50: number; p99: number } | undefined) => (l ? `${ms(l.p50)} / ${ms(l.p99)}` : "n/a");
/** A grid answer's JSON size, its size on the wire and what it holds. */
export const gridSize = (g: GridFigures | undefined): string =>
  g ? `${kb(g.kb)} (${kb(g.wireKb)} ${g.encoding}), ${num(g.stays)} stays` : "n/a";

export function mainTable(results: Results): string {
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

export function growthTable(r: BackendResult): string {
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

export function roomsTable(r: BackendResult): string {
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

/** The A/B of the room-type inventory check (inventory.ts), on the backends that ran it. */
export function inventorySection(live: BackendResult[]): string | undefined {
  const ab = live.filter((r) => r.inventory);
  if (ab.length === 0) return undefined;
  return `## Room-type inventory check: creates with and without it

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
`;
}
