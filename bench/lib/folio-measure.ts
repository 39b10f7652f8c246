// The folio bench's figures over HTTP, against the built server (bench/folio.ts): the long stay's folio read
// again and again; invoices issued one stay at a time with their PDF; and issues one at a time against
// `concurrency` at once, in alternating rounds.
import type { Client } from "./http.js";
import { percentile } from "./stats.js";

export type Figures = { p50: number; p95: number; p99: number; max: number; count: number };

export const figures = (values: readonly number[]): Figures => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  p99: percentile(values, 99),
  max: Math.max(...values),
  count: values.length,
});

export type FolioRead = Figures & { lines: number; voided: number; bytes: number };

/** GET …/folio of the long stay, `warmup` untimed then `count` timed, one after another. */
export async function folioReads(
  client: Client,
  pid: string,
  stay: string,
  warmup: number,
  count: number,
): Promise<FolioRead> {
  const path = `/api/properties/${pid}/reservations/${stay}/folio`;
  type Folio = { lines: { voidedAt: string | null }[] };
  let last: { body: Folio; bytes: number } | undefined;
  const samples: number[] = [];
  for (let i = 0; i < warmup + count; i++) {
    const t = performance.now();
    const answer = await client.json<Folio>("GET", path);
    const elapsed = performance.now() - t;
    if (answer.status !== 200) throw new Error(`folio answered ${answer.status}`);
    if (i >= warmup) samples.push(elapsed);
    last = answer;
  }
  const lines = last?.body.lines ?? [];
  return {
    ...figures(samples),
    lines: lines.length,
    voided: lines.filter((line) => line.voidedAt !== null).length,
    bytes: last?.bytes ?? 0,
  };
}

/** POST …/invoices for one stay; its answer's milliseconds, the invoice's id and its line count. */
export async function issue(client: Client, pid: string, stay: string) {
  const t = performance.now();
  const answer = await client.json<{ id: string; lines: unknown[]; number: string }>(
    "POST",
    `/api/properties/${pid}/reservations/${stay}/invoices`,
    {},
  );
  const ms = performance.now() - t;
  if (answer.status !== 201)
    throw new Error(`issue answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { ms, id: answer.body.id, lines: answer.body.lines.length, number: answer.body.number };
}

/** GET …/invoices/:id/pdf, read to its end. */
async function pdf(client: Client, pid: string, invoice: string) {
  const t = performance.now();
  const response = await client.fetch(`/api/properties/${pid}/invoices/${invoice}/pdf`);
  const body = new Uint8Array(await response.arrayBuffer());
  const ms = performance.now() - t;
  if (response.status !== 200 || response.headers.get("content-type") !== "application/pdf")
    throw new Error(`pdf answered ${response.status} ${response.headers.get("content-type")}`);
  if (new TextDecoder().decode(body.subarray(0, 5)) !== "%PDF-") throw new Error("the pdf is not a PDF");
  return { ms, bytes: body.length };
}

export type InvoiceFigures = {
  issueAndPdf: Figures;
  issue: Figures;
  pdf: Figures;
  stays: number;
  linesPerInvoice: number;
  pdfBytes: number;
  example: string;
};

/** Each stay invoiced then its PDF fetched, one stay at a time; the first `warmup` stays untimed. */
export async function invoiceAndPdf(
  client: Client,
  pid: string,
  stays: string[],
  warmup: number,
): Promise<InvoiceFigures> {
  const both: number[] = [];
  const issues: number[] = [];
  const pdfs: number[] = [];
  let lines = 0;
  let bytes = 0;
  let example = "";
  for (const [i, stay] of stays.entries()) {
    const issued = await issue(client, pid, stay);
    const printed = await pdf(client, pid, issued.id);
    if (i < warmup) continue;
    issues.push(issued.ms);
    pdfs.push(printed.ms);
    both.push(issued.ms + printed.ms);
    lines += issued.lines;
    bytes += printed.bytes;
    example = issued.number;
  }
  const n = both.length;
  return {
    issueAndPdf: figures(both),
    issue: figures(issues),
    pdf: figures(pdfs),
    stays: n,
    linesPerInvoice: lines / n,
    pdfBytes: bytes / n,
    example,
  };
}

export type ConcurrencyFigures = {
  sequential: Figures;
  concurrent: Figures;
  /** Milliseconds from the first issue of a round sent at once to its last answer (median over rounds). */
  roundWall: number;
  /** The same `concurrency` issues one after another: the sum of their times (median over rounds). */
  sequentialWall: number;
  rounds: number;
  concurrency: number;
};

/** `concurrency` issues sent at once; each one's milliseconds, and the round's. */
export async function atOnce(client: Client, pid: string, stays: string[]) {
  const started = performance.now();
  const times = await Promise.all(stays.map(async (stay) => (await issue(client, pid, stay)).ms));
  return { times, wall: performance.now() - started };
}

async function oneByOne(client: Client, pid: string, stays: string[]) {
  const times: number[] = [];
  for (const stay of stays) times.push((await issue(client, pid, stay)).ms);
  return { times, wall: times.reduce((a, b) => a + b, 0) };
}

/**
 * `rounds` rounds each way, alternating ABBA (one at a time, at once, at once, one at a time, …) so that the
 * machine's drift falls on both; one untimed round of each first. `take` hands out fresh stays.
 */
export async function concurrentIssues(
  client: Client,
  pid: string,
  take: (n: number) => string[],
  rounds: number,
  concurrency: number,
): Promise<ConcurrencyFigures> {
  await oneByOne(client, pid, take(concurrency));
  await atOnce(client, pid, take(concurrency));
  const runs = {
    one: [] as { times: number[]; wall: number }[],
    many: [] as { times: number[]; wall: number }[],
  };
  for (let pair = 0; pair < rounds; pair++) {
    const order = pair % 2 === 0 ? (["one", "many"] as const) : (["many", "one"] as const);
    for (const kind of order) {
      const stays = take(concurrency);
      runs[kind].push(kind === "one" ? await oneByOne(client, pid, stays) : await atOnce(client, pid, stays));
    }
  }
  return {
    sequential: figures(runs.one.flatMap((r) => r.times)),
    concurrent: figures(runs.many.flatMap((r) => r.times)),
    roundWall: percentile(
      runs.many.map((r) => r.wall),
      50,
    ),
    sequentialWall: percentile(
      runs.one.map((r) => r.wall),
      50,
    ),
    rounds,
    concurrency,
  };
}
