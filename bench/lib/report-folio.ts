// The folio section of docs/benchmarks.md, from bench/results/folio.json (`npm run bench -- --folio`). That
// command puts the section into the file in place (after the guests' section, or at the end).
import fs from "node:fs";
import { putDocSection } from "./doc-section.js";
import type { Anatomy, AnatomyFigures, WaitSamples } from "./folio-locks.js";
import type { ConcurrencyFigures, Figures, FolioRead, InvoiceFigures } from "./folio-measure.js";
import { FOLIO_PGLITE_NOTE, NUMBERING_NOTE } from "./folio-notes.js";
import type { FolioConfig } from "./folio-setup.js";
import { num, table } from "./format.js";
import type { MachineInfo } from "./machine.js";
import { ms } from "./stats.js";

export const FOLIO_RESULTS = "bench/results/folio.json";
const HEADING = "## Folio and invoices";
/** The folio of a 30-night stay with 100 posted lines: p99 at most this. */
export const FOLIO_P99_TARGET = 20;
/** An invoice issued and its PDF fetched: p50 at most this. */
export const INVOICE_PDF_P50_TARGET = 150;

export type FolioBackendResult = {
  name: string;
  describe: string;
  setupSeconds: number;
  folio: FolioRead;
  invoices: InvoiceFigures;
  concurrency: ConcurrencyFigures;
  /** PostgreSQL only: pg_stat_activity sampled during rounds at once. */
  waits?: WaitSamples;
  anatomy: Anatomy;
  /** PostgreSQL only: the same with a pool of as many connections as issues at once. */
  widePool?: Anatomy;
};

export type FolioRun = {
  date: string;
  command: string;
  commit: string;
  info: MachineInfo;
  config: FolioConfig;
  results: (FolioBackendResult | { name: string; skipped: true })[];
  totalSeconds: number;
};

const measured = (run: FolioRun) => run.results.filter((r): r is FolioBackendResult => !("skipped" in r));
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
const load = (l: number[] | undefined) => (l ?? []).map((v) => v.toFixed(2)).join(" / ");
const three = (f: Figures) => `${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.p99)}`;
const times = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
const pct = (part: number, whole: number) => `${whole ? ((100 * part) / whole).toFixed(1) : "0"} %`;

/** Lock waits of issues at once on anything but the numbering statement (PostgreSQL's sampled share). */
const otherLocks = (w: WaitSamples) => w.lockWaits - w.onNumbering;

function goalRows(live: FolioBackendResult[], c: FolioConfig): string[][] {
  return live.flatMap((r) => {
    const a = r.anatomy;
    const w = r.widePool;
    const queued = a.many.beforeTransaction.p99 - a.one.beforeTransaction.p99;
    return [
      [
        `Folio of the ${c.nights}-night stay (${c.lines} posted lines, ${c.voided} voided; ${r.folio.lines} lines on it), p99 (${r.name})`,
        `≤ ${FOLIO_P99_TARGET} ms`,
        ms(r.folio.p99),
        verdict(r.folio.p99 <= FOLIO_P99_TARGET),
      ],
      [
        `Invoice issued and its PDF fetched, p50 (${r.name})`,
        `≤ ${INVOICE_PDF_P50_TARGET} ms`,
        ms(r.invoices.issueAndPdf.p50),
        verdict(r.invoices.issueAndPdf.p50 <= INVOICE_PDF_P50_TARGET),
      ],
      r.waits
        ? [
            `${c.concurrency} issues at once wait on each other only at the numbering (${r.name}: pg_stat_activity, and a connection for each)`,
            "no lock wait elsewhere",
            `${num(otherLocks(r.waits))} of ${num(r.waits.lockWaits)} sampled lock waits elsewhere; an issue at once ${ms(w?.many.total.p50)} p50 with a connection for each, ${ms(a.many.total.p50)} through the server's pool of ${a.poolSize} (its wait for a connection is the numbering's queue, reached sooner)`,
            verdict(otherLocks(r.waits) === 0),
          ]
        : [
            `${c.concurrency} issues at once wait on each other only at the numbering (${r.name}): waiting before the transaction begins, p99 at once less one at a time`,
            `< one hold of the counter (${ms(a.one.hold.p50)})`,
            `${ms(queued)} (PGlite runs one transaction at a time)`,
            verdict(queued < a.one.hold.p50),
          ],
    ];
  });
}

/** The claim's catch on PostgreSQL, under the goals: the one wait there is serial. */
const serialNote = (r: FolioBackendResult, c: FolioConfig) =>
  `On ${r.name} the only wait between issues is the numbering, but the counter stays locked ${ms(r.anatomy.one.hold.p50)} p50 an issue
alone and ${ms(r.anatomy.many.hold.p50)} at once (until COMMIT), so ${c.concurrency} issues at once pass it one after another: through the server an
issue at once took ${times(r.concurrency.concurrent.p50, r.concurrency.sequential.p50)} as long as one alone (p50), and a round of ${c.concurrency} ${ms(r.concurrency.roundWall)} against ${ms(r.concurrency.sequentialWall)} one after
another. See "What the issues wait on" below.`;

/** What the concurrency figures say, from this run's numbers. */
function reading(r: FolioBackendResult, c: FolioConfig): string {
  const a = r.anatomy;
  const w = r.widePool;
  const n = c.concurrency;
  const serial = n * a.many.hold.p50;
  if (a.poolSize === null)
    return `- **${r.name}**: PGlite runs one transaction at a time (\`PGlite.transaction\` takes the instance's
  transaction lock, so a second waits for the first to commit), so ${n} issues at once wait for each other's whole
  transactions, not for the numbering: ${ms(a.many.beforeTransaction.p50)} p50 (${ms(a.many.beforeTransaction.p99)} p99) before the
  transaction begins, while the numbering statement itself never waits (${ms(a.many.numbering.p50)} p50). A round of ${n} at once
  took ${ms(r.concurrency.roundWall)} against ${ms(r.concurrency.sequentialWall)} one after another: the same work, queued.`;
  const locks = r.waits
    ? otherLocks(r.waits) === 0
      ? "every lock wait sampled was on the numbering statement"
      : `${num(otherLocks(r.waits))} of ${num(r.waits.lockWaits)} lock waits sampled were on other statements (below)`
    : "no locks were sampled";
  return `- **${r.name}**: ${locks}. The counter's row is held from
  the numbering until COMMIT has answered: ${ms(a.one.hold.p50)} p50 one at a time, ${ms(a.many.hold.p50)} at once (p99 ${ms(a.many.hold.p99)}), since
  after the numbering the transaction still inserts the invoice and its lines, writes the activity entry
  (whose trigger takes the property's \`event_seq\`), reads the event back, sends the wake-up and commits
  (a WAL flush). ${n} issues at once therefore pass the numbering one by one: the last waits about ${n - 1} holds,
  and ${n} × ${ms(a.many.hold.p50)} = ${ms(serial)} of every round is serial, against the ${ms(r.concurrency.roundWall)} a round took through the
  server (${ms(r.concurrency.sequentialWall)} one after another). At once, an issue spent ${ms(a.many.numbering.p50)} p50 (${ms(a.many.numbering.p99)} p99) in the numbering
  statement, and, as ${n} exceed the pool's ${a.poolSize} connections, ${ms(a.many.beforeTransaction.p99)} p99 waiting for a connection.${
    w
      ? ` With a pool of ${w.poolSize} (a connection for each), that wait is ${ms(w.many.beforeTransaction.p99)} p99, the numbering
  statement's ${ms(w.many.numbering.p50)} p50 (${ms(w.many.numbering.p99)} p99) and the whole issue ${ms(w.many.total.p50)} p50 (${ms(w.many.total.p99)} p99), against ${ms(a.many.total.p50)} (${ms(a.many.total.p99)})
  with ${a.poolSize}: a wider pool moves the wait onto the numbering lock, it does not remove it.`
      : ""
  }`;
}

type AnatomyColumn = { name: string; anatomy: Anatomy };

/** The server's pool on each backend, then PostgreSQL with a connection for each issue at once. */
const anatomyColumns = (live: FolioBackendResult[]): AnatomyColumn[] => [
  ...live.map((r) => ({
    name: r.anatomy.poolSize ? `${r.name}, pool of ${r.anatomy.poolSize}` : r.name,
    anatomy: r.anatomy,
  })),
  ...live.flatMap((r) =>
    r.widePool ? [{ name: `${r.name}, pool of ${r.widePool.poolSize}`, anatomy: r.widePool }] : [],
  ),
];

function anatomyRows(columns: AnatomyColumn[]): string[][] {
  const both = (f: Figures) => `${ms(f.p50)} / ${ms(f.p99)}`;
  const row = (label: string, pick: (f: AnatomyFigures) => Figures) => [
    [`${label}, one at a time`, ...columns.map((col) => both(pick(col.anatomy.one)))],
    [`${label}, at once`, ...columns.map((col) => both(pick(col.anatomy.many)))],
  ];
  return [
    ...row("Waiting before the transaction began", (f) => f.beforeTransaction),
    ...row("The numbering statement (its lock wait and execution)", (f) => f.numbering),
    ...row("The counter row held: numbering answered → COMMIT answered", (f) => f.hold),
    ...row("… of which COMMIT (its WAL flush)", (f) => f.commit),
    ...row("The whole issue", (f) => f.total),
  ];
}

function waitTable(w: WaitSamples): string {
  return table(
    ["What a busy connection was doing", "On the statement", "Share of samples"],
    w.rows.slice(0, 14).map((r) => [r.state, r.statement, pct(r.count, w.busy)]),
  );
}

export function folioSection(run: FolioRun): string {
  const live = measured(run);
  const c = run.config;
  const cols = live.map((r) => r.name);
  const first = live[0];
  const folioRows = [
    ["p50 / p95 / p99", ...live.map((r) => three(r.folio))],
    ["max", ...live.map((r) => ms(r.folio.max))],
    [
      "Lines on the folio: nights, city tax and posted (voided)",
      ...live.map((r) => `${r.folio.lines} (${r.folio.voided})`),
    ],
    ["Answer (JSON, characters)", ...live.map((r) => num(r.folio.bytes))],
  ];
  const invoiceRows = [
    ["Issue and PDF, p50 / p95 / p99", ...live.map((r) => three(r.invoices.issueAndPdf))],
    ["Issue alone (`POST …/invoices`)", ...live.map((r) => three(r.invoices.issue))],
    ["PDF alone (`GET …/invoices/:id/pdf`, read to the end)", ...live.map((r) => three(r.invoices.pdf))],
    [
      "Lines per invoice; PDF size",
      ...live.map((r) => `${num(r.invoices.linesPerInvoice, 1)}; ${num(r.invoices.pdfBytes / 1024, 1)} KB`),
    ],
  ];
  const concurrencyRows = [
    ["One at a time: p50 / p95 / p99", ...live.map((r) => three(r.concurrency.sequential))],
    [`${c.concurrency} at once: p50 / p95 / p99`, ...live.map((r) => three(r.concurrency.concurrent))],
    [
      "At once ÷ one at a time (p50; p99)",
      ...live.map(
        (r) =>
          `${times(r.concurrency.concurrent.p50, r.concurrency.sequential.p50)}; ${times(r.concurrency.concurrent.p99, r.concurrency.sequential.p99)}`,
      ),
    ],
    [
      `A round: ${c.concurrency} at once, first sent → last answer (median)`,
      ...live.map((r) => ms(r.concurrency.roundWall)),
    ],
    [
      `A round: ${c.concurrency} one after another (median)`,
      ...live.map((r) => ms(r.concurrency.sequentialWall)),
    ],
  ];
  const postgres = live.find((r) => r.waits);
  return `${HEADING}

Measured by \`${run.command}\` on ${run.date.slice(0, 16).replace("T", " ")} UTC at commit \`${run.commit}\`; the run took
${(run.totalSeconds / 60).toFixed(1)} minutes. It is its own command and keeps its figures in \`${FOLIO_RESULTS}\`. Machine:
${run.info.cpu}, ${run.info.memoryGb.toFixed(0)} GB, ${Object.entries(run.info.versions)
    .map(([name, version]) => (version.startsWith(name) ? version : `${name} ${version}`))
    .join(
      ", ",
    )}; load average ${load(run.info.loadStart)} at the start and ${load(run.info.loadEnd)} at the end
(1/5/15 min; the machine is shared, so absolute figures are noisy; the ratios compare figures measured side
by side).${c.quick ? " **A quick run: fewer requests than the full one.**" : ""}

Per backend, in a database of its own: one property of ${num(c.rooms)} rooms with ${num(c.background)} stays seeded in SQL (the main data
set's rules), then through the built server over HTTP, signed in as the owner, as the desk would: two tax
rates (GST 12 % on every room type and two products, GST 18 % on two products), prices excluding tax and a
city tax of 50 per adult per night (\`PATCH /api/properties/:pid\`), seller details for the invoice. One
${c.nights}-night stay for 2 adults with ${c.lines} lines posted one by one (\`POST …/charges\`: products with a tax rate,
free lines taxed and untaxed, an adjustment every 20 lines) and ${c.voided} of them voided; and 2-night stays with
${c.chargesPerStay} such charges each, one per invoice issued below. One client, on the same two cores as the server.

${table(["Goal", "Target", "Measured", "Result"], goalRows(live, c))}
${postgres ? `\n${serialNote(postgres, c)}\n` : ""}
### The folio: \`GET …/reservations/:id/folio\` of the ${c.nights}-night stay

${c.folioWarmup} requests untimed, then ${c.folioRequests} one after another.

${table(["Figure", ...cols], folioRows)}

### An invoice and its PDF

For each of ${first?.invoices.stays ?? c.invoiceStays} stays in turn (after ${c.invoiceWarmup} untimed): \`POST …/reservations/:id/invoices\`, then
\`GET /api/properties/:pid/invoices/:id/pdf\` of the invoice it answered; the two timed together and apart.

${table(["Figure", ...cols], invoiceRows)}

### ${c.concurrency} issues at once

${c.rounds} rounds of ${c.concurrency} issues sent at once (${c.concurrency} different stays), alternated with ${c.rounds} rounds of ${c.concurrency} sent one
after another (ABBA, after one untimed round of each), so both are measured in the same run on the same
kind of stay. Each issue's time is from its request to its answer.

${table(["Figure", ...cols], concurrencyRows)}

### What the issues wait on

The server's own \`issueInvoice\` (src/server/modules/invoices/service.ts), called in the bench process on the same
database after the server stopped${
    postgres
      ? ` (PostgreSQL through the server's pool of ${postgres.anatomy.poolSize} connections${postgres.widePool ? `, then through one of ${postgres.widePool.poolSize}` : ""})`
      : ""
  }, ${c.anatomyRounds} rounds each way
as above (${first?.anatomy.count ?? 0} issues each way), each issue's statements timed through the driver. The invoice counter's row
is locked by the numbering statement (\`takeNumber\`, numbering.ts) until COMMIT. p50 / p99:

${table(
  ["Part of an issue", ...anatomyColumns(live).map((col) => col.name)],
  anatomyRows(anatomyColumns(live)),
)}

${live.map((r) => reading(r, c)).join("\n")}
${
  postgres?.waits
    ? `
PostgreSQL, through the server: ${c.observedRounds} further rounds of ${c.concurrency} at once (not timed), with \`pg_stat_activity\` read in a
loop on a connection of the bench's (${num(postgres.waits.polls)} reads, ${num(postgres.waits.busy)} busy connections seen). ${pct(postgres.waits.lockWaits, postgres.waits.busy)} of
them were waiting for a lock, ${pct(postgres.waits.onNumbering, postgres.waits.lockWaits)} of those on the numbering statement:

${waitTable(postgres.waits)}
`
    : ""
}${postgres ? `\n${NUMBERING_NOTE}` : ""}${
  live.some((r) => r.name === "PGlite" && r.folio.p99 > FOLIO_P99_TARGET) ? `\n${FOLIO_PGLITE_NOTE}` : ""
}`;
}

/** Replaces the section in docs/benchmarks.md, or puts it after the guests' section. */
export function putFolioSection(section: string): void {
  putDocSection(HEADING, section, "## Issue 34");
}

/** For the full report (report.ts): the section from the kept results, if there are any. */
export function keptFolioSection(): string {
  if (!fs.existsSync(FOLIO_RESULTS)) return "";
  return folioSection(JSON.parse(fs.readFileSync(FOLIO_RESULTS, "utf8")) as FolioRun);
}
