// Probe (issue 39): how long one ANALYZE of the reservations holds PGlite's only thread, with the search
// index's expression statistics (before migration 0030) and without (after), side by side in one run, on a
// database of HOTELS hotels × STAYS stays seeded as `npm run bench` seeds (bench/lib/seed.ts).
// Run: HOTELS=20 STAYS=2000 npx tsx bench/maintenance-probe.ts
import { openPglite } from "../src/server/db/connect.js";
import { execOf } from "./lib/backends.js";
import { benchToday, generateProperty } from "./lib/dataset.js";
import { seedProperty, seedReservations } from "./lib/seed.js";
import { median } from "./lib/stats.js";

const hotels = Number(process.env.HOTELS ?? 20);
const stays = Number(process.env.STAYS ?? 2000);
const rounds = Number(process.env.ROUNDS ?? 3);
const database = await openPglite(undefined);
const exec = execOf(database);
for (let i = 0; i < hotels; i++) {
  const data = generateProperty({
    rooms: 50,
    reservations: stays,
    today: benchToday(),
    seed: i + 1,
    types: 4,
  });
  const ids = await seedProperty(exec, {
    issuer: "http://127.0.0.1",
    email: `h${i}@probe.test`,
    name: `H${i}`,
    data,
  });
  await seedReservations(exec, ids, data, 0, data.reservations.length);
}

/** Milliseconds of each ANALYZE, alternating the settings so each sees the same machine. */
const times: Record<"with" | "without" | "smaller", number[]> = { with: [], without: [], smaller: [] };
for (let round = 0; round < rounds; round++) {
  for (const setting of ["with", "without", "smaller"] as const) {
    const target = setting === "with" ? -1 : 0;
    await exec(`alter index reservations_search_idx alter column 2 set statistics ${target}`);
    // A candidate for the next step: a tenth of the sample (3,000 rows instead of 30,000).
    await exec(`set default_statistics_target = ${setting === "smaller" ? 10 : 100}`);
    const start = performance.now();
    await exec("analyze reservations");
    times[setting].push(performance.now() - start);
  }
}
await exec("reset default_statistics_target");
console.log(`${hotels * stays} stays, ${rounds} rounds each: ANALYZE reservations`);
console.log(
  `  with the search expression's statistics (before 0030): median ${median(times.with).toFixed(0)} ms`,
);
console.log(
  `  without (after 0030):                                  median ${median(times.without).toFixed(0)} ms`,
);
console.log(
  `  without, statistics target 10 (a candidate):          median ${median(times.smaller).toFixed(0)} ms`,
);
await database.close();
