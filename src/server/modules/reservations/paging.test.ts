import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { LIMITS } from "../../../domain/constants.js";
import { createReservation } from "../../test/factories.js";
import { describeBackends } from "../../test/harness.js";
import { reservationListStream } from "./list-stream.js";

describeBackends("reservations paging", (ctx) => {
  const url = (pid: string, query = "") => `/api/properties/${pid}/reservations${query}`;

  /**
   * 25 stays; the first 10 share one creation instant, so the id must break the tie. They are checked out:
   * the hotel has no rooms, and only stays that hold inventory need one.
   */
  async function hotel() {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const db = ctx().database.db;
    for (let i = 0; i < 25; i++) {
      await createReservation(db, pid, {
        checkInDate: "2030-04-01",
        checkOutDate: "2030-04-02",
        status: "checked_out",
      });
    }
    await db.execute(sql`
      update reservations set created_at = '2030-01-01T00:00:00Z'
      where id in (select id from reservations where property_id = ${pid} order by created_at limit 10)`);
    const all = (await ctx().request("GET", url(pid), { as: user })).json() as { id: string }[];
    return { user, pid, all: all.map((r) => r.id) };
  }

  it("walks the whole list newest first, page by page, without gaps or repeats", async () => {
    const { user, pid, all } = await hotel();
    expect(all).toHaveLength(25);
    const seen: string[] = [];
    let before = "";
    for (let page = 0; page < 10; page++) {
      const response = await ctx().request("GET", url(pid, `?limit=4${before}`), { as: user });
      expect(response.statusCode).toBe(200);
      const ids = (response.json() as { id: string }[]).map((r) => r.id);
      seen.push(...ids);
      if (ids.length < 4) break;
      before = `&before=${ids.at(-1)}`;
    }
    expect(seen).toEqual(all);
  });

  it("answers the first page alone when only a limit is given", async () => {
    const { user, pid, all } = await hotel();
    const response = await ctx().request("GET", url(pid, "?limit=7"), { as: user });
    expect(response.json().map((r: { id: string }) => r.id)).toEqual(all.slice(0, 7));
  });

  it.each([
    ["limit 0", "?limit=0"],
    ["a limit over the maximum", `?limit=${LIMITS.maxPageSize + 1}`],
    ["a fractional limit", "?limit=2.5"],
    ["a cursor that is not an id", "?limit=5&before=abc"],
    ["an unknown parameter", "?limit=5&offset=10"],
  ])("answers 400 for %s", async (_, query) => {
    const { user, pid } = await hotel();
    const response = await ctx().request("GET", url(pid, query), { as: user });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation");
  });

  it("refuses a cursor from another property", async () => {
    const mine = await hotel();
    const theirs = await hotel();
    const response = await ctx().request("GET", url(mine.pid, `?limit=5&before=${theirs.all[0]}`), {
      as: mine.user,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("before: no such reservation");
  });

  it("streams the whole list a page at a time: the same stays, in the same order, as the pages give", async () => {
    const { user, pid, all } = await hotel();
    const chunks: Buffer[] = [];
    const stream = await reservationListStream(ctx().database.db, pid, {}, 10);
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    // 25 stays at 10 a page: three pages and the closing bracket.
    expect(chunks).toHaveLength(4);
    expect(JSON.parse(Buffer.concat(chunks).toString("utf8")).map((r: { id: string }) => r.id)).toEqual(all);
    // The streamed list holds exactly what the schema-checked pages hold.
    const paged = await ctx().request("GET", url(pid, `?limit=${LIMITS.maxPageSize}`), { as: user });
    const whole = await ctx().request("GET", url(pid), { as: user });
    expect(whole.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(whole.json()).toEqual(paged.json());
    // A cursor without a limit: what follows it, to the end.
    const after = await ctx().request("GET", url(pid, `?before=${all[4]}`), { as: user });
    expect(after.json().map((r: { id: string }) => r.id)).toEqual(all.slice(5));
  });

  it("answers the whole list of a property without stays as an empty array, and a bad cursor with 400", async () => {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const empty = await ctx().request("GET", url(pid), { as: user });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe("[]");
    const theirs = await hotel();
    const refused = await ctx().request("GET", url(pid, `?before=${theirs.all[0]}`), { as: user });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe("before: no such reservation");
  });
});
