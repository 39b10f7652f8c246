// The work of `npm run bench -- --citus` against one running server: properties made through the API (each
// by its own user), then reservation creates and availability grid reads spread round-robin over them.
import { API_PATHS } from "../../src/domain/api-paths.js";
import { addDays, type IsoDate } from "../../src/domain/dates.js";
import type { Property } from "../../src/domain/schemas/properties.js";
import { forDuration, type Timed } from "./api-history.js";
import { Client } from "./http.js";
import { fullGridPath } from "./measure.js";

export type CitusConfig = {
  properties: number;
  roomTypes: number;
  roomsPerType: number;
  concurrency: number;
  /** Grid window (days). */
  days: number;
  warmUpMs: number;
  createMs: number;
  readMs: number;
  buildMs: number;
  /** Users signing in and building their properties at once. */
  setupConcurrency: number;
};

export type Tenant = { client: Client; pid: string; rooms: string[]; booked: number; windows: number };

export type LoadFigures = {
  /** POST /api/properties/:pid/reservations, round-robin over the properties. */
  creates: Timed;
  /** The grid at today, read again and again: the server's kept answer, checked against event_seq. */
  reads: Timed;
  /** The grid at a window no one asked for yet: each read builds it from the database. */
  builds: Timed;
  /** Reservations created by the run (warm-up included). */
  reservations: number;
};

const ROOM_TYPES = [
  { name: "Standard", capacity: 2, baseRate: 120 },
  { name: "Suite", capacity: 4, baseRate: 210 },
  { name: "Family", capacity: 5, baseRate: 260 },
];

async function expect<T>(answer: Promise<{ status: number; body: T }>, status: number, what: string) {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what} answered ${got}: ${JSON.stringify(body)}`);
  return body;
}

/** One user, their property (created by GET /api/property), its room types and rooms, all through HTTP. */
async function makeTenant(baseUrl: string, index: number, config: CitusConfig): Promise<Tenant> {
  const client = new Client(baseUrl);
  await client.signIn(`citus-${index}@bench.innkeep.test`, `Citus Owner ${index}`);
  const property = await expect(
    client.json<Property>("GET", API_PATHS.ownProperty),
    200,
    "GET /api/property",
  );
  const pid = property.id;
  const rooms: string[] = [];
  for (let t = 0; t < config.roomTypes; t++) {
    const type = ROOM_TYPES[t % ROOM_TYPES.length] as (typeof ROOM_TYPES)[number];
    const { id: typeId } = await expect(
      client.json<{ id: string }>("POST", `/api/properties/${pid}/room-types`, type),
      201,
      "creating a room type",
    );
    for (let r = 0; r < config.roomsPerType; r++) {
      const room = { number: `${t + 1}${String(r + 1).padStart(2, "0")}`, roomTypeId: typeId, floor: t + 1 };
      const { id } = await expect(
        client.json<{ id: string }>("POST", `/api/properties/${pid}/rooms`, room),
        201,
        "creating a room",
      );
      rooms.push(id);
    }
  }
  return { client, pid, rooms, booked: 0, windows: 0 };
}

/** `config.properties` tenants, `setupConcurrency` at a time; in index order. */
export async function makeTenants(baseUrl: string, config: CitusConfig): Promise<Tenant[]> {
  const tenants: Tenant[] = new Array(config.properties);
  let next = 0;
  const worker = async () => {
    while (next < config.properties) {
      const index = next++;
      tenants[index] = await makeTenant(baseUrl, index, config);
    }
  };
  await Promise.all(Array.from({ length: config.setupConcurrency }, worker));
  return tenants;
}

/** Round-robin over the tenants: the i-th call of `op` goes to tenant i mod n. */
function roundRobin(tenants: Tenant[], op: (tenant: Tenant) => Promise<void>): () => Promise<void> {
  let i = 0;
  return () => op(tenants[i++ % tenants.length] as Tenant);
}

/** A one-night stay on the tenant's next free room-night: room k mod rooms, night k / rooms from tomorrow. */
function create(today: IsoDate) {
  return async (tenant: Tenant) => {
    const k = tenant.booked++;
    const checkInDate = addDays(today, 1 + Math.floor(k / tenant.rooms.length));
    const body = {
      guestName: `Citus guest ${k}`,
      adults: 1,
      roomId: tenant.rooms[k % tenant.rooms.length],
      checkInDate,
      checkOutDate: addDays(checkInDate, 1),
    };
    await expect(
      tenant.client.json("POST", `/api/properties/${tenant.pid}/reservations`, body),
      201,
      "a reservation create",
    );
  };
}

const read = (path: (tenant: Tenant) => string) => async (tenant: Tenant) => {
  const response = await tenant.client.fetch(path(tenant));
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`a grid read answered ${response.status}: ${text.slice(0, 200)}`);
};

/**
 * Warm-up (not counted), then creates, kept-grid reads and grid builds, each for a fixed time at
 * `config.concurrency` in flight. Builds walk back a day at a time from today, a new window per read.
 */
export async function measureLoad(
  tenants: Tenant[],
  config: CitusConfig,
  today: IsoDate,
): Promise<LoadFigures> {
  const c = config.concurrency;
  const creates = roundRobin(tenants, create(today));
  const keptPath = (tenant: Tenant) => fullGridPath(tenant.pid, today, config.days);
  const reads = roundRobin(tenants, read(keptPath));
  const builds = roundRobin(
    tenants,
    read((tenant) => fullGridPath(tenant.pid, addDays(today, -1 - tenant.windows++), config.days)),
  );
  await forDuration(config.warmUpMs, c, creates);
  await forDuration(config.warmUpMs / 2, c, reads);
  await forDuration(config.warmUpMs / 2, c, builds);
  const createFigures = await forDuration(config.createMs, c, creates);
  // The kept answers are made here, after the last change, so the timed reads hit them.
  for (const tenant of tenants) await read(keptPath)(tenant);
  const readFigures = await forDuration(config.readMs, c, reads);
  const buildFigures = await forDuration(config.buildMs, c, builds);
  const reservations = tenants.reduce((sum, tenant) => sum + tenant.booked, 0);
  return { creates: createFigures, reads: readFigures, builds: buildFigures, reservations };
}
