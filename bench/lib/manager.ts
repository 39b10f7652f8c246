// The manager tools' figures: the reservations CSV export (time, size and the server's peak memory, for a
// small filtered export and for every reservation), the occupancy CSV, a bulk rate edit of a year for every
// room type, and the Reports route's JavaScript (its chunk carries the chart library).
import { addDays, type IsoDate } from "../../src/domain/dates.js";
import type { Client } from "./http.js";
import { routeChunk } from "./manifest.js";
import type { Server } from "./server.js";
import { median } from "./stats.js";

export type Download = {
  ms: number;
  firstByteMs: number;
  bytes: number;
  rows: number;
  rssBefore: number;
  rssPeak: number;
  rssGrowth: number;
};
export type BulkEdit = { ms: number; runs: number; saved: number; types: number; days: number };
export type ManagerFigures = {
  exportSmall: Download;
  exportAll: Download;
  exportAgain?: Download;
  exportOccupancy: Download;
  bulk: BulkEdit;
  reportsChunk: { rawKb: number; gzipKb: number } | undefined;
};

/** Streams one export to the end, counting bytes and lines, while the server's RSS is sampled. */
async function download(client: Client, server: Server, url: string): Promise<Download> {
  const rssBefore = server.rssMb();
  const peak = server.sampleRss(20);
  const started = performance.now();
  const response = await client.fetch(url);
  if (response.status !== 200 || !response.body) throw new Error(`${url} answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  const firstByte = performance.now() - started;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.length;
    for (const byte of read.value) if (byte === 10) lines++;
  }
  const ms = performance.now() - started;
  const rssPeak = peak();
  return {
    ms,
    firstByteMs: firstByte,
    bytes,
    rows: lines - 1,
    rssBefore,
    rssPeak,
    rssGrowth: rssPeak - rssBefore,
  };
}

/**
 * A year of one price for every room type, Fridays and Saturdays excluded and then included, so each run
 * writes the same 365 × types overrides (a third of them new the first time, all updates after).
 */
async function bulkEdit(
  client: Client,
  pid: string,
  typeIds: string[],
  today: IsoDate,
  runs: number,
): Promise<BulkEdit> {
  const from = addDays(today, 400);
  const to = addDays(today, 400 + 364);
  const samples: number[] = [];
  let saved = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const { status, body } = await client.json<{ saved: number }>(
      "POST",
      `/api/properties/${pid}/rate-overrides/bulk`,
      { from, to, roomTypeIds: typeIds, price: 2000 + run, minLOS: 1 + (run % 2) },
    );
    samples.push(performance.now() - started);
    if (status !== 200) throw new Error(`bulk rate edit answered ${status}`);
    saved = body.saved;
  }
  return { ms: median(samples), runs, saved, types: typeIds.length, days: 365 };
}

export async function managerFigures({
  client,
  server,
  pid,
  typeIds,
  today,
  quick,
}: {
  client: Client;
  server: Server;
  pid: string;
  typeIds: string[];
  today: IsoDate;
  quick: boolean;
}): Promise<ManagerFigures> {
  const exports = `/api/properties/${pid}/exports`;
  // Warm the route once, so the first figure is not the module's first use.
  await download(client, server, `${exports}/reservations.csv?q=nobody`);
  const small = await download(client, server, `${exports}/reservations.csv?status=checked_in`);
  const all = await download(client, server, `${exports}/reservations.csv`);
  // Again: the first one also sizes the server's heap for a stream this long (see the report's note).
  const again = await download(client, server, `${exports}/reservations.csv`);
  const from = addDays(today, -365);
  const occupancy = await download(client, server, `${exports}/occupancy.csv?from=${from}&to=${today}`);
  const bulk = await bulkEdit(client, pid, typeIds, today, quick ? 2 : 3);
  return {
    exportSmall: small,
    exportAll: all,
    exportAgain: again,
    exportOccupancy: occupancy,
    bulk,
    // The Reports route's own chunk (the screen and the chart library).
    reportsChunk: routeChunk("screens/reports/ReportsScreen.tsx"),
  };
}
