/**
 * The automatic day close with two server instances on one PostgreSQL (or Citus) database, each with its own
 * pool and scheduler, on a clock moved past three close times (as after three days down): at start they
 * close the three missed days, oldest first, each exactly once, and write one entry per day.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE, upsertUser } from "../auth/sessions.js";
import { type Database, openPostgres } from "../db/connect.js";
import { queryRows } from "../db/rows.js";
import { backends, createServerDatabase, TEST_ISSUER } from "../test/harness.js";
import { type ListeningApp, startListening } from "../test/listening.js";

const SERVER_BACKENDS = backends().flatMap((backend) => (backend === "pglite" ? [] : [backend]));

describe.skipIf(SERVER_BACKENDS.length === 0).each(SERVER_BACKENDS)(
  "the automatic day close with two instances on one %s database",
  (backend) => {
    let drop: () => Promise<void>;
    const databases: Database[] = [];
    const servers: ListeningApp[] = [];
    let pid = "";
    let url = "";

    beforeAll(async () => {
      const created = await createServerDatabase(backend);
      drop = created.drop;
      url = created.url;
      const first = await openPostgres(created.url, { poolSize: 5 });
      databases.push(first);
      const userId = await upsertUser(first.db, {
        issuer: TEST_ISSUER,
        subject: "day-close",
        email: "day-close@example.com",
        emailVerified: true,
        displayName: "Day Close",
      });
      const cookie = `${SESSION_COOKIE}=${await createSession(first.db, userId, 3600_000)}`;
      // A property made on 1 March 2030 (Kolkata) with a stay due on the 2nd that never comes.
      const setup = await startListening(backend, {}, first);
      const at = (path: string, init: RequestInit = {}) =>
        fetch(`${setup.baseUrl}${path}`, {
          ...init,
          headers: { cookie, "content-type": "application/json" },
        });
      pid = (await (await at("/api/property")).json()).id;
      await first.db.execute(
        sql`update properties set created_at = '2030-03-01T06:30:00Z' where id = ${pid}`,
      );
      const post = (path: string, body: unknown) =>
        at(`/api/properties/${pid}${path}`, { method: "POST", body: JSON.stringify(body) });
      const type = await (await post("/room-types", { name: "Twin", capacity: 2, baseRate: 800 })).json();
      expect((await post("/rooms", { number: "1", roomTypeId: type.id })).status).toBe(201);
      const stay = await post("/reservations", {
        roomTypeId: type.id,
        checkInDate: "2030-03-02",
        checkOutDate: "2030-03-03",
      });
      expect(stay.status).toBe(201);
      await setup.close();
    });

    afterAll(async () => {
      for (const server of servers) await server.close();
      for (const database of databases) await database.close();
      await drop?.();
    });

    it("closes the three days missed, oldest first, each once, whichever instance gets there", async () => {
      // 04:00 on 4 March in Kolkata: the 1st, 2nd and 3rd are due (the 3rd closed at 03:00 on the 4th).
      const now = () => new Date("2030-03-03T22:30:00Z");
      for (let i = 0; i < 2; i++) {
        // Each instance with a pool of its own.
        const database = await openPostgres(url, { poolSize: 5 });
        databases.push(database);
        servers.push(await startListening(backend, {}, database, { dayCloses: { intervalMs: 20 }, now }));
      }
      const db = (databases[0] as Database).db;
      const deadline = Date.now() + 20_000;
      let closed: { date: string; closedAt: string }[] = [];
      while (Date.now() < deadline) {
        closed = await queryRows(
          db,
          sql`select to_char(date, 'YYYY-MM-DD') as date, closed_at::text as "closedAt" from day_closes
              where property_id = ${pid} order by date`,
        );
        if (closed.length >= 3) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // A few more passes of both: nothing more is due, nothing closes twice.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const rows = await queryRows<{ date: string }>(
        db,
        sql`select to_char(date, 'YYYY-MM-DD') as date from day_closes where property_id = ${pid} order by date`,
      );
      expect(rows.map((row) => row.date)).toEqual(["2030-03-01", "2030-03-02", "2030-03-03"]);
      const entries = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from activity where property_id = ${pid} and action = 'day.closed'`,
      );
      expect(entries[0]?.n).toBe(3);
      const [stay] = await queryRows<{ status: string }>(
        db,
        sql`select status from reservations where property_id = ${pid}`,
      );
      expect(stay?.status).toBe("no_show");
      const [property] = await queryRows<{ through: string }>(
        db,
        sql`select to_char(closed_through, 'YYYY-MM-DD') as through from properties where id = ${pid}`,
      );
      expect(property?.through).toBe("2030-03-03");
    });
  },
);
