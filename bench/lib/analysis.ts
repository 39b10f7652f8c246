// What the profiles showed when a goal was missed, and the fix with its measured effect. The bench prints
// a note only for goals missed in the run at hand. The effects were measured by A/B runs (the current
// build against a patched copy, alternating, on the bench's 200k data set) when this bench was written;
// they are not re-measured by `npm run bench`.

import { ms } from "./stats.js";
import type { BackendResult } from "./suite.js";

/** A note, or one that quotes the run's figures (the PGlite column's, where the browser figures are). */
export const NOTES: Record<string, string | ((r: BackendResult) => string | undefined)> = {
  create: `**Creates (PGlite).** PGlite runs inside the server's Node process, so every SQL round trip of a
create blocks the one thread; concurrency adds queueing, not throughput. A first profile (\`node --cpu-prof\`
over ~950 creates) put PGlite (JS + WASM) at 57 % of the time, Drizzle at 11 %, the rest in Fastify, zod and
Node; after the fixes below, a profile over 3,000 creates at c16 puts PGlite at 60 % (WASM 37 %, its JS 23 %),
its file-system calls at ~8 % and Drizzle at 9 %: there is little left outside the database. Done since (decision 004): the stay is priced in one statement (room, room type and overrides;
\`priceStay\` in \`src/server/modules/reservations/service.ts\`, measured +12 % creates/s in an A/B run), and
the session and the property membership are read in one query in the request hook instead of two. A create
is now three round trips (session with membership, the stay's terms, the insert with its activity entry). By Little's law, p99 ≤ 20 ms with 16 in
flight needs ≥ 800 creates/s, i.e. ≤ 1.25 ms of main-thread time per create, while one PGlite round trip
costs 0.3–1 ms on this machine: out of reach on one PGlite thread. What would close it: PostgreSQL (see its
column: the same code, with the database on its own cores) with several server instances for write-heavy
properties. An in-memory session cache was rejected (decision 004: revocation across instances). Since then
the stay's terms are one database function planned once per connection (decision 027: +7 % creates/s in an
A/B), and no statement pays PGlite's copy of its parser table any more (decision 028: +16 %, server CPU per
create −13 %). Since then (decision 032) the stay and its activity entry are written by one database function
call instead of a transaction of four round trips (side by side: 198 → 281 creates/s, p99 174 → 122 ms), and
PGlite on a worker thread of its own was built and measured: +13 % creates/s on top, but edits and moves a
third slower (their transactions wait on both threads), slower reads and more memory, so it was dropped.`,

  grid: `**Availability grid.** Done (decision 004): rooms and stays are read in one statement as JSON
built by the database (\`gridQuery\` in \`src/server/modules/availability/service.ts\`); the stays are spliced
into the answer unparsed, so neither PGlite's row decoding (~30 µs a row) nor zod's response serializer
(~17 ms a request in the first profile) is paid per stay. Since decision 006 the answer is compressed
(Brotli quality 1, ~1.5 ms for this grid, plus the client's decompression): on localhost that costs 5–20 ms
of the p99, on a real network it saves far more. The web app reads the compact form (decision 019: no uuid
repeated per stay). Answers are kept between changes (decision 021), tagged with the property's event number
read in the statement that built them, so a read between changes costs one primary-key lookup and the
sending. The rows "first read after a change" flip one room's housekeeping status before each read: the kept
compact answer is then brought up to date from the events since (decision 026), not built; a build (after a
change to a room or room type) at 1,000 rooms is ~25 ms of SQL (EXPLAIN ANALYZE of the worst case, 15,000
stays: 29 ms, two thirds of it building the JSON rows). If it misses, look at the machine load first; the
bench's client parses the whole answer inside the timed request.`,

  report: `**Occupancy report.** Done (decision 004): sold nights live in a \`room_nights\` rollup kept by a
trigger on \`reservations\` in the writing transaction, so the report reads at most nights × room types rows
instead of expanding every stay of the window into nights (62k stays → 205k night rows for 365 days before).
JIT is off on the PostgreSQL pool (\`openPostgres\`): it added 60–180 ms of compilation to each report.`,

  render: ({ browser: b }) =>
    b &&
    `**Front Desk render.** In this run ${ms(b.render.dataStartMs)} pass before the availability request
starts, the request takes ${ms(b.render.dataMs)} and the grid is on screen ${ms(b.render.afterDataMs)} after the
answer arrived. Done (decision 004): the app page carries preload hints for \`/api/session\`,
\`/api/property\` and today's grid, and \`modulepreload\` hints for the \`/hms\` layout and Front Desk route
chunks (from Vite's manifest), so data and code are fetched while the entry chunk runs instead of one after
another (before: 291 ms passed before the grid request started on this machine); zod no longer ships in the
\`/hms\` JavaScript (−26 KB gzip); the grid answer is cheaper to produce (above). What is left is the browser's
own work on the same two cores as the server and the bench: parsing and running React, the router and
TanStack Query (~126 KB gzip), then parsing ~755 KB of grid JSON and the first render. The tape chart
(issue 13) first took this to 1,438 ms; since then the chart's columns are looked up instead of computed per
stay, the property opens without waiting for the property list, today's board takes the rooms' states from the
grid (no \`/rooms\` request beside the grid's on PGlite's one thread) and is not rendered again when the grid
arrives, and the property is not fetched twice. The grid now comes in the compact form (decision 019). Since
the landing page became its own entry (decision 016), a React Suspense boundary above the app held every load
back until 300 ms after "Loading..." appeared (React's reveal throttle): 656 ms in a quiet run, and 582 ms at
100 rooms, so the hotel's size barely mattered. The entry now renders "Loading..." and then the app without a
boundary (decision 020), and Front Desk's dialogs load after the chart is on screen. What is left is the
boot of the app on the page's main thread, not data: the preloaded grid has arrived before the app has
started. Element timings of warm loads at 1,000 rooms (a probe observing the DOM): "Loading..." at
150–290 ms (the entry chunk: React and ReactDOM), the layout at 260–400 ms (the /hms chunk, router, session,
property), the chart's rows 100–170 ms later, most of it one 50–90 ms task rendering the board and the
chart. Since then (decision 025): React Router's production build instead of its development one, chart rows
that work out their cells when first shown, today's board asking for its lists once the grid is on screen and
showing each list's first 12 guests before the rest, numbered rooms sorted without a collator, and no
\`/favicon.ico\` request per load. An interleaved A/B on this machine put the main thread's work before the
rows at 467 → 436 ms (style and layout 82 → 62 ms). Since then (decision 031) the session, the property and
the grid the page's hints fetched are read into the screens' queries before the app's first render, so the
Front Desk is drawn once instead of once per answer (a probe, 5 interleaved rounds: 349 → 326 ms); the page's
first date formatter (ICU's ~20 ms set-up) is made while the page waits for its code; and the chart's
virtualizer starts from its scroller's box instead of measuring an empty one. What is left is compiling and
running the app's JavaScript (about 80 ms of compiling in a trace of one load), React's render, and style and
layout, on the two cores the server and the bench also use. The five loads are pages of one private context,
which keeps no compiled code between loads; in a browser profile on disk, where Chromium keeps it as a
clerk's own browser does, the same page is on screen in
${b.returning ? ms(b.returning.totalMs) : "(not measured in this run)"} (row in "Browser" below). The tape chart did not make this slower than the
grid it replaced: side by side on this machine ("Goals measured outside this run"),
the Front Desk before the tape chart took 1.05–1.10× this version's time.`,

  memory: `**PGlite peak RSS.** What it is made of (decision 022), at the peak of
the bench's load: the V8 heap ~130–165 MB, of which only 78–143 MB is live (V8 lets it grow to up to 4× the
live heap between full collections); ~84 MB of malloc arenas left by V8's background compilation of PGlite's
WebAssembly; PGlite's WebAssembly memory 58–63 MB (the database itself; it never grew past its initial
128 MB, not even for the full CSV export); the node binary 49 MB; the main malloc heap up to 50 MB.
\`--heap-growing-percent=50\` brought the bench's peak to 380 MB but was removed again: a collection inside
oidc-provider's RSA key export deadlocked Node 20's crypto bindings and hung a CI worker, and such frequent
collections make that far likelier. Next: fewer allocations per request, or a \`--max-old-space-size\` chosen
by whoever runs the server.`,

  export: `**Reservations export memory.** The export reads keyset batches of 500 and writes each batch's CSV
into the reply as one chunk, with back-pressure (\`reservationsCsv\` in
\`src/server/modules/exports/service.ts\`, decision 029): at most a batch or two of rows are alive at a time. A
chunk per row (before decision 029) cost 200,000 writes to the reply's compression stream: 14 s on PostgreSQL
instead of 2 s. On PostgreSQL a probe measured +11, +2, +2, +1 MB over four exports. On PGlite the export,
three times as fast, grows the server's RSS by tens of megabytes each time (+19 to +89 MB in a probe, falling
back after); it is neither V8's young generation (the same with \`--max-semi-space-size=1\`) nor the
compression (the same uncompressed). A probe logging the server's \`process.memoryUsage()\` on PGlite (200,000
stays, four exports in a row) found where it goes: RSS rose from 273 MB to a 321 MB peak on the first full
export and by 15 and 12 MB on the next ones, while V8's heap grew (heapTotal 73 → 104 → 119 MB) and its live
data fell back to 41 MB after each export; external and ArrayBuffer memory (PGlite's WebAssembly memory is
most of it, 141 MB) did not move. The growth is V8 sizing its old generation to the export's garbage (each
batch's rows and CSV: 24 MB of CSV in all), which the next export reuses: nothing is kept. How much it shows
in a run depends on how much free heap the server had when the export started. If this goal is missed on
PostgreSQL, look at the second export's growth beside the first's.`,

  live: ({
    live,
  }) => `**Live updates.** The latency runs from sending the PATCH, so it includes the write itself (row
"the PATCH itself"), then the NOTIFY, one dispatch per property in \`src/server/live/change-feed.ts\` and
${live.subscribers.toLocaleString("en-US")} socket writes (row "first to last subscriber"), with the server and the ${live.subscribers.toLocaleString("en-US")} subscribers (the bench
client reading every stream) sharing two cores: the last subscriber's figure includes the client's own time
to read the streams before it. Each SSE frame is formatted once per event, not once per subscriber. On PGlite
the notification is handled on the server's only thread, behind whatever queries are queued; the rest is
machine load.`,

  growth: `**Availability cost growth.** The conflict check is the exclusion constraint's GiST index lookup,
which grows with log(n); a ratio above 2× would point at noise or a plan change (check with EXPLAIN).`,

  inventory: `**Room-type inventory check.** Every create of a typed stay takes the property's advisory lock
in shared mode, locks the type's rollup rows for its nights (which the rollup's upsert already does) and reads
them back once (decision 008). If the drop is over 15 % in a run, compare it with the load averages first:
the A/B runs are minutes apart on a shared machine; a real regression would show in both backends.`,

  webhooks: `**Creates with webhooks.** With three active subscriptions each create also writes three delivery
rows (in its own statement, by the event trigger: migration 0013), and the relay then sends two requests and
records each answer, while the third holds a connection open for its 10 s timeout. On PGlite all of that runs
on the server's one thread beside the creates, so the runs with webhooks do more database work per create
(compare the creates/s with and without in "Integrations" below); on PostgreSQL that work runs on the
database's cores. The ratio's p99s rest on 3 runs of 320 creates each way on a shared 2-core host: the same
code measured 0.99× to 1.15× on PGlite and 0.90× to 1.23× on PostgreSQL across this round's runs, so a miss by a
few hundredths is within its spread. A relay that held creates up would move their p50 as well.`,

  js: `**Landing page JS.** The landing page loads the entry chunk only; see \`vite build\`'s chunk list.`,
};

export const FINDINGS = (live: BackendResult[]): string => {
  const last = live.map((r) => ({ name: r.name, point: r.growth.at(-1), rss: r.rssNaiveMb }));
  const at = last
    .map(
      ({ name, point, rss }) =>
        `${((point?.naiveMs ?? Number.NaN) / 1000).toFixed(1)} s, server peak RSS ${rss.toFixed(0)} MB on ${name}`,
    )
    .join(", ");
  return `**Not a goal, but found on the way: the full reservations list.** At
${last[0]?.point?.reservations.toLocaleString("en-US")} reservations \`GET /api/properties/:pid/reservations\` without parameters returns ${((last[0]?.point?.bytes ?? 0) / 1024 ** 2).toFixed(0)} MB of JSON (${at}); it is what
the original app's check read, and the Reservations screen used to read it after every reservation or room
change event. Done (decision 004): the list takes \`?limit=&before=<id>\` (keyset pages, newest first, an index
scan on \`reservations_property_created_idx\`), and the Reservations screen loads 100 at a time with "Load
more" (row "Reservations list, newest page of 100"). Without parameters the API still returns the whole list,
as the API's contract says (docs/product.md#paging), now streamed 500 stays at a time (decision 030): a probe on PostgreSQL measured
6.8 s and +541 MB of RSS built whole, 4.0 s and +47 MB streamed; on PGlite 11.9 s and a 1,095 MB peak, 8.5 s and
332 MB.`;
};
