// `npm run bench`: builds the app, seeds a large synthetic property on PGlite and on PostgreSQL, measures
// every figure against the real server (node dist/server/main.js) and a real headless Chromium, and
// rewrites docs/benchmarks.md. Options: --quick (a tenth of the data, for trying the bench itself),
// --no-build (reuse dist/), --largest (only the largest hotel, largest.ts), --citus (one PostgreSQL against a
// Citus cluster, citus.ts: it runs alone and exits), --guests (guest search and the create's profile write,
// guests.ts: it runs alone and exits), --folio (the folio, invoices and their PDFs, folio.ts: it runs alone and
// exits), --day-close (closing a day of the largest hotel under creates, day-close.ts: it runs alone and
// exits). Environment: BENCH_DATABASE_URL, CHROMIUM_PATH, BENCH_KEEP=1 (keep the data).
//
// A full run keeps its raw results in bench/results/ (main.json, largest.json), so the report always shows the
// last run of each: the main run and the largest hotel are measured by separate commands.
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { pgliteBackend, postgresBackend } from "./lib/backends.js";
import { launch } from "./lib/browser.js";
import { buildApp } from "./lib/build.js";
import { benchToday, generateProperty } from "./lib/dataset.js";
import { type LargestRun, largestConfig, runLargest } from "./lib/largest.js";
import { machine } from "./lib/machine.js";
import { firstScreenJs } from "./lib/manifest.js";
import { type RunResults, renderReport } from "./lib/report.js";
import { largestSection } from "./lib/report-largest.js";
import { type BenchConfig, runBackend } from "./lib/suite.js";

if (process.argv.includes("--citus")) {
  const { runCitus } = await import("./citus.js");
  process.exit(await runCitus(process.argv.slice(2)));
}

if (process.argv.includes("--guests")) {
  const { runGuests } = await import("./guests.js");
  process.exit(await runGuests(process.argv.slice(2)));
}

if (process.argv.includes("--day-close")) {
  const { runDayClose } = await import("./day-close.js");
  process.exit(await runDayClose(process.argv.slice(2)));
}

if (process.argv.includes("--offers"))
  process.exit(await (await import("./offers.js")).runOffers(process.argv.slice(2)));

if (process.argv.includes("--folio")) {
  const { runFolio } = await import("./folio.js");
  process.exit(await runFolio(process.argv.slice(2)));
}

const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const largestOnly = args.has("--largest");
const began = performance.now();
const startedAt = new Date().toISOString();
// The issue asks for under 10 minutes on a 2-core machine; keep a margin for writing the report.
const BUDGET_MS = 9 * 60_000;
const remainingMs = () => BUDGET_MS - (performance.now() - began);
const log = (message: string) =>
  console.log(`[bench ${((performance.now() - began) / 1000).toFixed(0).padStart(3)}s] ${message}`);

const RESULTS_DIR = "bench/results";
const MAIN_RESULTS = `${RESULTS_DIR}/main.json`;
const LARGEST_RESULTS = `${RESULTS_DIR}/largest.json`;
const readJson = <T>(file: string): T | undefined =>
  fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : undefined;
/** Full runs keep their results here; quick runs write to the temp directory and never touch the report. */
function save(file: string, quickName: string, value: unknown): void {
  const target = quick ? `${os.tmpdir()}/${quickName}` : file;
  fs.mkdirSync(quick ? os.tmpdir() : RESULTS_DIR, { recursive: true });
  fs.writeFileSync(target, `${JSON.stringify(value, null, 2)}\n`);
  // Committed with the report: in the project's formatting, so \`npm run lint\` passes.
  if (!quick) execSync(`npx biome format --write ${target}`, { stdio: "ignore" });
}

const scale = quick ? 0.1 : 1;
const config: BenchConfig = {
  quick,
  rooms: 1000,
  smallRooms: 100,
  reservations: Math.round(200_000 * scale),
  smallReservations: Math.round(20_000 * scale),
  // A quick run skips the third growth point (each one restarts the server): it has to fit in 2 minutes.
  stages: (quick ? [1_000, 10_000, 200_000] : [1_000, 10_000, 100_000, 200_000]).map((n) =>
    Math.round(n * scale),
  ),
  liveSubscribers: quick ? 200 : 1000,
  today: benchToday(),
};

const info = machine();
if (!args.has("--no-build")) buildApp(log);

const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/innkeep_bench";
const browser = await launch();
info.chromium = browser.version();

/** The main run: both backends, every figure but the largest hotel's. */
async function mainRun(): Promise<RunResults> {
  log(`generating data (${config.rooms} rooms, ${config.reservations} reservations; today ${config.today})`);
  const big = generateProperty({
    rooms: config.rooms,
    reservations: config.reservations,
    today: config.today,
    seed: 1,
  });
  const small = generateProperty({
    rooms: config.smallRooms,
    reservations: config.smallReservations,
    today: config.today,
    seed: 2,
  });
  const backends = [pgliteBackend(3300), postgresBackend(3301, pgUrl)];
  const results: RunResults["results"] = [];
  for (const backend of backends) {
    if (!(await backend.available())) {
      log(`*** ${backend.name} is not reachable at ${pgUrl}: its figures are SKIPPED ***`);
      results.push({ name: backend.name, skipped: true });
      continue;
    }
    info.versions[backend.name] = await backend.version();
    results.push(
      await runBackend({
        backend,
        big,
        small,
        config,
        log,
        remainingMs,
        browser: backend.name === "PGlite" ? browser : null,
      }),
    );
    if (process.env.BENCH_KEEP !== "1") await backend.cleanup();
  }
  info.loadEnd = os.loadavg();
  const totalSeconds = (performance.now() - began) / 1000;
  return { date: startedAt, info, config, results, firstScreen: firstScreenJs(), totalSeconds };
}

/** The largest hotel on both backends, in databases of its own. */
async function largestRun(): Promise<LargestRun> {
  const largestUrl = new URL(pgUrl);
  largestUrl.pathname = `${largestUrl.pathname}_largest`;
  const run = await runLargest({
    backends: [pgliteBackend(3302, "innkeep-bench-largest-3302"), postgresBackend(3303, largestUrl.href)],
    config: largestConfig(quick, config.today),
    browser,
    log,
  });
  return { ...run, loadEnd: os.loadavg(), totalSeconds: (performance.now() - began) / 1000 };
}

let report: RunResults | undefined;
try {
  if (largestOnly) {
    const largest = await largestRun();
    save(LARGEST_RESULTS, "innkeep-bench-largest-quick.json", largest);
    report = quick ? undefined : readJson<RunResults>(MAIN_RESULTS);
    if (report) report.largest = largest;
    else if (!quick)
      log(`no ${MAIN_RESULTS}: run \`npm run bench\` to write docs/benchmarks.md with these figures`);
    if (quick) {
      const file = `${os.tmpdir()}/innkeep-bench-largest-quick.md`;
      fs.writeFileSync(file, `# Benchmarks (largest hotel, quick)\n\n${largestSection(largest)}`);
      log(`quick run: wrote ${file}`);
    }
  } else {
    const main = await mainRun();
    save(MAIN_RESULTS, "innkeep-bench-results-quick.json", main);
    report = { ...main, largest: quick ? undefined : readJson<LargestRun>(LARGEST_RESULTS) };
  }
} finally {
  await browser.close();
}

if (report) {
  const markdown = renderReport(report);
  if (quick) {
    const file = `${os.tmpdir()}/innkeep-bench-quick.md`;
    fs.writeFileSync(file, markdown);
    log(`quick run: wrote ${file} (docs/benchmarks.md is only rewritten by a full run)`);
  } else {
    fs.writeFileSync("docs/benchmarks.md", markdown);
    log("wrote docs/benchmarks.md");
  }
}
log(`done in ${((performance.now() - began) / 1000).toFixed(0)} s`);
