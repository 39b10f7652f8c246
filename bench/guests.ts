// `npm run bench -- --guests` (issue 34): guest search and the create's profile write, on PGlite and on
// PostgreSQL in one run, each in a database of its own with 200,000 guest profiles and 400,000 stays
// (lib/guest-bench.ts). Writes bench/results/guests.json and its section of docs/benchmarks.md; `--quick`
// takes a tenth of the data and writes to the temp directory only. Options: --no-build (reuse dist/),
// --stays=N (another size), --only=PostgreSQL|PGlite (one database; kept in bench/results/guests-full.json).
// Environment: BENCH_DATABASE_URL (its database name gets "_guests"), BENCH_KEEP=1 (keep the data).
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { benchBackends, reachableBackends } from "./lib/bench-backends.js";
import { buildApp } from "./lib/build.js";
import { benchToday } from "./lib/dataset.js";
import {
  type GuestBenchResult,
  guestBenchConfig,
  guestBenchData,
  measureGuestBench,
  type SeededGuests,
  seedGuestBench,
} from "./lib/guest-bench.js";
import { machine } from "./lib/machine.js";
import {
  GUESTS_FULL_RESULTS,
  GUESTS_RESULTS,
  type GuestsRun,
  guestsSection,
  putGuestsSection,
} from "./lib/report-guests.js";

const began = performance.now();
const log = (message: string) =>
  console.log(`[bench guests ${((performance.now() - began) / 1000).toFixed(0).padStart(3)}s] ${message}`);

export async function runGuests(argv: string[]): Promise<number> {
  const args = new Set(argv);
  const quick = args.has("--quick");
  const git = (...a: string[]) => execFileSync("git", a, { encoding: "utf8" }).trim();
  const commit = git("rev-parse", "--short", "HEAD");
  const date = new Date().toISOString();
  const info = machine();
  if (!args.has("--no-build")) buildApp(log);
  const stays = argv.find((a) => a.startsWith("--stays="))?.slice("--stays=".length);
  const config = guestBenchConfig(quick, benchToday(), stays ? Number(stays) : undefined);
  // `--only=PostgreSQL` (or PGlite): one database, kept as the full-size run beside the side-by-side one.
  const only = argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
  const { available, skipped } = await reachableBackends(benchBackends("guests", 3336, only), log);
  const results: (GuestBenchResult | { name: string; skipped: true })[] = [...skipped];
  for (const backend of available) info.versions[backend.name] = await backend.version();
  try {
    const data = guestBenchData(config);
    log(
      `seeding ${config.reservations} stays and ${data.guests.count} guests into ${available.map((b) => b.name).join(" and ")} at once`,
    );
    const seeded = await Promise.all(available.map((backend) => seedGuestBench(backend, data, log)));
    for (const [i, backend] of available.entries())
      results.push(await measureGuestBench(backend, data, seeded[i] as SeededGuests, config, log));
  } finally {
    if (process.env.BENCH_KEEP !== "1") for (const backend of available) await backend.cleanup();
  }
  info.loadEnd = os.loadavg();
  const run: GuestsRun = {
    date,
    command: `npm run bench -- ${argv.filter((a) => a !== "--no-build").join(" ")}`,
    commit,
    info,
    config,
    results,
    totalSeconds: (performance.now() - began) / 1000,
  };
  const kept = (file: string) =>
    fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as GuestsRun) : undefined;
  const section = only
    ? ((main) => (main ? guestsSection(main, run) : guestsSection(run)))(kept(GUESTS_RESULTS))
    : guestsSection(run, kept(GUESTS_FULL_RESULTS));
  if (quick) {
    const file = `${os.tmpdir()}/innkeep-bench-guests-quick`;
    fs.writeFileSync(`${file}.json`, `${JSON.stringify(run, null, 2)}\n`);
    fs.writeFileSync(`${file}.md`, section);
    log(`quick run: wrote ${file}.json and .md (docs/benchmarks.md is only changed by a full run)`);
    return 0;
  }
  fs.mkdirSync("bench/results", { recursive: true });
  const file = only ? GUESTS_FULL_RESULTS : GUESTS_RESULTS;
  fs.writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  execSync(`npx biome format --write ${file}`, { stdio: "ignore" });
  putGuestsSection(section);
  log(`wrote ${file} and its section of docs/benchmarks.md; done in ${run.totalSeconds.toFixed(0)} s`);
  return 0;
}
