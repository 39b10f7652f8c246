/**
 * Database faults under the running app, for real: PostgreSQL (a throwaway cluster) stopped and started
 * again, PGlite closed, and a damaged data page on each backend. An unreachable database answers 503
 * `unavailable` with Retry-After; damage makes /api/health answer 503 `corrupt` until restart; and the log,
 * captured from the app's own logger options (http/logging.ts), never holds the guest data of the requests.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { createSession, SESSION_COOKIE, upsertUser } from "../auth/sessions.js";
import { loadConfig } from "../config.js";
import type { App } from "../context.js";
import { type Database, openPglite, openPostgres } from "../db/connect.js";
import { loggerOptions } from "../http/logging.js";
import {
  type Cluster,
  clusterAvailable,
  createCluster,
  damagePage,
  damagePglitePage,
  startWithDatabase,
} from "../test/db-faults.js";
import { createRoom, createRoomType } from "../test/factories.js";
import { TEST_ADMIN, TEST_ISSUER, TEST_NOW } from "../test/harness.js";

/** Guest data sent in requests; none of it may reach the log. */
const GUEST = { name: "Philippa Quenneville", phone: "+44 7700 900123", email: "philippa.q@example.org" };
const GUEST_DATA = [GUEST.name, "Quenneville", GUEST.phone, GUEST.email];

type Served = {
  app: App;
  database: Database;
  cookie: string;
  token: string;
  pid: string;
  roomId: string;
  log: () => string;
  entries: () => Record<string, unknown>[];
  request(method: "GET" | "POST", url: string, body?: unknown): Promise<LightMyRequestResponse>;
};

/** The app on `database` with the production logger options, its output captured. */
async function serve(database: Database, seeded?: Pick<Served, "token" | "pid" | "roomId">): Promise<Served> {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const config = loadConfig({ LOG_LEVEL: "info", ADMIN_EMAILS: TEST_ADMIN });
  const app = await buildApp({
    config,
    database,
    webRoot: null,
    now: () => new Date(TEST_NOW),
    logger: { ...loggerOptions("info"), stream },
  });
  await app.ready();
  const host = new URL(config.publicUrl).host;
  let token = seeded?.token ?? "";
  if (!seeded) {
    const userId = await upsertUser(database.db, {
      issuer: TEST_ISSUER,
      subject: "night-auditor",
      email: "night.auditor@example.com",
      emailVerified: true,
      displayName: null,
    });
    token = await createSession(database.db, userId, config.sessionTtlMs);
  }
  const cookie = `${SESSION_COOKIE}=${token}`;
  const request: Served["request"] = (method, url, body) =>
    app.inject({
      method,
      url,
      headers: { host, cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  let pid = seeded?.pid ?? "";
  let roomId = seeded?.roomId ?? "";
  if (!seeded) {
    pid = (await request("GET", "/api/property")).json().id;
    const type = await createRoomType(database.db, pid, { name: "Garden", baseRate: 900 });
    roomId = (await createRoom(database.db, pid, { number: "12", roomType: type })).id;
    const created = await request("POST", `/api/properties/${pid}/reservations`, book(roomId, "2029-02-01"));
    expect(created.statusCode, created.body).toBe(201);
  }
  const log = () => chunks.join("");
  const entries = () =>
    log()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { app, database, cookie, token, pid, roomId, log, entries, request };
}

function book(roomId: string, checkInDate: string) {
  const [year, month, day] = checkInDate.split("-").map(Number) as [number, number, number];
  const checkOutDate = new Date(Date.UTC(year, month - 1, day + 2)).toISOString().slice(0, 10);
  return {
    guestName: GUEST.name,
    guestPhone: GUEST.phone,
    guestEmail: GUEST.email,
    roomId,
    checkInDate,
    checkOutDate,
  };
}

const search = (served: Served) =>
  served.request("GET", `/api/properties/${served.pid}/reservations?q=${encodeURIComponent("Quenneville")}`);

function expectNoGuestData(served: Served): void {
  for (const value of [...GUEST_DATA, served.token]) expect(served.log()).not.toContain(value);
}

/** Polls `GET /api/health` until it answers `status` (the pool reconnects on its own after a restart). */
async function healthBecomes(
  served: Served,
  status: number,
  timeoutMs = 20_000,
): Promise<LightMyRequestResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await served.request("GET", "/api/health");
    if (response.statusCode === status || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function expectCorruptionReported(served: Served): void {
  const loud = served.entries().filter((entry) => entry.sqlState === "XX001" && entry.level === 50);
  expect(loud.length, served.log()).toBe(1);
  // The failed query's error was logged too (500), its parameters cut out.
  const failed = served.entries().find((entry) => entry.msg === "unhandled error");
  expect(JSON.stringify(failed?.err)).toContain("params: [redacted]");
  expectNoGuestData(served);
}

describe.skipIf(!clusterAvailable())("PostgreSQL stopped and damaged under the app", () => {
  let cluster: Cluster;
  let served: Served;

  beforeAll(async () => {
    cluster = await createCluster();
    const url = await startWithDatabase(cluster, "innkeep");
    served = await serve(await openPostgres(url, { poolSize: 4 }));
  });
  afterAll(async () => {
    await served?.app.close();
    await served?.database.close();
    await cluster?.destroy();
  });

  it("answers 503 unavailable with Retry-After while PostgreSQL is down, then 200 once it is back", async () => {
    expect((await search(served)).statusCode).toBe(200);
    await cluster.stop();

    const list = await search(served);
    expect(list.statusCode, list.body).toBe(503);
    expect(list.headers["retry-after"]).toBe("5");
    expect(list.json()).toEqual({
      error: { code: "unavailable", message: "The database is unavailable; try again in a few seconds" },
    });
    const create = await served.request(
      "POST",
      `/api/properties/${served.pid}/reservations`,
      book(served.roomId, "2029-03-01"),
    );
    expect(create.statusCode, create.body).toBe(503);
    expect(create.headers["retry-after"]).toBe("5");
    const health = await served.request("GET", "/api/health");
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: "degraded", db: "down" });

    await cluster.start();
    expect((await healthBecomes(served, 200)).json()).toEqual({ status: "ok", db: "ok" });
    expect((await search(served)).statusCode).toBe(200);

    expect(served.entries().filter((entry) => entry.msg === "database unavailable").length).toBeGreaterThan(
      0,
    );
    expectNoGuestData(served);
  });

  it("reports a damaged page: the reads that touch it fail, health answers 503 corrupt until restart", async () => {
    const file = await cluster.relationFile("innkeep", "reservations");
    await cluster.stop();
    damagePage(file);
    await cluster.start();
    expect((await healthBecomes(served, 200)).statusCode).toBe(200);

    const list = await search(served);
    expect(list.statusCode, list.body).toBe(500);
    expect(list.json().error.code).toBe("internal");
    for (let i = 0; i < 2; i++) {
      const health = await served.request("GET", "/api/health");
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: "degraded", db: "corrupt", sqlState: "XX001" });
    }
    // Reads that do not touch the damaged page still work.
    expect((await served.request("GET", "/api/property")).statusCode).toBe(200);
    expect((await search(served)).statusCode).toBe(500);
    expectCorruptionReported(served);
  });
});

describe("PGlite closed and damaged under the app", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-faults-"));
  let served: Served | undefined;

  afterAll(async () => {
    await served?.app.close();
    await served?.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 503 unavailable with Retry-After once PGlite is closed", async () => {
    served = await serve(await openPglite(dataDir));
    expect((await search(served)).statusCode).toBe(200);
    await served.database.close();

    const list = await search(served);
    expect(list.statusCode, list.body).toBe(503);
    expect(list.headers["retry-after"]).toBe("5");
    expect(list.json().error.code).toBe("unavailable");
    expect((await served.request("GET", "/api/health")).json()).toEqual({ status: "degraded", db: "down" });
    expectNoGuestData(served);
  });

  it("reports a damaged page in DATA_DIR: health answers 503 corrupt after a read fails", async () => {
    if (!served) throw new Error("the previous test did not serve the app");
    const { token, pid, roomId } = served;
    // Its live feed stops listening on the database closed above, which is an error of its own.
    await expect(served.app.close()).rejects.toThrow("PGlite is closed");
    served = undefined;
    await damagePglitePage(dataDir, "reservations");

    served = await serve(await openPglite(dataDir), { token, pid, roomId });
    expect((await served.request("GET", "/api/health")).statusCode).toBe(200);
    expect((await search(served)).statusCode).toBe(500);
    const health = await served.request("GET", "/api/health");
    expect(health.statusCode).toBe(503);
    // On disk, health also reports the data directory's free space (db/disk-guard.ts).
    expect(health.json()).toEqual({
      status: "degraded",
      db: "corrupt",
      sqlState: "XX001",
      disk: expect.objectContaining({ writable: true }),
    });
    expectCorruptionReported(served);
  });
});
