// The goals table of docs/benchmarks.md: each goal's target against what the run measured.
import { LANDING_BUDGET_KB } from "../../src/web/build/landing-budget.js";
import { type AddGoal, num, ratio } from "./format.js";
import type { LargestRun } from "./largest.js";
import { historyGoals } from "./report-history.js";
import { largestGoals } from "./report-largest.js";
import { managerGoals } from "./report-manager.js";
import { webhookGoals } from "./report-webhooks.js";
import { ms } from "./stats.js";
import type { BackendResult, SkippedBackend } from "./suite.js";

export type Results = (BackendResult | SkippedBackend)[];

export type GoalRow = { key: string; met: boolean; cells: string[] };

export const measured = (results: Results): BackendResult[] =>
  results.filter((r): r is BackendResult => !("skipped" in r));

/** Goal rows: [label, target text, measured value, met?, gap text]. */
export function goals(results: Results, largest: LargestRun | undefined): GoalRow[] {
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
