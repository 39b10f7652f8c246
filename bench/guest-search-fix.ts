// `npx tsx bench/guest-search-fix.ts [stays]`: the guest search's statement as shipped (the search text computed
// from four innkeep_fold calls, migration 0021) against the same search on a stored folded column with its
// trigram index (the fix docs/benchmarks.md proposes for issue 34), on the same profiles: half as many as
// `stays` (default 40,000), seeded as `npm run bench -- --guests` seeds them, on PostgreSQL and PGlite.
// Prints EXPLAIN ANALYZE execution times (the second of two runs). An experiment: it changes no server code.
import { execOf, pgliteBackend, postgresBackend } from "./lib/backends.js";
import { benchToday, generateProperty } from "./lib/dataset.js";
import { seedGuests } from "./lib/guest-profiles.js";
import { seedProperty } from "./lib/seed.js";

const stays = Number(process.argv[2] ?? 40_000);
const data = generateProperty({ rooms: 1000, reservations: stays, today: benchToday(), seed: 34 });
const SEARCH_TEXT = `(innkeep_fold(name) || E'\\x1f' || innkeep_fold(email) || E'\\x1f' || innkeep_fold(phone) || E'\\x1f' || innkeep_fold(document_number))`;
const QUERIES = ["mart", "an", "oliviamu", "un0015225"];
const pgUrl = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/innkeep_bench");
pgUrl.pathname = `${pgUrl.pathname}_guest_fix`;

for (const backend of [postgresBackend(3338, pgUrl.href), pgliteBackend(3339, "innkeep-bench-guest-fix")]) {
  const database = await backend.open(true);
  const exec = execOf(database);
  try {
    const ids = await seedProperty(exec, {
      issuer: "http://127.0.0.1:3338/dev-idp",
      email: "fix@bench.innkeep.test",
      name: "Fix Owner",
      data,
    });
    await seedGuests(exec, ids.pid, data, 0, data.guests.count);
    await exec("vacuum analyze guests");
    const measure = async (label: string, text: string) => {
      for (const q of QUERIES) {
        let line = "";
        for (let i = 0; i < 2; i++) {
          const { rows } = await exec<{ "QUERY PLAN": string }>(
            `explain analyze select * from guests where property_id = $1 and ${text} like $2
              order by created_at desc, id desc limit 50`,
            [ids.pid, `%${q}%`],
          );
          line = rows.map((row) => row["QUERY PLAN"]).find((l) => l.startsWith("Execution")) ?? "";
        }
        console.log(`${backend.name}, ${label}, ${q}: ${line}`);
      }
    };
    await measure("as shipped", SEARCH_TEXT);
    await exec(`alter table guests add column search_text text generated always as ${SEARCH_TEXT} stored`);
    await exec(
      "create index guests_search_text_idx on guests using gin (property_id, search_text gin_trgm_ops)",
    );
    await exec("vacuum analyze guests");
    await measure("stored column", "search_text");
  } finally {
    await database.close();
    await backend.cleanup();
  }
}
