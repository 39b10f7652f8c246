// What the profiles showed when a goal was missed, and the fix with its measured effect. The bench prints
// a note only for goals missed in the run at hand. The effects were measured by A/B runs (the current
// build against a patched copy, alternating, on the bench's 200k data set) when this bench was written;
// they are not re-measured by `npm run bench`.
import { ms } from "./stats.js";

export const NOTES = {
  create: `**Creates (PGlite).** PGlite runs inside the server's Node process, so every SQL round trip of a
create (session, membership, room, room type, overrides, insert: six) blocks the one thread; concurrency
adds queueing, not throughput (sequential p50 ≈ 17–20 ms, and 16 in flight give the same 60–75 creates/s).
\`node --cpu-prof\` over ~950 creates: PGlite (JS + WASM) 57 %, Drizzle 11 %, the rest Fastify, zod and Node.
By Little's law, p99 ≤ 20 ms with 16 in flight needs ≥ 800 creates/s, i.e. ≤ 1.25 ms of main-thread time per
create, while one PGlite round trip costs 0.3–1 ms on this machine. Fixes: (1) price the stay in one round
trip — \`priceStay\` in \`src/server/modules/reservations/service.ts\` reads the room, its type and the
overrides in one statement (rooms ⟕ room_types, overrides as \`json_agg(...)::text\`): A/B +12 % creates/s
on PGlite (62–66 → 70–75/s), c16 p99 −15 to −20 %; (2) cache the session and membership lookups per token
for a few seconds in memory (dropped on logout and membership change), which removes two more round trips
from every API request (estimate, not measured: a further +15–25 %); (3) put write-heavy properties on
PostgreSQL with more cores and several server instances. The goal is out of reach on PGlite on 2 cores.`,

  grid: `**Availability grid.** On PGlite, finding the ~3,000 stays of the window takes ~11 ms (\`count(*)\` with
the same predicate) but returning them takes 90–130 ms: PGlite decodes every row and field in JavaScript
(~30 µs a row). On PostgreSQL the Node side dominates: the zod response serializer validates ~4,000 objects
(~17 ms a request in the CPU profile), then GC and writing 748 KB of JSON. Fix: in
\`src/server/modules/availability/service.ts\` read rooms and stays in one statement that returns each list as
one \`json_agg(json_build_object(...))::text\` value and \`JSON.parse\` them (one snapshot, so the "rooms we
show" filter goes away too); in \`routes.ts\` serialize this route with \`JSON.stringify\` (a per-route
\`serializerCompiler\`, keeping the zod schema for OpenAPI). A/B: PGlite p50 120–200 → 78–133 ms (about −35 %),
PostgreSQL 60–80 → 58–65 ms; same JSON, same order. The rest on PGlite is \`json_agg\` inside WASM (~60 ms):
next, cache the room list per property (invalidated by the change feed) and send less per stay.`,

  report: `**Occupancy report.** The query expands each stay overlapping the window into nights
(\`generate_series\` per stay: 62k stays → 205k night rows for 365 days at 200k reservations) and joins every
night to two override lookups. On PostgreSQL the per-stay \`generate_series\` is estimated at 1,000 rows, so
the plan's cost passes \`jit_above_cost\` and JIT compilation adds 60–180 ms (EXPLAIN ANALYZE of the 30-day
report: 118 ms, 61 ms of it JIT). Fixes: (1) \`src/server/db/connect.ts\`, \`openPostgres\`: \`new pg.Pool({ …,
options: "-c jit=off" })\` — A/B over HTTP: 30 days 127–140 → 31–34 ms, 365 days 276–289 → 238–244 ms;
(2) keep a rollup \`room_nights (property_id, night, room_type_id, sold)\`, maintained in the writing
transaction by a trigger on \`reservations\` (insert/update/delete of non-cancelled stays; a new migration),
and compute the report as Σ sold × price over a nights × room types price calendar: on the bench data the
365-day report fell from 315 to 25 ms on PGlite and from 190–280 to 22 ms on PostgreSQL, with identical
sums; the trigger's cost on a one-night insert was within noise (1.4–1.9 ms with or without it).`,

  render: (
    b,
  ) => `**Front Desk render.** In this run ${ms(b.render.dataStartMs)} pass before the availability request
starts, the request takes ${ms(b.render.dataMs)} and the first render of the grid ${ms(b.render.afterDataMs)}.
Resource Timing waterfalls (warm cache, 200k data, PGlite) show the first part: parsing and running the entry
JS (~345 KB raw) takes 250–300 ms of CPU on this loaded 2-core machine before the router even requests the
route chunks; then \`/api/session\`, \`/api/property\` and the availability request run one after another. The
availability request is 100–130 ms of server time plus 748 KB to receive and parse, all on the same two
cores. Tried, measured, no effect: prefetching the session and the property from \`src/web/main.tsx\` at
module load (A/B over 3×5 navigations: 1,534–1,722 ms before, 1,480–1,596 ms after, within noise; the two
requests then contend for the server's single PGlite thread). What would help, in order: the grid endpoint
fix above (server time −35 %); a smaller availability payload (room ids repeated in every stay, full uuids; a
compact per-room form would be a fraction of 748 KB); and less JS before first paint on \`/hms\` (151 KB gzip).`,

  live: `**Live updates.** The latency runs from sending the PATCH, so it includes the write itself (row
"the PATCH itself"), then the NOTIFY, one dispatch per property in \`src/server/live/change-feed.ts\` and 200
socket writes (row "first to last subscriber"), with the server and the 200 subscribers sharing two cores.
On PGlite the notification is handled on the server's only thread, behind whatever queries are queued. Small
fix: format the SSE frame once per event instead of once per subscriber (\`src/server/live/sse.ts\` calls
\`JSON.stringify\` in each subscriber's callback); the rest is machine load, not code.`,

  growth: `**Availability cost growth.** The conflict check is the exclusion constraint's GiST index lookup,
which grows with log(n); a ratio above 2× would point at noise or a plan change (check with EXPLAIN).`,

  js: `**Landing page JS.** The landing page loads the entry chunk only; see \`vite build\`'s chunk list.`,
};

export const FINDINGS = (live) => {
  const last = live.map((r) => ({ name: r.name, point: r.growth.at(-1), rss: r.rssNaiveMb }));
  const at = last
    .map(
      ({ name, point, rss }) =>
        `${(point.naiveMs / 1000).toFixed(1)} s, server peak RSS ${rss.toFixed(0)} MB on ${name}`,
    )
    .join(", ");
  return `**Not a goal, but found on the way: \`GET /api/properties/:pid/reservations\` is unbounded.** At
${last[0]?.point.reservations.toLocaleString("en-US")} reservations it returns ${(last[0]?.point.bytes / 1024 ** 2).toFixed(0)} MB of JSON (${at}); it is what
the spec's original check read, and the Reservations screen reads it too, again after every reservation or
room change event (live updates invalidate that query). Fix: keyset pagination
(\`?before=<createdAt,id>&limit=100\`, newest first, served by \`reservations_property_created_idx\`) plus
server-side search, and the screen pages through it.`;
};
