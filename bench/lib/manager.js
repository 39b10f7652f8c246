// The manager tools' figures: the reservations CSV export (time, size and the server's peak memory, for a
// small filtered export and for every reservation), the occupancy CSV, a bulk rate edit of a year for every
// room type, and the Reports route's JavaScript (its chunk carries the chart library).
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { dayToIso, isoToDay } from "./dataset.js";
import { median } from "./stats.js";

/** Streams one export to the end, counting bytes and lines, while the server's RSS is sampled. */
async function download(client, server, url) {
  const rssBefore = server.rssMb();
  const peak = server.sampleRss(20);
  const started = performance.now();
  const response = await client.fetch(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  const firstByte = performance.now() - started;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
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
async function bulkEdit(client, pid, typeIds, today, runs) {
  const from = dayToIso(isoToDay(today) + 400);
  const to = dayToIso(isoToDay(today) + 400 + 364);
  const samples = [];
  let saved = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const { status, body } = await client.json("POST", `/api/properties/${pid}/rate-overrides/bulk`, {
      from,
      to,
      roomTypeIds: typeIds,
      price: 2000 + run,
      minLOS: 1 + (run % 2),
    });
    samples.push(performance.now() - started);
    if (status !== 200) throw new Error(`bulk rate edit answered ${status}`);
    saved = body.saved;
  }
  return { ms: median(samples), runs, saved, types: typeIds.length, days: 365 };
}

/** The Reports route's own chunk (from Vite's manifest), gzipped at level 9 like the other JS figures. */
export function reportsChunk() {
  const manifest = JSON.parse(fs.readFileSync("dist/web/.vite/manifest.json", "utf8"));
  const entry = manifest["screens/reports/ReportsScreen.tsx"];
  if (!entry) return undefined;
  const body = fs.readFileSync(path.join("dist/web", entry.file));
  return { rawKb: body.length / 1024, gzipKb: gzipSync(body, { level: 9 }).length / 1024 };
}

export async function managerFigures({ client, server, pid, typeIds, today, quick }) {
  const exports = `/api/properties/${pid}/exports`;
  // Warm the route once, so the first figure is not the module's first use.
  await download(client, server, `${exports}/reservations.csv?q=nobody`);
  const small = await download(client, server, `${exports}/reservations.csv?status=checked_in`);
  const all = await download(client, server, `${exports}/reservations.csv`);
  // Again: the first one also sizes the server's heap for a stream this long (see the report's note).
  const again = await download(client, server, `${exports}/reservations.csv`);
  const from = dayToIso(isoToDay(today) - 365);
  const occupancy = await download(client, server, `${exports}/occupancy.csv?from=${from}&to=${today}`);
  const bulk = await bulkEdit(client, pid, typeIds, today, quick ? 2 : 3);
  return {
    exportSmall: small,
    exportAll: all,
    exportAgain: again,
    exportOccupancy: occupancy,
    bulk,
    reportsChunk: reportsChunk(),
  };
}
