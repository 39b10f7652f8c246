/**
 * A keyed request that fails because the database went away mid-way keeps nothing: its claim was in the
 * transaction that died with the connection, so the client's retry runs at once instead of waiting out a
 * claim (docs/product.md#idempotency). Database servers only (PostgreSQL, Citus): an embedded database cannot
 * drop its connection.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countReservations } from "../test/factories.js";
import { backends, useTestContext } from "../test/harness.js";
import { reservationApi } from "../test/reservation-api.js";

for (const backend of backends().filter((name) => name !== "pglite")) {
  describe(`Idempotency-Key through a database blip [${backend}]`, () => {
    const ctx = useTestContext(backend);
    const { url, hotel } = reservationApi(ctx);

    it("lets the retry of a request cut off by the database run at once", async () => {
      const { user, pid, room, db } = await hotel();
      const body = { roomId: room.id, checkInDate: "2030-06-10", checkOutDate: "2030-06-12" };
      const keyed = () =>
        ctx().request("POST", url(pid), { as: user, body, headers: { "idempotency-key": "blip" } });
      // Hold the create inside its transaction long enough to cut its connection.
      // One statement per call: Citus sends DDL on to the workers one command at a time.
      await db.execute(
        sql.raw(`create function test_blip_sleep() returns trigger language plpgsql as $$
          begin perform pg_sleep(2); return new; end $$`),
      );
      await db.execute(
        sql.raw(
          "create trigger test_blip before insert on reservations for each row execute function test_blip_sleep()",
        ),
      );
      const cut = keyed();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query like '%reservation%'`);
      const failed = await cut;
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      await db.execute(sql.raw("drop trigger test_blip on reservations"));
      await db.execute(sql.raw("drop function test_blip_sleep()"));

      const started = Date.now();
      const retry = await keyed();
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.headers["idempotent-replayed"]).toBeUndefined();
      // At once: not after a claim's wait (10 s) or its abandonment (60 s).
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await countReservations(db, pid)).toBe(1);
    });
  });
}
