/**
 * On PostgreSQL a statement the database refuses (a constraint, a raised exception: what a 409 is made of)
 * leaves its connection in the pool (connect.ts `AnswerKeepingPool`); pg's own pool closed it, so every
 * refusal cost the next request a new connection and the database a new backend process.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backends, openTestDatabase } from "../test/harness.js";
import { queryRows } from "./rows.js";

describe.runIf(backends().includes("postgres"))("the PostgreSQL pool", () => {
  it("keeps a connection whose statement the database refused, and answers the error", async () => {
    const database = await openTestDatabase("postgres");
    try {
      const backend = async () =>
        (await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`))[0]?.pid;
      // Up to the pool's size of connections, opened by statements running at once.
      const opened = new Set(await Promise.all(Array.from({ length: 20 }, () => backend())));
      for (let i = 0; i < 30; i++) {
        await expect(database.db.execute(sql`select 1 / 0`)).rejects.toThrow();
        await expect(
          database.db.execute(sql`do $$ begin raise exception 'sold out' using errcode = 'P0001'; end $$`),
        ).rejects.toThrow();
      }
      const after = new Set(await Promise.all(Array.from({ length: 20 }, () => backend())));
      expect([...after].filter((pid) => !opened.has(pid))).toEqual([]);
      expect(await backend()).toBeTypeOf("number");
    } finally {
      await database.close();
    }
  });
});
