// Every figure for one backend: seed in stages (1k, 10k, 100k, 200k reservations) with a growth point at
// each, then the full set of figures at 200k, then cold restarts.
import type { Browser } from "playwright-core";
import { API_PATHS } from "../../src/domain/api-paths.js";
import { RESERVATIONS_PAGE_SIZE } from "../../src/domain/constants.js";
import { addDays, type IsoDate } from "../../src/domain/dates.js";
import type { Property } from "../../src/domain/schemas/properties.js";
import { apiHistory, type HistoryFigures } from "./api-history.js";
import { type Backend, execOf } from "./backends.js";
import {
  gridInteractions,
  gridRender,
  gridRenderReturning,
  type InteractionFigures,
  type JsShipped,
  jsShipped,
  type RenderFigures,
  type ScrollFigures,
  scrollFrames,
} from "./browser.js";
import type { GeneratedProperty } from "./dataset.js";
import { Client } from "./http.js";
import { type InventoryFigures, inventoryAB } from "./inventory.js";
import { type LiveFigures, liveLatency } from "./live.js";
import { type ManagerFigures, managerFigures } from "./manager.js";
import {
  appGridPath,
  createLoad,
  createRuns,
  editAndMoveRuns,
  fullGridPath,
  type GridFigures,
  type GrowthPoint,
  gridLatency,
  growthPoint,
  type Latency,
  type Load,
  latencyRuns,
  occupancyPath,
  Slots,
} from "./measure.js";
import { seedProperty, seedReservations } from "./seed.js";
import { Server } from "./server.js";
import { median } from "./stats.js";
import { type WebhookFigures, webhookFigures } from "./webhooks.js";

const OWNER = { email: "owner@bench.innkeep.test", name: "Bench Owner" };
const SMALL_OWNER = { email: "small@bench.innkeep.test", name: "Small Owner" };
export const REPORT_DAYS = [7, 30, 365] as const;
export type ReportDays = (typeof REPORT_DAYS)[number];

export type BenchConfig = {
  quick: boolean;
  rooms: number;
  smallRooms: number;
  reservations: number;
  smallReservations: number;
  stages: number[];
  /** SSE subscribers of the live figure (1,000; fewer in a quick run). */
  liveSubscribers: number;
  today: IsoDate;
};

export type Reps = {
  creates: number;
  grid: number;
  report: number;
  search: number;
  smallCreates: number;
  writes: number;
};

export type HttpFigures = {
  create: Load;
  /** The web app's form (compact) and the full JSON form. */
  grid: GridFigures;
  gridFull: GridFigures;
  reports: Record<ReportDays, Latency>;
  firstPage: Latency;
  search: Latency;
  edit?: Load;
  move?: Load;
};
export type BrowserFigures = {
  render: RenderFigures;
  /** The same in a browser profile on disk (compiled code kept between visits); older results lack it. */
  returning?: RenderFigures;
  smallRender: RenderFigures;
  interactions: InteractionFigures;
  scroll: ScrollFigures;
  landingJs: JsShipped;
  hmsJs: JsShipped;
};

export type BackendResult = {
  name: Backend["name"];
  describe: string;
  port: number;
  seed: Record<string, number>;
  growth: GrowthPoint[];
  reduced?: boolean;
  coldStartMs: number[];
  rssIdleMb: number[];
  coldStart: number;
  rssIdle: number;
  big: HttpFigures;
  small: HttpFigures;
  live: LiveFigures;
  rssLoadMb: number;
  rssNaiveMb: number;
  manager: ManagerFigures;
  webhooks: WebhookFigures;
  inventory: InventoryFigures;
  /** Creates on a history built through the API, and the raw INSERT floor (api-history.ts). */
  history?: HistoryFigures;
  browser?: BrowserFigures;
  reservationsAtEnd: number;
};
export type SkippedBackend = { name: Backend["name"]; skipped: true };

/** Figures both properties get: creates at concurrency 16, the grid, and the occupancy reports. */
async function httpFigures(
  client: Client,
  pid: string,
  slots: Slots,
  today: IsoDate,
  reps: Reps,
): Promise<HttpFigures> {
  const create = await createRuns(client, pid, slots, { runs: 3, count: reps.creates, concurrency: 16 });
  const grid = await gridLatency(client, appGridPath(pid, today), 3, reps.grid, { afterChange: true });
  const gridFull = await gridLatency(client, fullGridPath(pid, today), 3, reps.grid);
  const reports = {} as Record<ReportDays, Latency>;
  for (const days of REPORT_DAYS) {
    const url = occupancyPath(pid, addDays(today, -days), today);
    reports[days] = await latencyRuns(3, reps.report, () => client.json("GET", url));
  }
  // What the Reservations screen asks for: the newest page of the list.
  const pageUrl = `/api/properties/${pid}/reservations?limit=${RESERVATIONS_PAGE_SIZE}`;
  const firstPage = await latencyRuns(3, reps.report, () => client.json("GET", pageUrl));
  const search = await searchFigures(client, pid, reps, RESERVATIONS_PAGE_SIZE);
  return { create, grid, gridFull, reports, firstPage, search };
}

/**
 * What the Reservations screen's Search box sends: a page of 100 for a partial, case-insensitive term,
 * cycling through a part of a name, a code fragment, a term with a status filter and one nothing matches
 * (the index must prove there is no match without reading the table).
 */
export const SEARCH_TERMS: Record<string, string>[] = [
  { q: "uest 1234" },
  { q: "GUEST 77" },
  { q: "res-00a" },
  { q: "uest 5", status: "booked" },
  { q: "nobody-by-this-name" },
];

async function searchFigures(client: Client, pid: string, reps: Reps, pageSize: number): Promise<Latency> {
  const url = (i: number) => {
    const params = new URLSearchParams({ limit: String(pageSize), ...SEARCH_TERMS[i % SEARCH_TERMS.length] });
    return `/api/properties/${pid}/reservations?${params}`;
  };
  return latencyRuns(3, reps.search, (i) => client.json("GET", url(i)));
}

async function warmUp(client: Client, pid: string, slots: Slots, today: IsoDate): Promise<void> {
  await createLoad(client, pid, slots, { count: 48, concurrency: 16 });
  for (let i = 0; i < 5; i++) {
    await client.json("GET", appGridPath(pid, today));
    await client.json("GET", fullGridPath(pid, today));
    await client.json("GET", occupancyPath(pid, addDays(today, -30), today));
  }
}

export async function signIn(
  server: Server,
  owner: { email: string; name: string },
  expectedPid: string,
): Promise<Client> {
  const client = new Client(server.baseUrl);
  await client.signIn(owner.email, owner.name);
  const { body } = await client.json<Property>("GET", API_PATHS.ownProperty);
  if (body.id !== expectedPid)
    throw new Error(`${owner.email} signed in to ${body.id}, not the seeded ${expectedPid}`);
  return client;
}

async function browserFigures(
  browser: Browser,
  server: Server,
  client: Client,
  smallClient: Client,
  log: (message: string) => void,
  quick: boolean,
): Promise<BrowserFigures> {
  const session = client.jar.get("innkeep_session");
  const smallSession = smallClient.jar.get("innkeep_session");
  log("browser: Front Desk render (1,000 and 100 rooms), clicks on the grid, scroll frames, JS shipped");
  const render = await gridRender(browser, server.baseUrl, session, quick ? 3 : 5);
  const smallRender = await gridRender(browser, server.baseUrl, smallSession, quick ? 3 : 5);
  const returning = await gridRenderReturning(server.baseUrl, session, quick ? 3 : 5);
  log("browser: clicks on the grid");
  const interactions = await gridInteractions(browser, server.baseUrl, session, quick ? 4 : 7);
  log("browser: scroll frames, JS shipped");
  const scroll = await scrollFrames(browser, server.baseUrl, session, quick ? { frames: 120 } : {});
  const landingJs = await jsShipped(browser, server.baseUrl, null, "/", "main h1");
  const hmsJs = await jsShipped(
    browser,
    server.baseUrl,
    session,
    "/hms",
    'table[aria-label="Availability"] tbody tr',
  );
  return { render, returning, smallRender, interactions, scroll, landingJs, hmsJs };
}

/**
 * `remainingMs()` is what is left of the run's time budget: when the machine is so busy that the full
 * repetitions would overrun it, this backend's figures use the reduced ones and the report says so.
 */
export async function runBackend({
  backend,
  big,
  small,
  config,
  log,
  browser,
  remainingMs,
}: {
  backend: Backend;
  big: GeneratedProperty;
  small: GeneratedProperty;
  config: BenchConfig;
  log: (message: string) => void;
  browser: Browser | null;
  remainingMs: () => number;
}): Promise<BackendResult> {
  const result: Partial<BackendResult> & Pick<BackendResult, "seed" | "growth"> = {
    name: backend.name,
    describe: backend.describe,
    port: backend.port,
    seed: {},
    growth: [],
  };
  const issuer = `http://127.0.0.1:${backend.port}/dev-idp`;
  const server = new Server({
    port: backend.port,
    // The webhook figures' receivers listen on loopback.
    env: { ...backend.env, AUTH_RATE_LIMIT_PER_MINUTE: "1000", WEBHOOKS_ALLOW_PRIVATE: "1" },
  });
  const REDUCED: Reps = { creates: 160, grid: 15, report: 3, search: 20, smallCreates: 80, writes: 8 };
  // A quick run tries the bench itself (under 2 minutes); its figures are not the report's.
  const QUICK: Reps = { creates: 96, grid: 10, report: 3, search: 12, smallCreates: 48, writes: 5 };
  // Edits and moves, and creates with webhooks, alternate in this many runs.
  const abRuns = config.quick ? 2 : 3;
  let reps: Reps = config.quick
    ? QUICK
    : { creates: 320, grid: 30, report: 5, search: 40, smallCreates: 160, writes: 40 };

  await server.assertPortFree(); // before the data directory or database is dropped
  log(`${backend.name}: fresh database, migrations, rooms, room types, rate overrides`);
  let started = performance.now();
  let database: Awaited<ReturnType<Backend["open"]>> | undefined = await backend.open(true);
  result.seed.migrateMs = performance.now() - started;
  started = performance.now();
  let exec = execOf(database);
  const ids = await seedProperty(exec, { issuer, ...OWNER, data: big });
  const smallIds = await seedProperty(exec, { issuer, ...SMALL_OWNER, data: small });
  await seedReservations(exec, smallIds, small, 0, small.reservations.length);
  result.seed.staticMs = performance.now() - started;
  const slots = new Slots(big.freeSlots, ids.roomIds);
  const smallSlots = new Slots(small.freeSlots, smallIds.roomIds);

  let seeded = 0;
  let client: Client | undefined;
  let smallClient: Client | undefined;
  const coldStartMs: number[] = [];
  const rssIdleMb: number[] = [];
  for (const stage of config.stages) {
    const last = stage === config.stages.at(-1);
    if (!database) {
      database = await backend.open(false);
      exec = execOf(database);
    }
    started = performance.now();
    await seedReservations(exec, ids, big, seeded, stage);
    const seedMs = performance.now() - started;
    result.seed[stage] = seedMs;
    seeded = stage;
    await database.close(); // PGlite: the server must be able to take the data directory's lock
    database = undefined;
    log(`${backend.name}: seeded ${stage} reservations in ${(seedMs / 1000).toFixed(1)} s; starting server`);
    const startMs = await server.start();
    client ??= await signIn(server, OWNER, ids.pid);
    smallClient ??= await signIn(server, SMALL_OWNER, smallIds.pid);

    if (last) {
      // The rest of this backend (and, before PostgreSQL, the whole of it) must still fit in the budget.
      if (!config.quick && reps !== REDUCED && remainingMs() < (browser ? 300_000 : 120_000)) {
        reps = REDUCED;
        result.reduced = true;
        log(`${backend.name}: behind the time budget, using reduced repetitions`);
      }
      coldStartMs.push(startMs);
      rssIdleMb.push(server.rssMb());
      log(`${backend.name}: warm-up, then creates (c16), grid, reports, live updates`);
      await warmUp(client, ids.pid, slots, config.today);
      const peak = server.sampleRss();
      const bigFigures = await httpFigures(client, ids.pid, slots, config.today, reps);
      Object.assign(
        bigFigures,
        await editAndMoveRuns(client, ids.pid, slots, { runs: abRuns, count: reps.creates, concurrency: 16 }),
      );
      result.big = bigFigures;
      log(`${backend.name}: live updates, ${config.liveSubscribers} subscribers`);
      result.live = await liveLatency(client, server, ids.pid, ids.roomIds, {
        subscribers: config.liveSubscribers,
        writes: reps.writes,
      });
      result.rssLoadMb = peak();
      log(`${backend.name}: CSV exports and a bulk rate edit`);
      result.manager = await managerFigures({
        client,
        server,
        pid: ids.pid,
        typeIds: ids.typeIds,
        today: config.today,
        quick: config.quick,
      });
      log(`${backend.name}: creates with webhooks (one receiver hanging) and without, alternating`);
      result.webhooks = await webhookFigures(client, ids.pid, slots, { runs: abRuns, count: reps.creates });
      log(`${backend.name}: 100-room property`);
      await warmUp(smallClient, smallIds.pid, smallSlots, config.today);
      result.small = await httpFigures(smallClient, smallIds.pid, smallSlots, config.today, {
        ...reps,
        creates: reps.smallCreates,
      });
      if (browser)
        result.browser = await browserFigures(browser, server, client, smallClient, log, config.quick);
    }

    log(`${backend.name}: growth point at ${stage} reservations (original check vs ours)`);
    const peakNaive = last ? server.sampleRss() : undefined;
    result.growth.push(
      await growthPoint(client, ids.pid, slots, {
        reservations: stage,
        naiveRuns: stage <= (config.stages[1] ?? 0) ? 3 : 1,
        oursRuns: 10,
      }),
    );
    if (peakNaive) result.rssNaiveMb = peakNaive();
    await server.stop();
    if (last) {
      result.inventory = await inventoryAB({ backend, server, client, pid: ids.pid, slots, reps, log });
    }
  }

  log(`${backend.name}: cold restarts with ${seeded} reservations`);
  for (let i = 0; i < (result.reduced ? 0 : 2); i++) {
    coldStartMs.push(await server.start());
    rssIdleMb.push(server.rssMb());
    await server.stop();
  }

  // Its own database and server (on the port 4 above this backend's). PGlite runs first, so its stage must
  // leave PostgreSQL's whole run room in the budget: the full sizes only while there is time for both.
  log(`${backend.name}: creates on a history built through the API, and the raw INSERT floor`);
  result.history = await apiHistory({
    backend,
    today: config.today,
    reduced: config.quick || remainingMs() < (backend.name === "PGlite" ? 240_000 : 90_000),
    signIn,
    log,
  });
  return {
    ...(result as BackendResult),
    coldStartMs,
    rssIdleMb,
    coldStart: median(coldStartMs),
    rssIdle: median(rssIdleMb),
    reservationsAtEnd: seeded + slots.next,
  };
}
