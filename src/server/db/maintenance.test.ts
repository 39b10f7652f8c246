/**
 * PGlite's stand-in for autovacuum: autovacuum's thresholds decide, a table written through the app gets
 * statistics and is vacuumed, a quiet one is left alone, and nothing runs on PostgreSQL (it has autovacuum).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { upsertUser } from "../auth/sessions.js";
import { getOrCreateFirstProperty } from "../modules/properties/index.js";
import { createRooms, createRoomType } from "../test/factories.js";
import { backends, openTestDatabase } from "../test/harness.js";
import type { Database } from "./connect.js";
import {
  maintainOnce,
  maintenanceWork,
  startMaintenance,
  type TableChanges,
  type Work,
} from "./maintenance.js";

const table = (changes: Partial<TableChanges>): TableChanges => ({
  table: "t",
  reltuples: -1,
  dead: 0,
  modifiedSinceAnalyze: 0,
  insertedSinceVacuum: 0,
  ...changes,
});

describe("maintenanceWork (autovacuum's thresholds)", () => {
  it("analyzes after 50 + 10 % of the rows changed, vacuums after 50 + 20 % dead or 1,000 + 20 % inserted", () => {
    expect(maintenanceWork([table({ modifiedSinceAnalyze: 50 })])).toEqual([]);
    expect(maintenanceWork([table({ modifiedSinceAnalyze: 51 })])).toEqual([
      { table: "t", analyze: true, vacuum: false },
    ]);
    expect(maintenanceWork([table({ reltuples: 10_000, modifiedSinceAnalyze: 1_050 })])).toEqual([]);
    expect(maintenanceWork([table({ reltuples: 10_000, dead: 2_051 })])).toEqual([
      { table: "t", analyze: false, vacuum: true },
    ]);
    expect(maintenanceWork([table({ reltuples: 10_000, insertedSinceVacuum: 3_000 })])).toEqual([]);
    expect(
      maintenanceWork([
        table({ table: "a", reltuples: 10_000, insertedSinceVacuum: 3_001, modifiedSinceAnalyze: 3_001 }),
        table({ table: "b" }),
      ]),
    ).toEqual([{ table: "a", analyze: true, vacuum: true }]);
  });
});

async function stats(database: Database, name: string) {
  const result = await database.db.execute(sql`
    select c.reltuples::int as rows, s.analyze_count::int as analyzed, s.vacuum_count::int as vacuumed
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = ${name}`);
  return (result as unknown as { rows: { rows: number; analyzed: number; vacuumed: number }[] }).rows[0];
}

async function hotel(database: Database): Promise<string> {
  const userId = await upsertUser(database.db, {
    issuer: "https://maintenance.test",
    subject: "m",
    email: "m@example.com",
    emailVerified: true,
    displayName: null,
  });
  return (await getOrCreateFirstProperty(database.db, { id: userId, name: "M" })).property.id;
}

/** Counters reach pg_stat_user_tables at most once a second; the next transaction's end sends them now. */
async function flushCounters(database: Database) {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  await database.db.execute(sql`select 1`);
}

describe("table maintenance [pglite]", () => {
  it("analyzes and vacuums the tables that changed enough, once, and leaves the rest", async () => {
    const database = await openTestDatabase("pglite");
    try {
      const pid = await hotel(database);
      const type = await createRoomType(database.db, pid);
      const numbers = Array.from({ length: 1_200 }, (_, i) => String(1000 + i));
      await createRooms(database.db, pid, numbers, type);
      await flushCounters(database);
      const before = await stats(database, "rooms");
      const work = await maintainOnce(database);
      expect(work).toContainEqual({ table: "rooms", analyze: true, vacuum: true });
      expect(work.map((w) => w.table)).not.toContain("webhooks");
      const after = await stats(database, "rooms");
      expect(after?.rows).toBe(1_200);
      expect(after?.analyzed).toBe((before?.analyzed ?? 0) + 1);
      expect(after?.vacuumed).toBe((before?.vacuumed ?? 0) + 1);
      // The counters start again from the round: nothing is left to do for the table.
      await flushCounters(database);
      expect((await maintainOnce(database)).map((w) => w.table)).not.toContain("rooms");
    } finally {
      await database.close();
    }
  });
});

for (const backend of backends()) {
  describe(`table maintenance on a timer [${backend}]`, () => {
    it("runs rounds on a timer on PGlite only (PostgreSQL has autovacuum), and stops", async () => {
      const database = await openTestDatabase(backend);
      try {
        const pid = await hotel(database);
        await createRooms(
          database.db,
          pid,
          Array.from({ length: 100 }, (_, i) => String(1000 + i)),
        );
        await flushCounters(database);
        const rounds: Work[][] = [];
        const errors: unknown[] = [];
        const maintenance = startMaintenance(database, {
          everyMs: 20,
          onRound: (work) => rounds.push(work),
          onError: (error) => errors.push(error),
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        await maintenance.stop();
        const count = rounds.length;
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(rounds.length).toBe(count); // stopped
        expect(errors).toEqual([]);
        if (backend === "pglite") {
          expect(rounds.flat()).toContainEqual({ table: "rooms", analyze: true, vacuum: false });
        } else {
          expect(rounds).toEqual([]);
        }
      } finally {
        await database.close();
      }
    });
  });
}

for (const backend of backends()) {
  describe(`the reservation search index under ANALYZE [${backend}]`, () => {
    it("keeps no statistics of its expression, so ANALYZE never evaluates innkeep_fold per sampled row", async () => {
      const database = await openTestDatabase(backend);
      try {
        const target = await database.db.execute(sql`
          select a.attstattarget::int as "target" from pg_attribute a
          where a.attrelid = 'reservations_search_idx'::regclass and a.attnum = 2`);
        expect((target as unknown as { rows: { target: number }[] }).rows).toEqual([{ target: 0 }]);
        await database.db.execute(sql`analyze reservations`);
        const stats = await database.db.execute(
          sql`select count(*)::int as "n" from pg_stats where tablename = 'reservations_search_idx'`,
        );
        expect((stats as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 0 }]);
      } finally {
        await database.close();
      }
    });
  });
}
