/**
 * Scale-out: two server instances, each with its own connection pool and LISTEN connection, on one
 * PostgreSQL database or one Citus cluster (its coordinator), listening on two ports. Conflicting bookings
 * sent to both leave exactly one reservation; a change written through one instance reaches live clients
 * and webhook receivers served by the other; and when the database drops an instance's LISTEN connection,
 * the instance listens again and tells its live clients to reconnect (and so refetch what they may have
 * missed).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../domain/dates.js";
import { createSession, SESSION_COOKIE, upsertUser } from "../auth/sessions.js";
import { type Database, openPostgres } from "../db/connect.js";
import { backends, createServerDatabase, TEST_ISSUER } from "../test/harness.js";
import { type ListeningApp, startListening } from "../test/listening.js";
import { startReceiver } from "../test/receiver.js";
import { openEventStream } from "./support.js";

const CONCURRENT = 100;
const SERVER_BACKENDS = backends().flatMap((backend) => (backend === "pglite" ? [] : [backend]));
/** The second instance polls for webhook deliveries only this rarely: a prompt delivery was woken. */
const SLOW_POLL = { pollMs: 60_000 };

describe.skipIf(SERVER_BACKENDS.length === 0).each(SERVER_BACKENDS)(
  "two server instances on one %s database",
  (backend) => {
    let drop: () => Promise<void>;
    const databases: Database[] = [];
    const servers: ListeningApp[] = [];
    let cookie: string;
    let pid: string;
    let roomId: string;
    let typeId = "";

    const at = (server: ListeningApp | undefined, path: string, init: RequestInit = {}) => {
      if (!server) throw new Error("server not started");
      return fetch(`${server.baseUrl}${path}`, {
        ...init,
        headers: { cookie, "content-type": "application/json", ...init.headers },
      });
    };
    const post = (server: ListeningApp | undefined, path: string, body: unknown) =>
      at(server, `/api/properties/${pid}${path}`, { method: "POST", body: JSON.stringify(body) });

    beforeAll(async () => {
      const created = await createServerDatabase(backend);
      drop = created.drop;
      for (let i = 0; i < 2; i++) {
        const database = await openPostgres(created.url, { poolSize: 10 });
        databases.push(database);
        // The first instance sends no webhooks (it never claims a subscription): the second one does.
        const webhooks = i === 0 ? { concurrency: 0 } : SLOW_POLL;
        servers.push(await startListening(backend, { WEBHOOKS_ALLOW_PRIVATE: "1" }, database, { webhooks }));
      }
      expect(new Set(servers.map((s) => s.baseUrl)).size).toBe(2);
      // A session is a database row, so it is valid on every instance.
      const [first] = databases;
      if (!first) throw new Error("no database");
      const userId = await upsertUser(first.db, {
        issuer: TEST_ISSUER,
        subject: "scale-out",
        email: "scale-out@example.com",
        emailVerified: true,
        displayName: "Scale Out",
      });
      cookie = `${SESSION_COOKIE}=${await createSession(first.db, userId, 3600_000)}`;
      pid = (await (await at(servers[0], "/api/property")).json()).id;
      expect((await (await at(servers[1], "/api/property")).json()).id).toBe(pid);
      const type = await (
        await post(servers[0], "/room-types", { name: "Twin", capacity: 2, baseRate: 800 })
      ).json();
      typeId = type.id;
      roomId = (await (await post(servers[1], "/rooms", { number: "7", roomTypeId: type.id })).json()).id;
      for (const number of ["8", "9", "10"]) {
        expect((await post(servers[0], "/rooms", { number, roomTypeId: type.id })).status).toBe(201);
      }
    });

    afterAll(async () => {
      for (const server of servers) await server.close();
      for (const database of databases) await database.close();
      await drop?.();
    });

    it(`lets exactly one of ${CONCURRENT} conflicting bookings through, sent half to each instance`, async () => {
      const body = { roomId, checkInDate: "2032-03-01", checkOutDate: "2032-03-04" };
      const responses = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) => post(servers[i % 2], "/reservations", body)),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(CONCURRENT - 1);
      const rows = await databases[1]?.db.execute(
        sql`select count(*)::int as n from reservations where property_id = ${pid}`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    });

    it(`sells a room type's 4 rooms to exactly 4 of ${CONCURRENT} unassigned bookings sent to both instances`, async () => {
      const body = { roomTypeId: typeId, checkInDate: "2032-05-01", checkOutDate: "2032-05-03" };
      const responses = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) => post(servers[i % 2], "/reservations", body)),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(4);
      expect(statuses.filter((s) => s === 409)).toHaveLength(CONCURRENT - 4);
    });

    it("numbers 50 invoices issued at once for 50 stays through both instances 1 to 50, no gap, no duplicate", async () => {
      const stays: string[] = [];
      for (let i = 0; i < 50; i++) {
        const created = await post(servers[i % 2], "/reservations", {
          checkInDate: addDays("2033-01-01", i),
          checkOutDate: addDays("2033-01-01", i + 1),
        });
        expect(created.status).toBe(201);
        stays.push((await created.json()).id);
      }
      const issued = await Promise.all(
        stays.map((id, i) => post(servers[i % 2], `/reservations/${id}/invoices`, {})),
      );
      expect(issued.map((r) => r.status)).toEqual(stays.map(() => 201));
      const numbers = (await Promise.all(issued.map((r) => r.json()))).map(
        (d: { number: string }) => d.number,
      );
      const year = numbers[0]?.slice(4, 8);
      const expected = Array.from({ length: 50 }, (_, i) => `INV-${year}-${String(i + 1).padStart(6, "0")}`);
      expect([...numbers].sort()).toEqual(expected);
    });

    it("delivers a change written through one instance to live clients of the other, both ways", async () => {
      for (const [writer, reader, day] of [
        [servers[0], servers[1], "2032-04-01"],
        [servers[1], servers[0], "2032-04-02"],
      ] as const) {
        if (!reader) throw new Error("server not started");
        const stream = await openEventStream(`${reader.baseUrl}/api/properties/${pid}/events`, cookie);
        try {
          const created = await (
            await post(writer, "/reservations", { checkInDate: day, checkOutDate: addDays(day, 1) })
          ).json();
          expect(await stream.next((e) => e.entityId === created.id)).toMatchObject({
            propertyId: pid,
            type: "reservation.created",
            entityType: "reservation",
            entityId: created.id,
          });
        } finally {
          stream.close();
        }
      }
    });

    it("delivers a webhook for a change written through one instance, sent by the other", async () => {
      const receiver = await startReceiver();
      try {
        const hook = await post(servers[0], "/webhooks", {
          url: receiver.url,
          events: ["reservation.created"],
        });
        expect(hook.status).toBe(201);
        const started = performance.now();
        const created = await (
          await post(servers[0], "/reservations", { checkInDate: "2032-07-01", checkOutDate: "2032-07-02" })
        ).json();
        const [delivery] = await receiver.waitFor(1, SLOW_POLL.pollMs / 4);
        expect(delivery?.json).toMatchObject({
          type: "reservation.created",
          propertyId: pid,
          data: { entityId: created.id },
        });
        // Well before the second instance's poll: the first one's wake-up reached it.
        expect(performance.now() - started).toBeLessThan(SLOW_POLL.pollMs / 4);
      } finally {
        await receiver.close();
      }
    });

    it("listens again after the database drops the LISTEN connections, and live clients miss nothing", async () => {
      const listeners = async () => {
        const result = await databases[0]?.db.execute(
          sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%'`,
        );
        return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
      };
      expect(await listeners()).toBe(2);
      const reader = servers[1];
      if (!reader) throw new Error("server not started");
      const before = await openEventStream(`${reader.baseUrl}/api/properties/${pid}/events`, cookie);
      // What a database restart, a failover or an idle-connection killer does to the LISTEN connections.
      await databases[0]?.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      // A change written while the instances are not listening still reaches the open stream: once listening
      // again, the relay reads everything after its cursor from the outbox.
      try {
        const during = await (
          await post(servers[0], "/reservations", { checkInDate: "2032-06-01", checkOutDate: "2032-06-02" })
        ).json();
        expect(await before.next((e) => e.entityId === during.id)).toMatchObject({
          type: "reservation.created",
        });
        for (let i = 0; i < 100 && (await listeners()) < 2; i++) await new Promise((r) => setTimeout(r, 100));
        expect(await listeners()).toBe(2);
        const after = await (
          await post(servers[0], "/reservations", { checkInDate: "2032-06-03", checkOutDate: "2032-06-04" })
        ).json();
        expect(await before.next((e) => e.entityId === after.id)).toMatchObject({
          type: "reservation.created",
        });
      } finally {
        before.close();
      }
    });
  },
);
