// The booking engine's offers section of docs/benchmarks.md, from bench/results/offers.json (`npm run bench --
// --offers`, bench/offers.ts). That command puts the section into the file in place; a full `npm run bench`
// rewrites the file and renders it again from the kept results (report.ts).
import fs from "node:fs";
import { putDocSection } from "./doc-section.js";
import { num, table } from "./format.js";
import type { LargestConfig } from "./largest.js";
import type { MachineInfo } from "./machine.js";
import type { LoadFigures } from "./offers-load.js";
import type { OffersAlone, OffersPlan, OffersProfile } from "./offers-profile.js";
import { ms, percentile } from "./stats.js";

export const OFFERS_RESULTS = "bench/results/offers.json";
const HEADING = "## Booking engine offers";
/** The offers' p99 under `clients` concurrent searches, on each database, at most this (ms). */
export const OFFERS_P99_TARGET = 50;

/** What the build printed for the booking page (vite.config.ts, src/web/build/book-budget.ts). */
export type BookPageJs = { kb: number; files: number; budgetKb: number; line: string };

export type OffersBackendResult = {
  name: string;
  describe: string;
  /** The public plans the hotel sells (its Standard plan and the bench's). */
  plans: string[];
  warmUp: LoadFigures;
  oneClient: LoadFigures;
  load: LoadFigures;
  /** The same clients, every search one never made before (none can be answered from a kept answer). */
  fresh?: LoadFigures;
  /** The same clients, each searching once every few seconds (a steady rate below what the server can do). */
  paced: LoadFigures;
  /** `GET /api/public/properties/:code` (the booking page's first call) under the same load. */
  hotel: LoadFigures;
  alone: OffersAlone;
  plan: OffersPlan;
  profile?: OffersProfile;
};

export type OffersRun = {
  date: string;
  command: string;
  commit: string;
  /** True when the source tree had changes not yet committed (the server measured is the working tree's). */
  uncommitted: boolean;
  info: MachineInfo;
  config: LargestConfig & {
    clients: number;
    seconds: number;
    warmUpSeconds: number;
    /** The paced run: each client searches every this many ms, for `pacedSeconds` s. */
    pacedEveryMs?: number;
    pacedSeconds?: number;
    /** The hotel's own GET under the same load, this long. */
    hotelSeconds?: number;
  };
  bookPageJs?: BookPageJs;
  results: (OffersBackendResult | { name: string; skipped: true })[];
  totalSeconds: number;
};

/** Reads the booking page's line from `npm run build`'s output. */
export function bookPageJs(buildOutput: string): BookPageJs | undefined {
  const match = /booking page JS ([\d.]+) KB gzip in (\d+) file\(s\), budget (\d+) KB/.exec(buildOutput);
  if (!match) return undefined;
  return { kb: Number(match[1]), files: Number(match[2]), budgetKb: Number(match[3]), line: match[0] };
}

const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
const load = (l: number[] | undefined) => (l ?? []).map((v) => v.toFixed(2)).join(" / ");
const statuses = (f: LoadFigures) =>
  f.not200Count === 0
    ? "0"
    : `**${num(f.not200Count)}** (${Object.entries(f.not200)
        .map(([status, n]) => `${status}: ${num(n)}`)
        .join(", ")})`;
const met = (r: OffersBackendResult) => r.load.p99 <= OFFERS_P99_TARGET && r.load.not200Count === 0;

function mainTable(live: OffersBackendResult[], clients: number): string {
  const row = (label: string, pick: (r: OffersBackendResult) => string) => [label, ...live.map(pick)];
  return table(
    ["", ...live.map((r) => r.name)],
    [
      row("p50", (r) => ms(r.load.p50)),
      row("p95", (r) => ms(r.load.p95)),
      row("**p99**", (r) => `**${ms(r.load.p99)}**`),
      row("max", (r) => ms(r.load.max)),
      row("Searches answered a second", (r) => num(r.load.perSecond)),
      row("Searches in the measured time", (r) => num(r.load.requests)),
      row("… of them made for the first time (built; a repeat may be kept)", (r) =>
        r.load.firstTime === undefined ? "not counted" : num(r.load.firstTime),
      ),
      row("Answers other than 200", (r) => statuses(r.load)),
      row("Target", () => `p99 ≤ ${OFFERS_P99_TARGET} ms, ${clients} searching at once`),
      row("Result", (r) => verdict(met(r))),
    ],
  );
}

const cpuCells = ({ cpuPerSearch: c }: LoadFigures) =>
  `${c.server.toFixed(2)} / ${Number.isFinite(c.database) ? c.database.toFixed(2) : "(in the server)"} / ${c.client.toFixed(2)} / ${c.machine.toFixed(2)} ms`;
/** CPU of this work (server, database, client) a request, in ms. */
const ours = ({ cpuPerSearch: c }: LoadFigures) =>
  c.server + (Number.isFinite(c.database) ? c.database : 0) + c.client;
/** The share of the machine's CPUs that went to other work meanwhile (every process less this work's). */
const otherWork = (f: LoadFigures, cores: number) =>
  Math.max(0, f.machineBusy - (ours(f) * f.perSecond) / (1000 * cores));
const coresOf = (run: OffersRun) => Number(/^(\d+)/.exec(run.info.cpu)?.[1] ?? 1);

function detailTable(run: OffersRun, live: OffersBackendResult[]): string {
  const row = (label: string, pick: (r: OffersBackendResult) => string) => [label, ...live.map(pick)];
  const cores = coresOf(run);
  const first = live[0];
  const pacedRate = first ? first.paced.clients / ((run.config.pacedEveryMs ?? 0) / 1000) : 0;
  return table(
    ["", ...live.map((r) => r.name)],
    [
      row(
        `Warm-up on ${first?.warmUp.clients ?? 0} new connections: searches, p99 / max`,
        (r) => `${num(r.warmUp.requests)}, ${ms(r.warmUp.p99)} / ${ms(r.warmUp.max)}`,
      ),
      row(
        `One guest searching (1 client, ${first?.oneClient.seconds.toFixed(0)} s): p50 / p99, searches a second`,
        (r) => `${ms(r.oneClient.p50)} / ${ms(r.oneClient.p99)}, ${num(r.oneClient.perSecond)}`,
      ),
      row(
        `${first?.paced.clients ?? 0} guests each searching every ${((run.config.pacedEveryMs ?? 0) / 1000).toFixed(0)} s (${num(pacedRate)} a second offered): p50 / p99, not 200`,
        (r) => `${ms(r.paced.p50)} / ${ms(r.paced.p99)}, ${statuses(r.paced)}`,
      ),
      row(
        `Every search new (none kept; ${first?.fresh?.clients ?? 0} clients, ${first?.fresh?.seconds.toFixed(0) ?? 0} s): p50 / p99, a second`,
        (r) =>
          r.fresh ? `${ms(r.fresh.p50)} / ${ms(r.fresh.p99)}, ${num(r.fresh.perSecond)}` : "not measured",
      ),
      row("… its CPU a search: server / PostgreSQL / bench client / every process", (r) =>
        r.fresh ? cpuCells(r.fresh) : "not measured",
      ),
      row(
        "In process, one at a time (`listOffers`): p50 / p99",
        (r) => `${ms(r.alone.call.p50)} / ${ms(r.alone.call.p99)}`,
      ),
      row(
        "… of which its one statement / the rules and pricing: p50",
        (r) => `${ms(r.alone.statementP50)} / ${ms(r.alone.restP50)}`,
      ),
      row(
        "EXPLAIN ANALYZE of the statement (7 nights): planning / execution",
        (r) => `${ms(r.plan.planningMs)} / ${ms(r.plan.executionMs)}`,
      ),
      row("CPU a search under load: server / PostgreSQL / bench client / every process", (r) =>
        cpuCells(r.load),
      ),
      row("CPU a search, one client: server / PostgreSQL / bench client / every process", (r) =>
        cpuCells(r.oneClient),
      ),
      row(
        "Under load: the server's busy time (one core = 100 %) / the machine's CPUs busy / of them, other work",
        (r) =>
          `${(r.load.serverBusy * 100).toFixed(0)} % / ${(r.load.machineBusy * 100).toFixed(0)} % / ${(otherWork(r.load, cores) * 100).toFixed(0)} %`,
      ),
      row(
        "The hotel's own GET (the page's first call, nothing priced), same load: p50 / p99, a second",
        (r) => `${ms(r.hotel.p50)} / ${ms(r.hotel.p99)}, ${num(r.hotel.perSecond)}`,
      ),
      row("… its CPU a request: server / PostgreSQL / bench client / every process", (r) =>
        cpuCells(r.hotel),
      ),
      row(
        "An answer on the wire (Brotli), room types offered",
        (r) => `${num(r.load.wireBytes)} B, ${r.load.roomTypesOffered.toFixed(1)}`,
      ),
    ],
  );
}

function profileTable(r: OffersBackendResult): string {
  const p = r.profile;
  if (!p) return "";
  const busy = p.places.filter(([place]) => place !== "idle").reduce((a, [, v]) => a + v, 0);
  const share = (v: number) => `${((v / p.windowMs) * 100).toFixed(0)} %`;
  const perSearch = (v: number) => `${((v / p.requests) * 1000).toFixed(0)} µs`;
  const places = table(
    ["Where the server's thread spent its time", "Share", "A search"],
    [
      ...p.places.map(([place, v]) => [place, share(v), place === "idle" ? "" : perSearch(v)]),
      ["**busy in all**", `**${share(busy)}**`, `**${perSearch(busy)}**`],
    ],
  );
  const functions = table(
    ["Function (self time)", "A search"],
    p.functions
      .filter(([f]) => !f.startsWith("(idle)"))
      .slice(0, 12)
      .map(([f, v]) => [`\`${f.trim()}\``, perSearch(v)]),
  );
  return `#### ${r.name}: the server's CPU profile under the same load

\`node --cpu-prof dist/server/main.js\` under the same ${num(r.load.clients)} clients, ${num(p.requests)} searches in ${(p.windowMs / 1000).toFixed(0)} s (${num(p.perSecond)} a second under the
profiler, p99 ${ms(p.p99)}); the main thread's samples summed by where the code lives (\`bench/lib/cpu-profile.ts\`). A
sample is the thread's wall time: with other work on the machine it includes time the thread waited for a core
(most of all in system calls such as \`writev\`, which wake another process), so read the shares more than the µs.

${places}

${functions}
`;
}

export function offersSection(run: OffersRun): string {
  const live = run.results.filter((r): r is OffersBackendResult => !("skipped" in r));
  const c = run.config;
  const first = live[0];
  const js = run.bookPageJs;
  const jsLine = js
    ? `\`npm run build\` in this run printed \`${js.line}\`: ${js.kb.toFixed(1)} KB gzip, within its ${js.budgetKb} KB budget.`
    : "`npm run build` did not run in this run (`--no-build`): its figure is not measured here.";
  const missed = live.filter((r) => !met(r));
  const profiles = live.map(profileTable).filter(Boolean).join("\n");
  const skipped = run.results
    .filter((r) => "skipped" in r)
    .map((r) => `**${r.name} was not reachable: skipped.**`);
  return `${HEADING}

Measured by \`${run.command}\` on ${run.date.slice(0, 16).replace("T", " ")} UTC at commit \`${run.commit}\`${run.uncommitted ? " (with the working tree's uncommitted changes)" : ""}
(${(run.totalSeconds / 60).toFixed(0)} min; load average ${load(run.info.loadStart)} at the start, ${load(run.info.loadEnd)} at the end: the machine is
shared, see "Machine" above). The hotel: ${num(c.rooms)} rooms in ${c.types} room types, ${num(c.reservations)} stays over three years (two
back, one ahead; the main data set's rules, \`bench/lib/dataset.ts\`), both databases seeded at once, each by a process
of its own (\`bench/lib/largest.ts\` \`seedInChild\`). Through the API as its owner: the booking engine switched on
(\`PATCH /api/properties/:pid {bookingEngineEnabled: true}\`) and two public plans beside the Standard one
(${first ? first.plans.map((p) => `"${p}"`).join(", ") : ""}), so every room type offered is priced on ${first?.plans.length ?? 0} plans.

The server is \`node dist/server/main.js\` on 127.0.0.1. The bench (\`bench/lib/offers-load.ts\`) keeps **${c.clients} searches
in flight at all times**: ${c.clients} clients, each sending its next search as soon as its last is answered (no think
time), over keep-alive HTTP with \`Accept-Encoding: br, gzip\` as a browser sends it: \`GET
/api/public/properties/:code/offers\` for random stays of the seeded future (arrival from tomorrow to the last seeded
night, 1–7 nights, 1–3 adults, no children). ${c.warmUpSeconds} s of other searches open the ${c.clients} connections and warm the
server up, then ${c.seconds} s are timed on those connections; a search's time runs from sending its request to reading its
answer's last byte. PGlite is measured first, then PostgreSQL, on the same two cores as the bench client.
${live.map((r) => r.describe).join("; ")}.

${mainTable(live, c.clients)}

Around it, on the same server: a warm-up on new connections, one guest searching alone, the same ${c.clients} clients
each searching every ${((c.pacedEveryMs ?? 0) / 1000).toFixed(0)} s (${c.pacedSeconds ?? 0} s), and the booking page's first call (\`GET
/api/public/properties/:code\`) under the same ${c.clients} clients without think time (${c.hotelSeconds ?? 0} s). CPU comes from
\`/proc\`: the server's process, the PostgreSQL backends serving its database, the bench's own process, and every
process on the machine (other work included). Then, with the server stopped (\`bench/lib/offers-profile.ts\`),
\`listOffers\` (a search's own read and pricing, as for a stay beyond the kept snapshot's horizon) in the bench
process on the same data, its statement timed on its way to the driver, and EXPLAIN ANALYZE of that statement as
it sends it, for the longest stay searched.

${detailTable(run, live)}

${OFFERS_NOTE}
${missed.length > 0 ? `\n${causeNote(run, missed)}` : ""}${acceptNote(live)}${profiles ? `\n${profiles}` : ""}
**The booking page's JavaScript.** ${jsLine} Every production build checks it (\`src/web/build/book-budget.ts\`
through \`entry-budget.ts\`, from \`vite.config.ts\`): the build fails over ${js?.budgetKb ?? 50} KB gzip, or when the page imports
the staff app's code.
${skipped.length > 0 ? `\n${skipped.join("\n")}\n` : ""}`;
}

/**
 * Why a database misses the target, from the figures: with `clients` searches always in flight the mean time
 * of a search is `clients` ÷ searches a second (Little's law), so the target needs that many a second, and
 * the CPU each search takes caps it.
 */
function causeNote(run: OffersRun, missed: OffersBackendResult[]): string {
  const cores = coresOf(run);
  const needed = (run.config.clients / OFFERS_P99_TARGET) * 1000;
  const lines = missed.map((r) => {
    const f = r.load;
    const c = f.cpuPerSearch;
    const database = Number.isFinite(c.database)
      ? `, PostgreSQL's backends ${c.database.toFixed(2)} ms`
      : " (PGlite's statements among it: they run on the server's thread)";
    return `- **${r.name}**: ${num(f.perSecond)} searches a second with ${num(f.clients)} in flight, so ${num(f.clients)} ÷ ${num(f.perSecond)} = ${ms((f.clients / f.perSecond) * 1000)} each on average (measured: ${ms(f.mean)}; p50 ${ms(f.p50)}, p99 ${ms(f.p99)}${pauses(f)}). A search took ${c.server.toFixed(2)} ms of the server's CPU${database} and ${c.client.toFixed(2)} ms of the bench client's: ${ours(f).toFixed(2)} ms in all, so the two cores answer at most about ${num((cores * 1000) / ours(f))} a second, and the server alone (its JavaScript runs on one thread) at most about ${num(1000 / c.server)}. The server's process was busy ${(f.serverBusy * 100).toFixed(0)} % of the time; the machine's CPUs ${(f.machineBusy * 100).toFixed(0)} %, ${(otherWork(f, cores) * 100).toFixed(0)} % of them with other work. Alone, a search takes ${ms(r.oneClient.p50)} over HTTP (p50), its statement ${ms(r.alone.statementP50)}.`;
  });
  const hotel = missed
    .map((r) => `${num(r.hotel.perSecond)} a second on ${r.name} (p99 ${ms(r.hotel.p99)})`)
    .join(", ");
  const paced = missed.map((r) => `${ms(r.paced.p99)} on ${r.name}`).join(", ");
  const pacedRate = [...new Set(missed.map((r) => num(r.paced.perSecond)))].join(" and ");
  return `### Why the target is missed

With ${num(run.config.clients)} searches always in flight, a p99 of ${OFFERS_P99_TARGET} ms needs a mean well under it, so more than
${num(needed)} searches a second: at most ${ms((cores * 1000) / needed)} of CPU a search for the server, the database and the client
together on ${cores} cores, and at most ${ms(1000 / needed)} on the server's one JavaScript thread. No search is slow in itself;
they queue for the CPU:

${lines.join("\n")}

At a guest's pace the same searches are quick: with the ${num(run.config.clients)} clients each searching every ${((run.config.pacedEveryMs ?? 0) / 1000).toFixed(0)} s
(${pacedRate} a second), p99 was ${paced}. Even the booking page's first call, which prices nothing (the hotel and its room types, kept as the offers are),
answered only ${hotel} under the same ${num(run.config.clients)} clients. What a search costs now, and what is left,
is in the note above.
`;
}

/**
 * Seconds of the timed run (neither the first nor the last) in which fewer than a third of the usual searches
 * were answered: a pause that held every search, said beside the figures it explains.
 */
function pauses(f: LoadFigures): string {
  const inner = f.perSecondTimeline.slice(1, -1);
  const usual = percentile(inner, 50);
  const paused = inner.flatMap((n, i) => (n < usual / 3 ? [{ second: i + 1, n }] : []));
  if (paused.length === 0) return ": every search waited its turn, none was held up";
  const said = paused.map((p) => `${num(p.n)} in second ${p.second + 1}`).join(", ");
  const slowest = f.slowest[0];
  return `; the run paused: ${said} of ${f.perSecondTimeline.length}, against ${num(usual)} in a usual second${slowest ? `, and the slowest search (${ms(slowest.ms)}) was sent at ${(slowest.atMs / 1000).toFixed(1)} s` : ""}: a pause that held every search in flight, not a slow search`;
}

/** When the warm-up's first searches, on new connections, waited a second or more: when they went and came. */
function acceptNote(live: OffersBackendResult[]): string {
  const lines = live.flatMap((r) => {
    const late = r.warmUp.slowest.filter((s) => s.ms >= 1000);
    if (late.length === 0) return [];
    const sentBy = Math.max(...late.map((s) => s.atMs));
    const answeredFrom = Math.min(...late.map((s) => s.atMs + s.ms));
    const count = late.length === r.warmUp.slowest.length ? `at least ${late.length}` : `${late.length}`;
    return [
      `on ${r.name}, ${count} of the warm-up's searches waited ${ms(Math.min(...late.map((s) => s.ms)))} to ${ms(Math.max(...late.map((s) => s.ms)))}: all were sent in its first ${num(sentBy)} ms, each on a connection of its own just opened, and answered from ${(answeredFrom / 1000).toFixed(1)} s on (the warm-up lasted ${r.warmUp.seconds.toFixed(1)} s)`,
    ];
  });
  if (lines.length === 0) return "";
  return `\n**New connections under load.** In this run ${lines.join("; ")}. ${ACCEPT_NOTE}\n`;
}

/**
 * What a search's CPU goes to (the profiles below, the EXPLAIN) and what would meet the target; written from
 * the run this section was made with, shown while a database misses it.
 */
const OFFERS_NOTE = `**What a search costs now** (decisions 045 and 046). Every search starts with the property's
lookup, which returns its event number and which the searches that arrive together share (one statement per turn
of the event loop, \`src/server/db/batched-reads.ts\`). A search made before is answered with its kept Brotli bytes.
A search made for the first time is worked out in memory from the property's kept snapshot of what it sells
(\`src/server/modules/public-booking/sellable-snapshots.ts\`: the room types, their rooms, the nights' use and
overrides a year and a month ahead, and the public plans, read once per property event) by \`offersFrom\`, which
counts the nights' use once for every room type and prices each type's nights once for every plan; then it is
packed as Brotli. "Every search new" above is that cost alone; the first table counts how many of the timed
searches were made for the first time. A search's own read (\`listOffers\`, timed alone above) is now only what a
stay ending beyond the snapshot's horizon costs.

**What is left.** The booking page's first call, kept the same way, answers about as fast as the machine lets 100
clients be served at all (its p99 above): a search now costs little more. Under this load the p99 is the server's
one JavaScript thread queueing the searches behind each other (the CPU rows above: a few tenths of a millisecond
of it a search, a new search's pricing and packing among it); on PGlite the database's statements share that thread. A change to the hotel makes the next search read
the snapshot again (one statement, shared by the searches waiting on it), so a hotel taking bookings every few
seconds pays one read per booking, not one per search.`;

/** Why the warm-up's first searches on new connections wait (acceptNote), as traced when the bench was made. */
const ACCEPT_NOTE = `Traced when the bench was made (the server's \`connection\` events, and \`strace -e accept4\` of it): the
kernel completes each new connection's handshake at once, but the busy server takes new connections off its accept
queue one per turn of its event loop, a turn lasting about a tenth of a second under this load (it runs all the
work of the requests it has read), and meanwhile never finds that queue empty; a request on a connection not yet
taken waits. The timed searches run on the connections the warm-up opened, as a guest's browser keeps its
connection to the booking page; a guest whose browser opens a new one while the server is this busy waits like
these. A shorter turn (less work a search) or a reverse proxy in front, keeping its few connections to the server
open, shortens the wait.`;

export function putOffersSection(section: string): void {
  putDocSection(HEADING, section, "## Day close of the largest hotel");
}

/** For the full report (report.ts): the section from the kept results, if there are any. */
export function keptOffersSection(): string {
  if (!fs.existsSync(OFFERS_RESULTS)) return "";
  return offersSection(JSON.parse(fs.readFileSync(OFFERS_RESULTS, "utf8")) as OffersRun);
}
