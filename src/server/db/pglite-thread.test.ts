import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgliteThread, startPgliteThread } from "./pglite-thread.js";

const DRIZZLE_TEXT = { parsers: { 1082: (value: string) => value } }; // date, as Drizzle's driver sends it

describe("PGlite on its own thread", () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await startPgliteThread({ sharedBuffers: "16MB" });
    await thread.client.query("create table t (id int primary key, day date, note text)");
  });
  afterAll(() => thread.close());

  it("answers a query with its rows, keeping dates as the text PostgreSQL sends", async () => {
    await thread.client.query("insert into t values (1, '2030-01-02', 'a')");
    const result = await thread.client.query("select id, day from t where id = $1", [1], DRIZZLE_TEXT);
    expect(result.rows).toEqual([{ id: 1, day: "2030-01-02" }]);
    const array = await thread.client.query("select id, note from t where id = 1", [], { rowMode: "array" });
    expect(array.rows).toEqual([[1, "a"]]);
  });

  it("refuses parsers it cannot apply instead of ignoring them", async () => {
    const json = { parsers: { 114: (value: string) => value } };
    await expect(thread.client.query("select 1", [], json)).rejects.toThrow(/parsers/);
  });

  it("throws a database error with its SQLSTATE, constraint and detail", async () => {
    const error = await thread.client.query("insert into t values (1, null, 'again')").catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "t_pkey", table: "t" });
    expect(error.detail).toContain("(id)=(1)");
    expect(error.message).toContain("duplicate key");
  });

  it("commits a transaction's work, and rolls all of it back when the work fails", async () => {
    await thread.client.transaction(async (tx) => {
      await tx.query("insert into t values (10, null, 'kept')");
      await tx.query("insert into t values (11, null, 'kept')");
    });
    const failed = thread.client.transaction(async (tx) => {
      await tx.query("insert into t values (12, null, 'gone')");
      throw new Error("the work failed");
    });
    await expect(failed).rejects.toThrow("the work failed");
    const aborted = thread.client.transaction(async (tx) => {
      await tx.query("insert into t values (13, null, 'gone')");
      await tx.query("insert into t values (10, null, 'duplicate')");
    });
    await expect(aborted).rejects.toMatchObject({ code: "23505" });
    const { rows } = await thread.client.query("select id from t where id >= 10 order by id");
    expect(rows).toEqual([{ id: 10 }, { id: 11 }]);
  });

  it("runs a query sent while a transaction is open after that transaction, as PGlite does", async () => {
    const order: string[] = [];
    const inside = thread.client.transaction(async (tx) => {
      await tx.query("insert into t values (20, null, 'first')");
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push("transaction");
    });
    const outside = thread.client.query("select count(*)::int as n from t where id = 20").then((r) => {
      order.push("query");
      return r.rows;
    });
    await inside;
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(["transaction", "query"]);
  });

  it("delivers NOTIFY to the main thread's listeners until they stop", async () => {
    const heard: string[] = [];
    const stop = await thread.listen("thread_test", (payload) => heard.push(payload));
    await thread.client.query("select pg_notify('thread_test', 'one')");
    await expect.poll(() => heard).toEqual(["one"]);
    await stop();
    await thread.client.query("select pg_notify('thread_test', 'two')");
    await thread.client.query("select 1");
    expect(heard).toEqual(["one"]);
  });

  it("dumps its data directory, and a thread started from the dump has the same rows", async () => {
    const dump = await thread.dump();
    const copy = await startPgliteThread({ sharedBuffers: "16MB", loadDataDir: await dump.arrayBuffer() });
    try {
      const { rows } = await copy.client.query("select id from t order by id");
      expect(rows).toEqual([{ id: 1 }, { id: 10 }, { id: 11 }, { id: 20 }]);
    } finally {
      await copy.close();
    }
  });

  it("fails what it was asked once its thread has stopped, instead of leaving it waiting", async () => {
    const closed = await startPgliteThread({ sharedBuffers: "16MB" });
    await closed.close();
    await expect(closed.client.query("select 1")).rejects.toThrow(/stopped/);
  });
});
