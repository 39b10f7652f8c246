// The manager tools' part of docs/benchmarks.md: CSV exports, the bulk rate edit and the Reports chunk.
import { type AddGoal, mb, num, table } from "./format.js";
import type { Download, ManagerFigures } from "./manager.js";
import { ms } from "./stats.js";
import type { BackendResult } from "./suite.js";

const size = (bytes: number) =>
  bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/**
 * Flat memory: exporting every reservation, once the server has done it before (its heap sized for such a
 * stream, as warm-up sizes it for every other figure), may use at most this much more RSS than a small export.
 */
export const EXPORT_RSS_ALLOWANCE_MB = 32;

/** Goal rows for `add(key, label, target, value, unit, atMost)`. */
export function managerGoals(r: BackendResult, tag: string, add: AddGoal): void {
  const m = r.manager;
  if (!m) return;
  add(
    "export",
    `Server RSS growth exporting all ${num(m.exportAll.rows)} reservations (second export), beyond a ${num(m.exportSmall.rows)}-row export${tag}`,
    EXPORT_RSS_ALLOWANCE_MB,
    Math.max(0, (m.exportAgain ?? m.exportAll).rssGrowth - m.exportSmall.rssGrowth),
    "MB",
    true,
  );
}

export function managerSection(live: BackendResult[], reservations: number): string {
  const rows = live.filter((r) => r.manager);
  if (rows.length === 0) return "";
  const col = (f: (m: ManagerFigures) => string) => rows.map((r) => f(r.manager));
  const download = (label: string, pick: (m: ManagerFigures) => Download) => [
    [`${label}: rows, size`, ...col((m) => `${num(pick(m).rows)}, ${size(pick(m).bytes)}`)],
    [`${label}: time (first byte)`, ...col((m) => `${ms(pick(m).ms)} (${ms(pick(m).firstByteMs)})`)],
    [
      `${label}: server RSS before → peak`,
      ...col(
        (m) => `${mb(pick(m).rssBefore)} → ${mb(pick(m).rssPeak)} (+${mb(Math.max(0, pick(m).rssGrowth))})`,
      ),
    ],
  ];
  const chunk = rows[0]?.manager.reportsChunk;
  return `## Manager tools: CSV exports, bulk rate edit, Reports chunk

Measured at ${num(reservations)} reservations after the figures above. Each export is streamed to the end by the bench
client while the server's RSS is sampled every 20 ms; "first byte" is when the answer's headers arrived. The
reservations export reads keyset batches of 500 and writes each one's CSV as one chunk as the client
reads, so memory should not grow with the rows: compare its RSS growth with the small export's. The first
long export also grows the server's heap (V8 sizes its old generation to the garbage it sees), so the goal
uses the second one, as every other figure follows a warm-up. The bulk edit
is \`POST /rate-overrides/bulk\` for 365 days × every room type (price and minimum stay), median of its runs.

${table(
  ["Figure", ...rows.map((r) => r.name)],
  [
    ...download("Reservations CSV, checked-in only", (m) => m.exportSmall),
    ...download("Reservations CSV, every reservation", (m) => m.exportAll),
    ...(rows.every((r) => r.manager.exportAgain)
      ? download("Reservations CSV, every reservation, again", (m) => m.exportAgain as Download)
      : []),
    ...download("Occupancy CSV, 365 days", (m) => m.exportOccupancy),
    [
      "Bulk rate edit, 365 days × room types (overrides saved)",
      ...col((m) => `${ms(m.bulk.ms)} (${num(m.bulk.saved)}, ${m.bulk.types} types, ${m.bulk.runs} runs)`),
    ],
  ],
)}
${
  chunk
    ? `
Reports route chunk (the screen and the uPlot chart library, loaded only on \`/hms/reports\`):
${chunk.gzipKb.toFixed(1)} KB gzip / ${chunk.rawKb.toFixed(1)} KB raw.
`
    : ""
}`;
}
