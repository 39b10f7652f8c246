// `npm run bench -- --folio --profile`: where the folio read's time goes. The server runs with `--cpu-prof`
// while one client reads the long stay's folio again and again; its profile is summed over the reads'
// window by where the code lives (PGlite, Fastify, zod, the folio's domain code, …): cpu-profile.ts, from the
// first to the last sample inside `loadFolio` (the reads; nothing else the bench does then loads a folio).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Backend } from "./backends.js";
import { type Place, readProfile, summarizeProfile } from "./cpu-profile.js";
import { folioReads } from "./folio-measure.js";
import { FOLIO_OWNER, type FolioConfig, folioData, seedFolioProperty, setUpFolio } from "./folio-setup.js";
import { Server } from "./server.js";
import { signIn } from "./suite.js";

/** The folio's own code, as the summary names it. */
const FOLIO_CODE: Place = [
  /dist\/server\/modules\/folio|dist\/domain/,
  "the folio's own code (domain and module)",
];

export async function profileFolio(backend: Backend, c: FolioConfig, log: (message: string) => void) {
  const dir = path.join(os.tmpdir(), "innkeep-bench-folio-prof");
  fs.rmSync(dir, { recursive: true, force: true });
  const data = folioData(c);
  const ids = await seedFolioProperty(backend, data);
  const server = new Server({
    port: backend.port,
    env: { ...backend.env, AUTH_RATE_LIMIT_PER_MINUTE: "1000" },
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`],
  });
  await server.start();
  try {
    const client = await signIn(server, FOLIO_OWNER, ids.pid);
    const setup = await setUpFolio(
      client,
      ids,
      data,
      { ...c, invoiceStays: 0, rounds: 0, observedRounds: 0, anatomyRounds: 0 },
      log,
    );
    await folioReads(client, ids.pid, setup.longStay, c.folioWarmup, 50);
    const reads = await folioReads(client, ids.pid, setup.longStay, 0, 1000);
    log(
      `${backend.name}: 1,000 folio reads under the profiler, p50 ${reads.p50.toFixed(1)} ms, p99 ${reads.p99.toFixed(1)} ms`,
    );
  } finally {
    await server.stop();
  }
  const { file, profile } = readProfile(dir, "loadFolio");
  const { places, functions } = summarizeProfile(profile, "loadFolio", [FOLIO_CODE]);
  return { file, places, functions };
}
