/**
 * An Idempotency-Key makes a create happen at most once, whatever crashes (docs/product.md#idempotency): the
 * real server (src/server/main.ts) is SIGKILLed while a client streams keyed creates, restarted, and every
 * create sent is retried with its key and body. Each must answer 201 (the committed answer again, or the
 * create run afresh if the crash took it), and every guest must have exactly one stay, on PGlite and
 * PostgreSQL.
 */
import { describe, expect, inject, it } from "vitest";
import type { ServerProcess } from "../test/process.js";
import {
  createUntilKilled,
  dataDirs,
  type Hotel,
  listReservations,
  serverStarter,
  signInAndFurnish,
  stay,
} from "./crash-support.js";
import { createPostgresDatabase } from "./support.js";

const IN_FLIGHT = 6;
const KILL_AFTER = 30;
const newDataDir = dataDirs();

function create(server: ServerProcess, hotel: Hotel, index: number) {
  return fetch(`${server.baseUrl}/api/properties/${hotel.pid}/reservations`, {
    method: "POST",
    headers: { cookie: hotel.cookie, "content-type": "application/json", "idempotency-key": `stay-${index}` },
    body: JSON.stringify(stay(hotel, index)),
  });
}

async function crashWhileKeyed(env: Record<string, string>, email: string) {
  const start = await serverStarter(env);
  let server = await start();
  const hotel = await signInAndFurnish(server, email);
  const { acknowledged, sent } = await createUntilKilled(
    server,
    async (index) => {
      const response = await create(server, hotel, index);
      const body = await response.json();
      expect(response.status, JSON.stringify(body)).toBe(201);
      return body.id as string;
    },
    { inFlight: IN_FLIGHT, killAfter: KILL_AFTER },
  );

  server = await start();
  let replayed = 0;
  for (let index = 0; index < sent; index++) {
    const response = await create(server, hotel, index);
    const body = await response.json();
    expect(response.status, `retry of create ${index}: ${JSON.stringify(body)}`).toBe(201);
    if (response.headers.get("idempotent-replayed") === "true") replayed++;
    const first = acknowledged.get(index);
    if (first !== undefined) expect(body.id, `create ${index} answered another stay`).toBe(first);
  }
  const { list } = await listReservations(server, email, hotel.pid);
  const perGuest = new Map<string, number>();
  for (const reservation of list) {
    perGuest.set(reservation.guestName, (perGuest.get(reservation.guestName) ?? 0) + 1);
  }
  const twice = [...perGuest].filter(([, count]) => count > 1).map(([guest]) => guest);
  expect(twice, "guests booked twice").toEqual([]);
  expect(list).toHaveLength(sent);
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  return { sent, acknowledged: acknowledged.size, replayed };
}

describe("keyed creates through a crash", () => {
  it("creates each keyed stay once through SIGKILL on PGlite (DATA_DIR)", async () => {
    const run = await crashWhileKeyed(
      { DATA_DIR: newDataDir("innkeep-keyed-crash-") },
      "keyed-pglite@example.com",
    );
    console.info(`keyed crash run [pglite]: ${JSON.stringify(run)}`);
  }, 180_000);

  it.skipIf(!inject("postgresUrl"))(
    "creates each keyed stay once through SIGKILL on PostgreSQL (DATABASE_URL)",
    async () => {
      const { url, drop } = await createPostgresDatabase();
      try {
        const run = await crashWhileKeyed({ DATABASE_URL: url }, "keyed-postgres@example.com");
        console.info(`keyed crash run [postgres]: ${JSON.stringify(run)}`);
      } finally {
        await drop();
      }
    },
    180_000,
  );
});
