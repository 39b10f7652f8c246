// Every figure for one backend: seed in stages (1k, 10k, 100k, 200k reservations) with a growth point at
// each, then the full set of figures at 200k, then cold restarts.

import path from "node:path";
import { execOf } from "./backends.js";
import { gridInteractions, gridRender, jsShipped, scrollFrames } from "./browser.js";
import { dayToIso, isoToDay } from "./dataset.js";
import { Client } from "./http.js";
import { inventoryAB } from "./inventory.js";
import { liveLatency } from "./live.js";
import { managerFigures } from "./manager.js";
import { createLoad, createRuns, editAndMoveRuns, growthPoint, latencyRuns, Slots } from "./measure.js";
import { seedProperty, seedReservations } from "./seed.js";
import { Server } from "./server.js";
import { median } from "./stats.js";
import { webhookFigures } from "./webhooks.js";

const OWNER = { email: "owner@bench.innkeep.test", name: "Bench Owner" };
const SMALL_OWNER = { email: "small@bench.innkeep.test", name: "Small Owner" };
export const REPORT_DAYS = [7, 30, 365];

/** Figures both properties get: creates at concurrency 16, the grid, and the occupancy reports. */
async function httpFigures(client, pid, slots, today, reps) {
  const create = await createRuns(client, pid, slots, { runs: 3, count: reps.creates, concurrency: 16 });
  const gridUrl = `/api/properties/${pid}/availability?start=${today}&days=15`;
  const sample = await client.json("GET", gridUrl);
  const grid = await latencyRuns(3, reps.grid, () => client.json("GET", gridUrl));
  Object.assign(grid, {
    kb: sample.bytes / 1024,
    rooms: sample.body.rooms.length,
    stays: sample.body.stays.length,
  });
  const reports = {};
  for (const days of REPORT_DAYS) {
    const from = dayToIso(isoToDay(today) - days);
    const url = `/api/properties/${pid}/reports/occupancy?from=${from}&to=${today}`;
    reports[days] = await latencyRuns(3, reps.report, () => client.json("GET", url));
  }
  // What the Reservations screen asks for: the newest page of the list.
  const { RESERVATIONS_PAGE_SIZE } = await import(path.resolve("dist/domain/constants.js"));
  const pageUrl = `/api/properties/${pid}/reservations?limit=${RESERVATIONS_PAGE_SIZE}`;
  const firstPage = await latencyRuns(3, reps.report, () => client.json("GET", pageUrl));
  const search = await searchFigures(client, pid, reps, RESERVATIONS_PAGE_SIZE);
  return { create, grid, reports, firstPage, search };
}

/**
 * What the Reservations screen's Search box sends: a page of 100 for a partial, case-insensitive term,
 * cycling through a part of a name, a code fragment, a term with a status filter and one nothing matches
 * (the index must prove there is no match without reading the table).
 */
export const SEARCH_TERMS = [
  { q: "uest 1234" },
  { q: "GUEST 77" },
  { q: "res-00a" },
  { q: "uest 5", status: "booked" },
  { q: "nobody-by-this-name" },
];

async function searchFigures(client, pid, reps, pageSize) {
  const url = (i) => {
    const params = new URLSearchParams({ limit: String(pageSize), ...SEARCH_TERMS[i % SEARCH_TERMS.length] });
    return `/api/properties/${pid}/reservations?${params}`;
  };
  return latencyRuns(3, reps.search, (i) => client.json("GET", url(i)));
}

async function warmUp(client, pid, slots, today) {
  await createLoad(client, pid, slots, { count: 48, concurrency: 16 });
  for (let i = 0; i < 5; i++) {
    await client.json("GET", `/api/properties/${pid}/availability?start=${today}&days=15`);
    await client.json(
      "GET",
      `/api/properties/${pid}/reports/occupancy?from=${dayToIso(isoToDay(today) - 30)}&to=${today}`,
    );
  }
}

async function signIn(server, owner, expectedPid) {
  const client = new Client(server.baseUrl);
  await client.signIn(owner.email, owner.name);
  const { body } = await client.json("GET", "/api/property");
  if (body.id !== expectedPid)
    throw new Error(`${owner.email} signed in to ${body.id}, not the seeded ${expectedPid}`);
  return client;
}

async function browserFigures(browser, server, client, smallClient, log) {
  const session = client.jar.get("innkeep_session");
  const smallSession = smallClient.jar.get("innkeep_session");
  log("browser: Front Desk render (1,000 and 100 rooms), clicks on the grid, scroll frames, JS shipped");
  const render = await gridRender(browser, server.baseUrl, session, 5);
  const smallRender = await gridRender(browser, server.baseUrl, smallSession, 5);
  log("browser: clicks on the grid");
  const interactions = await gridInteractions(browser, server.baseUrl, session, 7);
  log("browser: scroll frames, JS shipped");
  const scroll = await scrollFrames(browser, server.baseUrl, session);
  const landingJs = await jsShipped(browser, server.baseUrl, null, "/", "main h1");
  const hmsJs = await jsShipped(
    browser,
    server.baseUrl,
    session,
    "/hms",
    'table[aria-label="Availability"] tbody tr',
  );
  return { render, smallRender, interactions, scroll, landingJs, hmsJs };
}

/**
 * `remainingMs()` is what is left of the run's time budget: when the machine is so busy that the full
 * repetitions would overrun it, this backend's figures use the reduced ones and the report says so.
 */
export async function runBackend({ backend, big, small, config, log, browser, remainingMs }) {
  const result = { name: backend.name, describe: backend.describe, port: backend.port, seed: {}, growth: [] };
  const issuer = `http://127.0.0.1:${backend.port}/dev-idp`;
  const server = new Server({
    port: backend.port,
    // The webhook figures' receivers listen on loopback.
    env: { ...backend.env, AUTH_RATE_LIMIT_PER_MINUTE: "1000", WEBHOOKS_ALLOW_PRIVATE: "1" },
  });
  const REDUCED = { creates: 160, grid: 15, report: 3, search: 20, smallCreates: 80, writes: 8 };
  let reps = config.quick
    ? REDUCED
    : { creates: 320, grid: 30, report: 5, search: 40, smallCreates: 160, writes: 20 };

  log(`${backend.name}: fresh database, migrations, rooms, room types, rate overrides`);
  let started = performance.now();
  let database = await backend.open(true);
  result.seed.migrateMs = performance.now() - started;
  started = performance.now();
  const exec = () => execOf(database);
  const ids = await seedProperty(exec(), { issuer, ...OWNER, data: big });
  const smallIds = await seedProperty(exec(), { issuer, ...SMALL_OWNER, data: small });
  await seedReservations(exec(), smallIds, small, 0, small.reservations.length);
  result.seed.staticMs = performance.now() - started;
  const slots = new Slots(big.freeSlots, ids.roomIds);
  const smallSlots = new Slots(small.freeSlots, smallIds.roomIds);

  let seeded = 0;
  let client;
  let smallClient;
  for (const stage of config.stages) {
    const last = stage === config.stages.at(-1);
    database ??= await backend.open(false);
    started = performance.now();
    await seedReservations(exec(), ids, big, seeded, stage);
    result.seed[stage] = performance.now() - started;
    seeded = stage;
    await database.close(); // PGlite: the server must be able to take the data directory's lock
    database = undefined;
    log(
      `${backend.name}: seeded ${stage} reservations in ${(result.seed[stage] / 1000).toFixed(1)} s; starting server`,
    );
    const startMs = await server.start();
    client ??= await signIn(server, OWNER, ids.pid);
    smallClient ??= await signIn(server, SMALL_OWNER, smallIds.pid);

    if (last) {
      // The rest of this backend (and, before PostgreSQL, the whole of it) must still fit in the budget.
      if (reps !== REDUCED && remainingMs() < (browser ? 300_000 : 120_000)) {
        reps = REDUCED;
        result.reduced = true;
        log(`${backend.name}: behind the time budget, using reduced repetitions`);
      }
      result.coldStartMs = [startMs];
      result.rssIdleMb = [server.rssMb()];
      log(`${backend.name}: warm-up, then creates (c16), grid, reports, live updates`);
      await warmUp(client, ids.pid, slots, config.today);
      const peak = server.sampleRss();
      result.big = await httpFigures(client, ids.pid, slots, config.today, reps);
      Object.assign(
        result.big,
        await editAndMoveRuns(client, ids.pid, slots, { runs: 3, count: reps.creates, concurrency: 16 }),
      );
      result.live = await liveLatency(client, ids.pid, ids.roomIds, {
        subscribers: 200,
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
      result.webhooks = await webhookFigures(client, ids.pid, slots, { runs: 3, count: reps.creates });
      log(`${backend.name}: 100-room property`);
      await warmUp(smallClient, smallIds.pid, smallSlots, config.today);
      result.small = await httpFigures(smallClient, smallIds.pid, smallSlots, config.today, {
        ...reps,
        creates: reps.smallCreates,
      });
      if (browser) result.browser = await browserFigures(browser, server, client, smallClient, log);
    }

    log(`${backend.name}: growth point at ${stage} reservations (original check vs ours)`);
    const peakNaive = last ? server.sampleRss() : undefined;
    result.growth.push(
      await growthPoint(client, ids.pid, slots, {
        reservations: stage,
        naiveRuns: stage <= config.stages[1] ? 3 : 1,
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
    result.coldStartMs.push(await server.start());
    result.rssIdleMb.push(server.rssMb());
    await server.stop();
  }
  result.coldStart = median(result.coldStartMs);
  result.rssIdle = median(result.rssIdleMb);
  result.reservationsAtEnd = seeded + slots.next;
  return result;
}
