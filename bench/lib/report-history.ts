// Creates on a history built through the API, against the raw INSERT floor (api-history.ts): goal rows, the
// section with the raw figures, and a note when a goal is missed.
import type { HistoryFigures, Timed } from "./api-history.js";
import { type AddGoal, num, table } from "./format.js";
import { ms } from "./stats.js";
import type { BackendResult } from "./suite.js";

/** Create p99 at concurrency 16 on the API-built history, PostgreSQL. */
export const HISTORY_P99_TARGET = 20;

const share = (h: HistoryFigures, of: Timed) => (h.api.perSecond / of.perSecond) * 100;
const pct = (value: number) => `${value.toFixed(0)} %`;
const withHistory = (live: BackendResult[]) =>
  live.filter((r): r is BackendResult & { history: HistoryFigures } => r.history !== undefined);

export function historyGoals(r: BackendResult, tag: string, add: AddGoal): void {
  const h = r.history;
  if (!h) return;
  // "API creates ≥ 70 % of the raw INSERT floor" (issue 16, goal 2) was retired by issue 39: a create is a
  // session read, the stay's terms and one write call behind HTTP, so one INSERT is not its floor. The share
  // is still measured and shown in the section; the guard is the create's p99.
  if (r.name === "PostgreSQL")
    add(
      "history",
      `Create p99 at concurrency 16 on API-built history${tag}`,
      HISTORY_P99_TARGET,
      h.api.p99,
      "ms",
      true,
    );
}

const inFlight = (t: Timed) => (t.concurrency === 1 ? "one at a time" : `${t.concurrency} at once`);

export function historySection(live: BackendResult[]): string {
  const rows = withHistory(live);
  const first = rows[0]?.history;
  if (!first) return "";
  const col = (f: (h: HistoryFigures) => string) => rows.map((r) => f(r.history));
  return `## Creates on a history built through the API, against the raw INSERT floor

Per backend, in a database of its own: a property of ${num(first.rooms)} rooms in 20 types and no stays (seeded in SQL like
the others), then ${num(first.built)} one-night stays created through the create route of the built server (16 in flight;
room k mod ${num(first.rooms)}, night k ÷ ${num(first.rooms)} from tomorrow), so the tables hold what a hotel booking through the API
leaves: its dead rows, its statistics, PGlite's own maintenance or PostgreSQL's autovacuum, never the bench's
ANALYZE. Then 16 clients create for ${(first.api.seconds).toFixed(0)} s on that history. The server is then stopped, and in the same
run, on the same data, the floor: the create route's reservation INSERT (\`on conflict (property_id, code) do
nothing\`, with its exclusion constraints, the per-room lock, the room-nights rollup with its inventory check,
the balance, the guest copy and event triggers; each stay a returning guest's, one profile made before the
floor, so no profile is written) in a loop straight into the database, each in its own transaction, no HTTP:
on PostgreSQL 16 at once on a pool of 16 connections; **on PGlite one at a time**, since PGlite has one
connection (in the bench's process, on the server's data directory, which the server holds locked while it
runs). Beside it, the route's whole write without HTTP (the stay's terms read, then one call of
\`innkeep_create_reservation\` inserting a new guest's profile, the stay and its activity entry: the server's \`createReservation\`),
which splits the gap between HTTP (with the session check and validation) and the route's other statements. The API's server has a pool of 10 on
PostgreSQL (its default).${rows.some((r) => r.history.reduced) ? " **Reduced sizes** (a quick run, or a run behind its budget) where marked." : ""}

${table(
  ["Figure", ...rows.map((r) => `${r.name}${r.history.reduced ? " (reduced)" : ""}`)],
  [
    ["Stays built through the API before the timed creates", ...col((h) => num(h.built))],
    [
      "… the build (c16): creates/s, p50 / p99",
      ...col((h) => `${num(h.build.perSecond)}, ${ms(h.build.p50)} / ${ms(h.build.p99)}`),
    ],
    ["API creates at concurrency 16: creates/s", ...col((h) => num(h.api.perSecond))],
    ["API creates at concurrency 16: p50 / p99", ...col((h) => `${ms(h.api.p50)} / ${ms(h.api.p99)}`)],
    [
      "… creates in the timed window (seconds)",
      ...col((h) => `${num(h.api.count)} (${h.api.seconds.toFixed(1)} s)`),
    ],
    ["Raw INSERT floor: inserts/s", ...col((h) => `${num(h.floor.perSecond)} (${inFlight(h.floor)})`)],
    ["Raw INSERT floor: p50 / p99", ...col((h) => `${ms(h.floor.p50)} / ${ms(h.floor.p99)}`)],
    ["API ÷ floor (a measure; issue 39 retired the ≥ 70 % goal)", ...col((h) => pct(share(h, h.floor)))],
    [
      "The route's write without HTTP: creates/s",
      ...col((h) => `${num(h.route.perSecond)} (${inFlight(h.route)})`),
    ],
    ["The route's write without HTTP: p50 / p99", ...col((h) => `${ms(h.route.p50)} / ${ms(h.route.p99)}`)],
    ["API ÷ the route's write without HTTP", ...col((h) => pct(share(h, h.route)))],
    ["Stays in the property at the end", ...col((h) => num(h.stays))],
  ],
)}
`;
}

/** For a missed goal: where this run's figures put the gap (no profile is taken here). */
export function historyNotes(live: BackendResult[]): Record<string, string> {
  const rows = withHistory(live);
  if (rows.length === 0) return {};
  const lines = rows.map(({ name, history: h }) => {
    const statements = 1 - h.route.perSecond / h.floor.perSecond;
    const http = 1 - h.api.perSecond / h.route.perSecond;
    return `${name}: the floor ran ${num(h.floor.perSecond)} inserts/s (${inFlight(h.floor)}), the route's write
without HTTP ${num(h.route.perSecond)}/s (${pct(statements * 100)} fewer: the terms read and the activity entry), the API ${num(h.api.perSecond)}/s (${
      http >= 0
        ? `${pct(http * 100)} fewer again: HTTP, the session check, validation and serialisation`
        : `${pct(-http * 100)} more: its pool of 10 connections queues less on the property's event counter than 16 do`
    }), p99 ${ms(h.api.p99)}; the floor's own p99 ${ms(h.floor.p99)}.`;
  });
  return {
    history: `**Creates against the raw INSERT floor.** Measured in this run (section "Creates on a history built
through the API"):

${lines.map((line) => `- ${line}`).join("\n")}

The floor is one statement a create; the route reads the stay's terms, then makes one call of a database
function that inserts the stay and its activity entry (decision 032: one round trip instead of a transaction of
four, its plans kept per connection; side by side it took PGlite from 198 to 281 creates/s and PostgreSQL from
288 to 441), behind a request that reads its session and membership first. On PGlite every one of them runs
on the server's only thread, next to the HTTP work, while the floor runs them alone in the bench's process.
PGlite on a worker thread of its own was built and measured (decision 032): with creates one call it gained
13 % creates/s, but edits and moves, whose transactions then wait on both threads, lost a third of their
speed, reads slowed and memory grew, so it was dropped. On PostgreSQL a property's creates commit one at a
time on its event counter, each through its commit's WAL flush: taking the number at commit instead did not
help (decision 027), and the floor's own p99 at 16 connections is the
bound the API's p99 can approach, not pass.`,
  };
}
