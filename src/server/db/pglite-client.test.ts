import type { PGlite, QueryOptions } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPglite } from "./connect.js";
import { TEXT_TYPE_PARSERS, withoutClientParsers } from "./pglite-client.js";
import { queryRows } from "./rows.js";
import { rooms } from "./schema.js";

describe("the PGlite client as Drizzle is given it", () => {
  it("is sent only parsers that keep types as text, and the client applies each of them", async () => {
    const sent: (QueryOptions | undefined)[] = [];
    const recorder = {
      async query(_text: string, _params?: unknown[], options?: QueryOptions) {
        sent.push(options);
        return { rows: [], fields: [], affectedRows: 0 };
      },
    };
    const db = drizzle({ client: recorder as unknown as PGlite });
    await db.execute(sql`select 1`);
    await db.select().from(rooms);
    expect(sent).toHaveLength(2);
    for (const options of sent) {
      const parsers = Object.entries(options?.parsers ?? {});
      expect(parsers.length).toBeGreaterThan(0);
      for (const [oid, parse] of parsers) {
        expect(TEXT_TYPE_PARSERS).toHaveProperty(oid);
        expect(parse("2030-01-01 12:00:00+00", Number(oid))).toBe("2030-01-01 12:00:00+00");
      }
      expect(withoutClientParsers(options)).not.toHaveProperty("parsers");
    }
  });

  it("passes parsers for any other type on unchanged", () => {
    const json = { parsers: { 114: (value: string) => value }, rowMode: "array" as const };
    expect(withoutClientParsers(json)).toBe(json);
    expect(withoutClientParsers({ rowMode: "array" })).toEqual({ rowMode: "array" });
    expect(withoutClientParsers(undefined)).toBeUndefined();
  });

  describe("on a real PGlite", () => {
    let database: Database;
    beforeAll(async () => {
      database = await openPglite(undefined);
    });
    afterAll(() => database.close());

    const read = async (db: Database["db"]) =>
      queryRows(
        db,
        sql`select '2030-01-01'::date as "day", '2030-01-01 12:00:00+00'::timestamptz as "at",
                            '{1.50}'::numeric[] as "amounts", '{2030-01-02}'::date[] as "days", 2::int as "two"`,
      );

    it("still reads dates, timestamps and numeric arrays as text, in and out of a transaction", async () => {
      const expected = {
        day: "2030-01-01",
        at: expect.stringMatching(/^2030-01-01 12:00:00/),
        amounts: "{1.50}",
        days: "{2030-01-02}",
        two: 2,
      };
      expect(await read(database.db)).toEqual([expected]);
      const inTransaction = await database.db.transaction((tx) => read(tx as unknown as Database["db"]));
      expect(inTransaction).toEqual([expected]);
    });

    it("rolls a failed transaction back", async () => {
      const count = async () => (await database.db.select().from(rooms)).length;
      const before = await count();
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`create table scratch (id int)`);
          throw new Error("no");
        }),
      ).rejects.toThrow("no");
      await expect(database.db.execute(sql`select * from scratch`)).rejects.toThrow();
      expect(await count()).toBe(before);
    });
  });
});
