/**
 * Crashes, with the real server as a child process (src/server/main.ts): SIGKILL while a client streams
 * reservation creates, then restart — every create answered 201 must be there, and the database must open
 * cleanly (PGlite in DATA_DIR, and PostgreSQL via DATABASE_URL). SIGTERM while requests are in flight: they
 * complete and the process exits 0.
 */
import http from "node:http";
import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { SESSION_COOKIE } from "../auth/sessions.js";
import { openPglite, openPostgres } from "../db/connect.js";
import { type ServerProcess, spawnServer, waitUntilReady } from "../test/process.js";
import {
  createUntilKilled,
  dataDirs,
  type Hotel,
  listReservations,
  ROOMS,
  serverStarter,
  signInAndFurnish,
  stay,
} from "./crash-support.js";
import { createPostgresDatabase } from "./support.js";

const IN_FLIGHT = 4;
/** SIGKILL once this many creates have been acknowledged; more are in flight at that moment. */
const KILL_AFTER = 40;

const IN_FLIGHT_AT_SIGTERM = 20;

const newDataDir = dataDirs();

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A JSON POST whose body is only half sent until `finish()`; `answer` resolves with the response. */
function halfSentPost(url: string, cookie: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const request = http.request(url, {
    method: "POST",
    agent: false,
    headers: { cookie, "content-type": "application/json", "content-length": payload.length },
  });
  const answer = new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
    request.on("error", reject);
    request.on("response", (response) => {
      let text = "";
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode, body: text }));
    });
  });
  request.write(payload.subarray(0, payload.length >> 1));
  return { answer, finish: () => request.end(payload.subarray(payload.length >> 1)) };
}

/**
 * Streams creates (IN_FLIGHT at a time, numbered from `offset`) and SIGKILLs the server once KILL_AFTER have
 * been acknowledged. Returns the acknowledged reservations (id, code) and how many creates were sent in all.
 */
async function streamCreatesAndKill(server: ServerProcess, hotel: Hotel, offset: number) {
  const run = await createUntilKilled(
    server,
    async (index) => {
      const response = await fetch(`${server.baseUrl}/api/properties/${hotel.pid}/reservations`, {
        method: "POST",
        headers: { cookie: hotel.cookie, "content-type": "application/json" },
        body: JSON.stringify(stay(hotel, index)),
      });
      const body = await response.json();
      if (response.status !== 201)
        throw new Error(`create ${index}: ${response.status} ${JSON.stringify(body)}`);
      return { id: body.id as string, code: body.code as string, index };
    },
    { inFlight: IN_FLIGHT, killAfter: KILL_AFTER, offset },
  );
  return { acknowledged: [...run.acknowledged.values()], sent: run.sent };
}

type CrashRun = { kills: number; acknowledged: number; sent: number; present: number };

/**
 * Starts the server, then `kills` times: stream creates, SIGKILL mid-stream, restart and check that every
 * create acknowledged so far is there. Ends with a write and a clean SIGTERM shutdown.
 */
async function crashAndRestart(env: Record<string, string>, email: string, kills = 2): Promise<CrashRun> {
  const start = await serverStarter(env);
  let server = await start();
  const hotel = await signInAndFurnish(server, email);
  const acknowledged: { id: string; code: string; index: number }[] = [];
  let sent = 0;
  let present = 0;
  for (let kill = 0; kill < kills; kill++) {
    const run = await streamCreatesAndKill(server, hotel, sent);
    expect(run.acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    acknowledged.push(...run.acknowledged);
    sent += run.sent;
    server = await start();
    const { list } = await listReservations(server, email, hotel.pid);
    const byId = new Map(list.map((r) => [r.id, r]));
    for (const ack of acknowledged) {
      expect(byId.get(ack.id), `acknowledged create ${ack.index} lost`).toMatchObject({
        code: ack.code,
        guestName: `Guest ${ack.index}`,
      });
    }
    // Nothing invented: at most the creates that were sent (an unacknowledged one may have committed).
    expect(list.length).toBeLessThanOrEqual(sent);
    present = list.length;
  }
  // The session from before the crashes still works (it lives in the database), and writes work again.
  const again = await fetch(`${server.baseUrl}/api/properties/${hotel.pid}/reservations`, {
    method: "POST",
    headers: { cookie: hotel.cookie, "content-type": "application/json" },
    body: JSON.stringify(stay(hotel, sent + ROOMS)),
  });
  expect(again.status).toBe(201);
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  return { kills, acknowledged: acknowledged.length, sent, present };
}

describe("crash safety of the server process", () => {
  it("keeps every acknowledged create through SIGKILL on PGlite (DATA_DIR)", async () => {
    const dataDir = newDataDir("innkeep-crash-");
    const run = await crashAndRestart({ DATA_DIR: dataDir }, "crash-pglite@example.com");
    // After the clean shutdown the directory opens in this process too, with everything in it.
    const database = await openPglite(dataDir);
    try {
      const result = await database.db.execute(sql`select count(*)::int as n from reservations`);
      expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(run.present + 1);
    } finally {
      await database.close();
    }
    console.info(`crash run [pglite]: ${JSON.stringify(run)}`);
  }, 180_000);

  it.skipIf(!inject("postgresUrl"))(
    "keeps every acknowledged create through SIGKILL on PostgreSQL (DATABASE_URL)",
    async () => {
      const { url, drop } = await createPostgresDatabase();
      try {
        const run = await crashAndRestart({ DATABASE_URL: url }, "crash-postgres@example.com");
        const database = await openPostgres(url, { poolSize: 1 });
        try {
          const result = await database.db.execute(sql`select count(*)::int as n from reservations`);
          expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(run.present + 1);
        } finally {
          await database.close();
        }
        console.info(`crash run [postgres]: ${JSON.stringify(run)}`);
      } finally {
        await drop();
      }
    },
    180_000,
  );

  it("finishes in-flight requests on SIGTERM and exits 0", async () => {
    const dataDir = newDataDir("innkeep-sigterm-");
    const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
    await waitUntilReady(server);
    const hotel = await signInAndFurnish(server, "sigterm@example.com");
    const url = `/api/properties/${hotel.pid}/reservations`;
    const incoming = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"incoming request"') && line.includes(`"url":"${url}"`))
        .length;
    const before = incoming();
    // Each request sends its headers and half its body, so it is certainly in flight when the signal comes.
    const requests = Array.from({ length: IN_FLIGHT_AT_SIGTERM }, (_, i) =>
      halfSentPost(`${server.baseUrl}${url}`, hotel.cookie, stay(hotel, i)),
    );
    await until(() => incoming() - before === IN_FLIGHT_AT_SIGTERM);
    server.child.kill("SIGTERM");
    await until(() => server.output().includes('"msg":"shutting down"'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.child.exitCode).toBeNull(); // still waiting for the requests
    for (const request of requests) request.finish();
    const answers = await Promise.all(requests.map((request) => request.answer));
    expect(answers.map((a) => a.status)).toEqual(Array(IN_FLIGHT_AT_SIGTERM).fill(201));
    expect(await server.exited).toBe(0);
    // The request log never holds the session token (nor does the callback's Set-Cookie reach it).
    expect(server.output()).toContain('"msg":"incoming request"');
    expect(server.output()).not.toContain(hotel.cookie.slice(`${SESSION_COOKIE}=`.length));
    // And they are all stored; the directory opens cleanly after the shutdown.
    const database = await openPglite(dataDir);
    try {
      const result = await database.db.execute(sql`select count(*)::int as n from reservations`);
      expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(IN_FLIGHT_AT_SIGTERM);
    } finally {
      await database.close();
    }
  }, 120_000);
});
