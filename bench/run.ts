// `npm run bench`: builds the app, seeds a large synthetic property on PGlite and on PostgreSQL, measures
// every figure against the real server (node dist/server/main.js) and a real headless Chromium, and
// rewrites docs/benchmarks.md. Options: --quick (a tenth of the data, for trying the bench itself),
// --no-build (reuse dist/). Environment: BENCH_DATABASE_URL, CHROMIUM_PATH, BENCH_KEEP=1 (keep the data).
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { pgliteBackend, postgresBackend } from "./lib/backends.js";
import { launch } from "./lib/browser.js";
import { benchToday, generateProperty } from "./lib/dataset.js";
import { machine } from "./lib/machine.js";
import { firstScreenJs } from "./lib/manifest.js";
import { type RunResults, renderReport } from "./lib/report.js";
import { type BenchConfig, runBackend } from "./lib/suite.js";

const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const began = performance.now();
// The issue asks for under 10 minutes on a 2-core machine; keep a margin for writing the report.
const BUDGET_MS = 9 * 60_000;
const remainingMs = () => BUDGET_MS - (performance.now() - began);
const log = (message: string) =>
  console.log(`[bench ${((performance.now() - began) / 1000).toFixed(0).padStart(3)}s] ${message}`);

const scale = quick ? 0.1 : 1;
const config: BenchConfig = {
  quick,
  rooms: 1000,
  smallRooms: 100,
  reservations: Math.round(200_000 * scale),
  smallReservations: Math.round(20_000 * scale),
  stages: [1_000, 10_000, 100_000, 200_000].map((n) => Math.round(n * scale)),
  liveSubscribers: quick ? 200 : 1000,
  today: benchToday(),
};

const info = machine();
if (!args.has("--no-build")) {
  log("npm run build");
  try {
    execSync("npm run build", { stdio: "pipe" });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: Buffer; stderr?: Buffer };
    process.stderr.write(`${stdout}${stderr}`);
    throw new Error("npm run build failed (output above)");
  }
}

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

const pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/innkeep_bench";
const backends = [pgliteBackend(3300), postgresBackend(3301, pgUrl)];
const results: RunResults["results"] = [];
const browser = await launch();
info.chromium = browser.version();
try {
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
} finally {
  await browser.close();
}

info.loadEnd = os.loadavg();
const totalSeconds = (performance.now() - began) / 1000;
const raw: RunResults = { info, config, results, firstScreen: firstScreenJs(), totalSeconds };
fs.writeFileSync(
  `${os.tmpdir()}/innkeep-bench-results${quick ? "-quick" : ""}.json`,
  JSON.stringify(raw, null, 1),
);
const markdown = renderReport(raw);
if (quick) {
  const file = `${os.tmpdir()}/innkeep-bench-quick.md`;
  fs.writeFileSync(file, markdown);
  log(`quick run: wrote ${file} (docs/benchmarks.md is only rewritten by a full run)`);
} else {
  fs.writeFileSync("docs/benchmarks.md", markdown);
  log("wrote docs/benchmarks.md");
}
log(`done in ${totalSeconds.toFixed(0)} s`);
