import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ReservationStatus } from "../../../domain/constants.js";
import { foldForSearch } from "../../../domain/text.js";
import type { Db } from "../../db/connect.js";
import { reservations } from "../../db/schema.js";
import { createReservation, createRoom, createRoomType } from "../../test/factories.js";
import { describeBackends, type TestUser } from "../../test/harness.js";
import { matchesSearch } from "./filters.js";

type Stay = {
  code: string;
  guestName?: string;
  guestPhone?: string;
  guestEmail?: string;
  status: ReservationStatus;
  checkInDate: string;
  checkOutDate: string;
};

/** Created in this order, so the list (newest first) answers them in the reverse one. */
const STAYS: Stay[] = [
  {
    code: "RES-AB12C",
    guestName: "Priya Sharma",
    guestPhone: "+91 98765 43210",
    guestEmail: "priya@example.com",
    status: "booked",
    checkInDate: "2030-03-10",
    checkOutDate: "2030-03-13",
  },
  {
    code: "RES-XY99Z",
    guestName: "John O'Brien",
    guestPhone: "+1 555 0100",
    guestEmail: "JOHN.OBRIEN@Mail.COM",
    status: "checked_in",
    checkInDate: "2030-03-08",
    checkOutDate: "2030-03-11",
  },
  {
    code: "RES-QQ100",
    guestName: "50% Off_Guest",
    status: "checked_out",
    checkInDate: "2030-03-01",
    checkOutDate: "2030-03-10",
  },
  {
    code: "RES-CAN01",
    guestName: "Back\\Slash Guest",
    guestPhone: "020 7946 0018",
    status: "cancelled",
    checkInDate: "2030-03-10",
    checkOutDate: "2030-03-12",
  },
  {
    code: "RES-NOS01",
    guestName: "Nina Show",
    guestEmail: "nina@example.org",
    status: "no_show",
    checkInDate: "2030-03-10",
    checkOutDate: "2030-03-11",
  },
];
const HOLDS_ROOM = new Set<ReservationStatus>(["booked", "checked_in"]);

describeBackends("reservation search", (ctx) => {
  const url = (pid: string, query: string) => `/api/properties/${pid}/reservations?${query}`;

  /** A hotel with STAYS (each stay that holds a room has its own), and a second hotel with a look-alike. */
  async function hotels() {
    const db = ctx().database.db;
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const type = await createRoomType(db, pid);
    for (const stay of STAYS) {
      const room = HOLDS_ROOM.has(stay.status) ? await createRoom(db, pid, { roomType: type }) : null;
      await createReservation(db, pid, { ...stay, room });
    }
    const other = await ctx().signIn();
    const otherPid = await ctx().propertyOf(other);
    await createReservation(db, otherPid, {
      code: "RES-AB12D",
      guestName: "Priya Sharma",
      guestPhone: "+91 98765 43210",
      guestEmail: "priya@example.com",
      status: "checked_out",
      checkInDate: "2030-03-10",
      checkOutDate: "2030-03-13",
    });
    return { user, pid, other, otherPid };
  }

  async function codes(user: TestUser, pid: string, query: string): Promise<string[]> {
    const response = await ctx().request("GET", url(pid, query), { as: user });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { code: string }[]).map((r) => r.code);
  }

  /** The codes of STAYS that pass `keep`, newest first (as the list answers them). */
  const expected = (keep: (stay: Stay) => boolean) =>
    STAYS.filter(keep)
      .map((stay) => stay.code)
      .reverse();

  it.each([
    ["a part of the code", "ab12", ["RES-AB12C"]],
    ["the code in another case", "res-xy99z", ["RES-XY99Z"]],
    ["a part of the name", "SHARMA", ["RES-AB12C"]],
    ["a name with an apostrophe", "o'bri", ["RES-XY99Z"]],
    ["a part of the phone", "98765 432", ["RES-AB12C"]],
    ["another phone", "555 01", ["RES-XY99Z"]],
    ["a part of the email", "mail.com", ["RES-XY99Z"]],
    ["an email in another case", "PRIYA@EX", ["RES-AB12C"]],
    ["text around spaces", "  nina  ", ["RES-NOS01"]],
    ["what several stays share", "guest", ["RES-CAN01", "RES-QQ100"]],
    ["nothing", "zzz", []],
  ])("matches %s", async (_, q, want) => {
    const { user, pid } = await hotels();
    expect(await codes(user, pid, `q=${encodeURIComponent(q)}`)).toEqual(want);
  });

  it("answers every stay for a blank search", async () => {
    const { user, pid } = await hotels();
    const all = expected(() => true);
    expect(await codes(user, pid, "")).toEqual(all);
    expect(await codes(user, pid, "q=")).toEqual(all);
    expect(await codes(user, pid, "q=%20%20")).toEqual(all);
    expect(await codes(user, pid, "q=&status=&arrivingOn=&departingOn=&inHouseOn=")).toEqual(all);
  });

  it("never matches across two fields", async () => {
    const { user, pid } = await hotels();
    // The name ends "Sharma" and the phone starts "+91"; the code ends "12C" and the name starts "Priya".
    expect(await codes(user, pid, `q=${encodeURIComponent("sharma +91")}`)).toEqual([]);
    expect(await codes(user, pid, `q=${encodeURIComponent("12cpriya")}`)).toEqual([]);
    expect(await codes(user, pid, `q=${encodeURIComponent("12c priya")}`)).toEqual([]);
  });

  it.each([
    ["50% off", ["RES-QQ100"]],
    ["f_g", ["RES-QQ100"]],
    ["k\\s", ["RES-CAN01"]],
    ["o_b", ["RES-XY99Z"]],
    ["%%", expected(() => true)],
    ["'", expected(() => true)],
  ])("ignores punctuation in %j (only punctuation is a blank search)", async (q, want) => {
    const { user, pid } = await hotels();
    expect(await codes(user, pid, `q=${encodeURIComponent(q)}`)).toEqual(want);
  });

  it.each([
    ["mull", "RES-FOLD1"],
    ["MÜLLER", "RES-FOLD1"],
    ["Mu\u0308ller", "RES-FOLD1"],
    ["oneill", "RES-FOLD2"],
    ["o’neill", "RES-FOLD2"],
    ["O'NEILL", "RES-FOLD3"],
    ["rao", "RES-FOLD3"],
    ["strasse", "RES-FOLD4"],
    ["lodz", "RES-FOLD5"],
    ["sorensen", "RES-FOLD6"],
    ["pena", "RES-FOLD7"],
    ["jean paul", "RES-FOLD8"],
    ["jeanpaul", "RES-FOLD8"],
    ["राव", "RES-FOLD9"],
  ])("folds accents, case and punctuation: %j finds %s", async (q, code) => {
    const db = ctx().database.db;
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const names = [
      "Anna Müller",
      "Seán O'Neill",
      "ASHA RAO-O’NEILL",
      "Straße Hotel",
      "Łódź Travel",
      "Søren Sørensen",
      "Ana Peña",
      "Jean-Paul Sartre",
      "आशा राव",
    ];
    for (const [i, guestName] of names.entries()) {
      await createReservation(db, pid, {
        code: `RES-FOLD${i + 1}`,
        guestName,
        status: "checked_out",
        checkInDate: "2030-05-01",
        checkOutDate: "2030-05-02",
      });
    }
    const found = await codes(user, pid, `q=${encodeURIComponent(q)}`);
    expect(found).toContain(code);
    // Only names that fold to something containing the search.
    const want = names
      .map((name, i) => ({ name, code: `RES-FOLD${i + 1}` }))
      .filter(
        ({ name, code }) =>
          foldForSearch(name).includes(foldForSearch(q)) || foldForSearch(code).includes(foldForSearch(q)),
      )
      .map(({ code }) => code)
      .reverse();
    expect(found).toEqual(want);
  });

  it.each([
    ["booked", ["booked"]],
    ["no_show", ["no_show"]],
    ["cancelled,no_show", ["cancelled", "no_show"]],
    ["booked, checked_in,booked", ["booked", "checked_in"]],
    ["checked_out,", ["checked_out"]],
  ])("filters by status %j", async (status, want) => {
    const { user, pid } = await hotels();
    expect(await codes(user, pid, `status=${encodeURIComponent(status)}`)).toEqual(
      expected((stay) => want.includes(stay.status)),
    );
  });

  it("filters arrivals, departures and stays in house, whatever their status", async () => {
    const { user, pid } = await hotels();
    expect(await codes(user, pid, "arrivingOn=2030-03-10")).toEqual(["RES-NOS01", "RES-CAN01", "RES-AB12C"]);
    expect(await codes(user, pid, "departingOn=2030-03-10")).toEqual(["RES-QQ100"]);
    expect(await codes(user, pid, "departingOn=2030-03-11")).toEqual(["RES-NOS01", "RES-XY99Z"]);
    // In house the night of the 10th: arrived on or before it, leaving after it (RES-QQ100 leaves that day).
    expect(await codes(user, pid, "inHouseOn=2030-03-10")).toEqual([
      "RES-NOS01",
      "RES-CAN01",
      "RES-XY99Z",
      "RES-AB12C",
    ]);
    expect(await codes(user, pid, "inHouseOn=2030-03-01")).toEqual(["RES-QQ100"]);
    expect(await codes(user, pid, "inHouseOn=2030-03-13")).toEqual([]);
    expect(await codes(user, pid, "arrivingOn=2031-01-01")).toEqual([]);
  });

  it("narrows the date filters by status when it is given", async () => {
    const { user, pid } = await hotels();
    expect(await codes(user, pid, "arrivingOn=2030-03-10&status=booked")).toEqual(["RES-AB12C"]);
    expect(await codes(user, pid, "inHouseOn=2030-03-10&status=booked,checked_in")).toEqual([
      "RES-XY99Z",
      "RES-AB12C",
    ]);
    expect(await codes(user, pid, "departingOn=2030-03-11&status=no_show")).toEqual(["RES-NOS01"]);
    expect(await codes(user, pid, "departingOn=2030-03-10&status=booked")).toEqual([]);
  });

  it("combines every filter with AND", async () => {
    const { user, pid } = await hotels();
    expect(await codes(user, pid, "q=guest&status=checked_out")).toEqual(["RES-QQ100"]);
    expect(await codes(user, pid, "q=guest&inHouseOn=2030-03-11")).toEqual(["RES-CAN01"]);
    expect(await codes(user, pid, "q=sharma&arrivingOn=2030-03-10&departingOn=2030-03-13")).toEqual([
      "RES-AB12C",
    ]);
    expect(await codes(user, pid, "q=sharma&arrivingOn=2030-03-11")).toEqual([]);
    expect(
      await codes(user, pid, "q=example&status=booked,no_show&arrivingOn=2030-03-10&inHouseOn=2030-03-10"),
    ).toEqual(["RES-NOS01", "RES-AB12C"]);
    expect(await codes(user, pid, "q=example&status=booked&departingOn=2030-03-11")).toEqual([]);
  });

  it("never answers another property's stays", async () => {
    const { user, pid, other, otherPid } = await hotels();
    for (const query of ["q=priya", "q=ab12", "q=98765", "arrivingOn=2030-03-10", "inHouseOn=2030-03-12"]) {
      expect(await codes(user, pid, query)).not.toContain("RES-AB12D");
    }
    expect(await codes(other, otherPid, "q=priya")).toEqual(["RES-AB12D"]);
    expect(await codes(other, otherPid, "q=nina")).toEqual([]);
    expect(await codes(other, otherPid, "status=booked")).toEqual([]);
    // Not even by asking for the other property's list.
    const response = await ctx().request("GET", url(otherPid, "q=priya"), { as: user });
    expect(response.statusCode).toBe(404);
  });

  describe("keyset pages of a search", () => {
    /** 30 stays; two in three are Smiths and every third one is cancelled; ten share one creation instant. */
    async function smiths() {
      const db = ctx().database.db;
      const user = await ctx().signIn();
      const pid = await ctx().propertyOf(user);
      for (let i = 0; i < 30; i++) {
        await createReservation(db, pid, {
          code: `RES-K${String(i).padStart(4, "0")}`,
          guestName: i % 3 === 2 ? `Guest ${i}` : `Ann Smith ${i}`,
          status: i % 3 === 0 ? "cancelled" : "checked_out",
          checkInDate: "2030-04-01",
          checkOutDate: i % 2 === 0 ? "2030-04-02" : "2030-04-03",
        });
      }
      await db.execute(sql`
        update reservations set created_at = '2030-01-01T00:00:00Z'
        where id in (select id from reservations where property_id = ${pid} order by created_at limit 10)`);
      return { user, pid };
    }

    async function walk(user: TestUser, pid: string, filter: string, size: number) {
      const seen: string[] = [];
      let before = "";
      for (let page = 0; page < 40; page++) {
        const ids = (await ctx().request("GET", url(pid, `${filter}&limit=${size}${before}`), { as: user }))
          .json()
          .map((r: { id: string }) => r.id) as string[];
        expect(ids.length).toBeLessThanOrEqual(size);
        seen.push(...ids);
        if (ids.length < size) return seen;
        before = `&before=${ids.at(-1)}`;
      }
      throw new Error("the pages never ended");
    }

    it.each([
      ["q=smith", 20],
      ["q=smith&status=checked_out", 10],
      ["status=cancelled", 10],
      ["q=ann&departingOn=2030-04-03", 10],
      ["inHouseOn=2030-04-02&status=checked_out,cancelled", 15],
      ["q=SMITH&status=cancelled&arrivingOn=2030-04-01&inHouseOn=2030-04-01", 10],
    ])("walks %s newest first, without gaps or repeats", async (filter, matches) => {
      const { user, pid } = await smiths();
      const whole = (await ctx().request("GET", url(pid, filter), { as: user })).json() as {
        id: string;
        createdAt: string;
      }[];
      expect(whole).toHaveLength(matches);
      const created = whole.map((r) => r.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      for (const size of [1, 3, 4]) {
        expect(await walk(user, pid, filter, size)).toEqual(whole.map((r) => r.id));
      }
    });

    it("counts every match of the filters in x-total-count when asked, on every page", async () => {
      const { user, pid } = await smiths();
      for (const [filter, matches] of [
        ["q=smith", 20],
        ["status=cancelled", 10],
        ["inHouseOn=2030-04-02&status=checked_out,cancelled", 15],
        ["q=nobody", 0],
      ] as const) {
        const first = await ctx().request("GET", url(pid, `${filter}&limit=3&total=true`), { as: user });
        expect(first.headers["x-total-count"], filter).toBe(String(matches));
        const last = first.json().at(-1)?.id;
        if (last) {
          const next = await ctx().request("GET", url(pid, `${filter}&limit=3&before=${last}&total=true`), {
            as: user,
          });
          expect(next.headers["x-total-count"]).toBe(String(matches));
        }
      }
      const plain = await ctx().request("GET", url(pid, "q=smith&limit=3"), { as: user });
      expect(plain.headers["x-total-count"]).toBeUndefined();
      const bad = await ctx().request("GET", url(pid, "q=smith&total=yes"), { as: user });
      expect(bad.statusCode).toBe(400);
    });

    it("pages on from a cursor that does not match the search itself", async () => {
      const { user, pid } = await smiths();
      const all = (await ctx().request("GET", url(pid, ""), { as: user })).json() as {
        id: string;
        guestName: string;
      }[];
      const cursor = all.findIndex((r) => r.guestName.startsWith("Guest"));
      const after = all.slice(cursor + 1).filter((r) => r.guestName.includes("Smith"));
      const page = (
        await ctx().request("GET", url(pid, `q=smith&limit=200&before=${all[cursor]?.id}`), { as: user })
      ).json() as { id: string }[];
      expect(page.map((r) => r.id)).toEqual(after.map((r) => r.id));
    });
  });

  it("matches as the domain's fold does, whatever the search (property)", async () => {
    const db = ctx().database.db;
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const names = ["a%b", "a_b", "a\\b", "axb", "A%B_c\\", "%", "_", "\\", "ab", "b%a", "Ärger", "X’Bä"];
    for (const [i, guestName] of names.entries()) {
      await createReservation(db, pid, {
        code: `RES-L${i}`,
        guestName,
        status: "checked_out",
        checkInDate: "2030-05-01",
        checkOutDate: "2030-05-02",
      });
    }
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom("a", "B", "%", "_", "\\", "x", "Ä", "’", "-", " "), minLength: 1 }),
        async (q) => {
          const want = names
            .map((name, i) => ({ name, code: `RES-L${i}` }))
            .filter(({ name, code }) =>
              [code, name].some((text) => foldForSearch(text).includes(foldForSearch(q))),
            )
            .map(({ code }) => code)
            .reverse();
          expect(await codes(user, pid, `q=${encodeURIComponent(q)}`)).toEqual(want);
        },
      ),
      { numRuns: 40 },
    );
  });

  it.each([
    ["an unknown status", "status=arrived", 'status: unknown status "arrived"'],
    ["a status in capitals", "status=BOOKED", "status: unknown status"],
    ["one unknown status among known ones", "status=booked,gone", 'unknown status "gone"'],
    ["an impossible arrival date", "arrivingOn=2030-02-30", "arrivingOn: must be a real calendar date"],
    ["a departure date that is not a date", "departingOn=tomorrow", "departingOn: must be a real"],
    ["an in-house date without dashes", "inHouseOn=20300301", "inHouseOn: must be a real"],
    ["a search over 100 characters", `q=${"x".repeat(101)}`, "q: must be at most 100 characters"],
    ["a search with a control character", "q=a%1Fb", "q: must be text without control characters"],
    ["a search with a NUL", "q=a%00b", "q: must be text without control characters"],
    ["a search given twice", "q=a&q=b", "q:"],
    ["a status given twice", "status=booked&status=cancelled", "status:"],
    ["a limit over 200", "q=a&limit=201", "limit:"],
    ["an unknown filter", "guest=priya", ""],
  ])("answers 400 for %s", async (_, query, message) => {
    const { user, pid } = await hotels();
    const response = await ctx().request("GET", url(pid, query), { as: user });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe("validation");
    expect(response.json().error.message).toContain(message);
  });

  it("never answers 5xx, whatever the query string", async () => {
    const { user, pid } = await hotels();
    // Encoded values, and raw escapes no encoder would write (a CESU-8 surrogate, an overlong NUL, bad hex).
    const values = fc.oneof(
      fc.string().map(encodeURIComponent),
      fc.string({ unit: "binary" }).map((s) => encodeURIComponent(s.replace(/\p{Cs}/gu, "\uFFFD"))),
      fc.constantFrom(
        "2030-03-10",
        "booked%2Cno_show",
        "%25",
        "%5C",
        "%ED%A0%80",
        "%C0%80",
        "%FF",
        "%ZZ",
        "'",
        "",
      ),
    );
    const keys = fc.constantFrom("q", "status", "arrivingOn", "departingOn", "inHouseOn", "limit", "before");
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(keys, values), { maxLength: 4 }), async (pairs) => {
        const query = pairs.map(([key, value]) => `${key}=${value}`).join("&");
        const response = await ctx().request("GET", url(pid, query), { as: user });
        expect([200, 400], `${query}: ${response.body}`).toContain(response.statusCode);
      }),
      { numRuns: 60 },
    );
  });

  describe("indexes", () => {
    async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
      return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    }

    it("has the trigram index over the searched text, property first", async () => {
      const [index] = await rows<{ indexdef: string }>(
        ctx().database.db,
        sql`select indexdef from pg_indexes where tablename = 'reservations' and indexname = 'reservations_search_idx'`,
      );
      expect(index?.indexdef).toMatch(
        /USING gin \(property_id, \(+innkeep_fold\(code\).*innkeep_fold\(guest_email\)\)+ gin_trgm_ops\)/,
      );
    });

    it("searches through it: the query's expression is the index's", async () => {
      const { db } = ctx().database;
      const plan = await db.transaction(async (tx) => {
        // Reading the table whole, or in another index's order, is all a planner could do instead.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const query = tx
          .select({ id: reservations.id })
          .from(reservations)
          .where(matchesSearch("50%_sharma"))
          .toSQL();
        const result = await tx.execute(sql.raw(`explain ${inline(query.sql, query.params)}`));
        return (result as unknown as { rows: { "QUERY PLAN": string }[] }).rows.map((r) => r["QUERY PLAN"]);
      });
      // On Citus the index is the shard's copy (reservations_search_idx_102008).
      expect(plan.join("\n")).toMatch(/Bitmap Index Scan on reservations_search_idx(_\d+)?\s/);
    });
  });
});

/** The query with its parameters written in as literals (EXPLAIN takes no parameters). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n) => `'${String(params[Number(n) - 1]).replaceAll("'", "''")}'`);
}
