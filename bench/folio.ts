// `npm run bench -- --folio`: the folio and invoices, on PGlite and on PostgreSQL in one run, each in a database
// of its own (lib/folio-setup.ts): a 30-night stay's folio with 100 posted lines read again and again; invoices
// issued one stay at a time with their PDF; 16 issues at once against one at a time, in alternating rounds;
// what those issues wait on (lib/folio-locks.ts). Writes bench/results/folio.json and its section of
// docs/benchmarks.md; `--quick` makes fewer requests and writes to the temp directory only. Options:
// --no-build (reuse dist/), --only=PostgreSQL|PGlite (one database; written to the temp directory only),
// --profile (a CPU profile of the server over 1,000 folio reads, summed: lib/folio-profile.ts). Environment:
// BENCH_DATABASE_URL (its database name gets "_folio"), BENCH_KEEP=1 (keep the data).
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { type Backend, pgliteBackend, postgresBackend } from "./lib/backends.js";
import { buildApp } from "./lib/build.js";
import { benchToday } from "./lib/dataset.js";
import { issueAnatomy, sampleWaits } from "./lib/folio-locks.js";
import { atOnce, concurrentIssues, folioReads, invoiceAndPdf } from "./lib/folio-measure.js";
import {
  FOLIO_OWNER,
  type FolioConfig,
  folioConfig,
  folioData,
  seedFolioProperty,
  setUpFolio,
} from "./lib/folio-setup.js";
import { machine } from "./lib/machine.js";
import {
  FOLIO_RESULTS,
  type FolioBackendResult,
  type FolioRun,
  folioSection,
  putFolioSection,
} from "./lib/report-folio.js";
import { Server } from "./lib/server.js";
import { signIn } from "./lib/suite.js";

const began = performance.now();
const log = (message: string) =>
  console.log(`[bench folio ${((performance.now() - began) / 1000).toFixed(0).padStart(3)}s] ${message}`);

async function measureBackend(backend: Backend, c: FolioConfig): Promise<FolioBackendResult> {
  const data = folioData(c);
  log(`${backend.name}: seeding ${c.background} stays in ${c.rooms} rooms`);
  const ids = await seedFolioProperty(backend, data);
  const server = new Server({
    port: backend.port,
    env: { ...backend.env, AUTH_RATE_LIMIT_PER_MINUTE: "1000" },
  });
  await server.start();
  let next = 0;
  let setup: Awaited<ReturnType<typeof setUpFolio>>;
  const take = (n: number) => {
    const out = setup.stays.slice(next, next + n);
    next += n;
    if (out.length < n) throw new Error("the bench made too few stays");
    return out;
  };
  let measured: Omit<FolioBackendResult, "name" | "describe" | "anatomy" | "widePool">;
  try {
    const client = await signIn(server, FOLIO_OWNER, ids.pid);
    log(`${backend.name}: tax rates, products, stays and charges through the API`);
    setup = await setUpFolio(client, ids, data, c, log);
    log(
      `${backend.name}: folio of the ${c.nights}-night stay, ${c.folioWarmup} untimed then ${c.folioRequests}`,
    );
    const folio = await folioReads(client, ids.pid, setup.longStay, c.folioWarmup, c.folioRequests);
    log(`${backend.name}: invoice and PDF, ${c.invoiceStays} stays one at a time`);
    const invoices = await invoiceAndPdf(
      client,
      ids.pid,
      take(c.invoiceStays + c.invoiceWarmup),
      c.invoiceWarmup,
    );
    log(`${backend.name}: ${c.rounds} rounds each of ${c.concurrency} issues one at a time and at once`);
    const concurrency = await concurrentIssues(client, ids.pid, take, c.rounds, c.concurrency);
    let waits: FolioBackendResult["waits"];
    if (backend.spec.kind === "postgres") {
      log(`${backend.name}: ${c.observedRounds} more rounds at once, pg_stat_activity sampled`);
      const url = backend.spec.url;
      waits = await sampleWaits(url, async () => {
        for (let r = 0; r < c.observedRounds; r++) await atOnce(client, ids.pid, take(c.concurrency));
      });
    }
    measured = { setupSeconds: setup.seconds, folio, invoices, concurrency, ...(waits ? { waits } : {}) };
  } finally {
    await server.stop();
  }
  log(
    `${backend.name}: the server's issueInvoice in this process, ${c.anatomyRounds} rounds each way, timed`,
  );
  const anatomy = await issueAnatomy(backend, ids, take, c.anatomyRounds, c.concurrency);
  // PostgreSQL again with a connection for each issue at once: does the wait for a connection move elsewhere?
  const widePool =
    backend.spec.kind === "postgres"
      ? await issueAnatomy(backend, ids, take, c.anatomyRounds, c.concurrency, c.concurrency)
      : undefined;
  return {
    name: backend.name,
    describe: backend.describe,
    ...measured,
    anatomy,
    ...(widePool ? { widePool } : {}),
  };
}

export async function runFolio(argv: string[]): Promise<number> {
  const args = new Set(argv);
  const quick = args.has("--quick");
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const date = new Date().toISOString();
  const info = machine();
  if (!args.has("--no-build")) buildApp(log);
  const config = folioConfig(quick, benchToday());
  const pgUrl = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/innkeep_bench");
  pgUrl.pathname = `${pgUrl.pathname}_folio`;
  const only = argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
  const backends = [
    pgliteBackend(3346, "innkeep-bench-folio-3346"),
    postgresBackend(3347, pgUrl.href),
  ].filter((b) => !only || b.name === only);
  if (args.has("--profile")) {
    const { profileFolio } = await import("./lib/folio-profile.js");
    for (const backend of backends) {
      try {
        const found = await profileFolio(backend, config, log);
        log(`${backend.name}: ${found.file}; self time over the reads (ms), by place then by function:`);
        for (const [place, ms] of [...found.places, ...found.functions])
          console.log(`${ms.toFixed(0).padStart(8)}  ${place}`);
      } finally {
        if (process.env.BENCH_KEEP !== "1") await backend.cleanup();
      }
    }
    return 0;
  }
  const results: FolioRun["results"] = [];
  for (const backend of backends) {
    await new Server({ port: backend.port, env: {} }).assertPortFree(); // before its database is dropped
    if (!(await backend.available())) {
      log(`*** ${backend.name} is not reachable: its figures are SKIPPED ***`);
      results.push({ name: backend.name, skipped: true });
      continue;
    }
    info.versions[backend.name] = await backend.version();
    try {
      results.push(await measureBackend(backend, config));
    } finally {
      if (process.env.BENCH_KEEP !== "1") await backend.cleanup();
    }
  }
  info.loadEnd = os.loadavg();
  const run: FolioRun = {
    date,
    command: `npm run bench -- ${argv.filter((a) => a !== "--no-build").join(" ")}`,
    commit,
    info,
    config,
    results,
    totalSeconds: (performance.now() - began) / 1000,
  };
  const section = folioSection(run);
  // Only a full run on both databases replaces the kept figures.
  if (quick || only) {
    const file = `${os.tmpdir()}/innkeep-bench-folio-${quick ? "quick" : ""}${only ?? ""}`;
    fs.writeFileSync(`${file}.json`, `${JSON.stringify(run, null, 2)}\n`);
    fs.writeFileSync(`${file}.md`, section);
    log(`wrote ${file}.json and .md (docs/benchmarks.md is only changed by a full run on both databases)`);
    return 0;
  }
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(FOLIO_RESULTS, `${JSON.stringify(run, null, 2)}\n`);
  execSync(`npx biome format --write ${FOLIO_RESULTS}`, { stdio: "ignore" });
  putFolioSection(section);
  log(
    `wrote ${FOLIO_RESULTS} and its section of docs/benchmarks.md; done in ${run.totalSeconds.toFixed(0)} s`,
  );
  return 0;
}
