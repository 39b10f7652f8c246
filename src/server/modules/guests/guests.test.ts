/**
 * Guest profiles over HTTP (docs/product.md#guests): one profile per person across stays, search, the
 * profile with its stays, edits that reach the stays, merge, and the checks on each.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/rows.js";
import { guests as guestsTable } from "../../db/schema.js";
import { addMember } from "../../hardening/support.js";
import { describeBackends, type TestUser } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";
import { guestMatches } from "./search.js";

describeBackends("guest profiles", (ctx) => {
  const { hotel, post } = reservationApi(ctx);
  const guests = (pid: string) => `/api/properties/${pid}/guests`;
  const get = (user: TestUser, url: string) => ctx().request("GET", url, { as: user });
  const send = (user: TestUser, method: "POST" | "PATCH", url: string, body?: unknown) =>
    ctx().request(method, url, { as: user, body });
  const count = async (table: string) =>
    Number(
      (
        (await ctx().database.db.execute(`select count(*)::int as n from ${table}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n,
    );

  async function bookFor(
    user: TestUser,
    pid: string,
    roomId: string,
    body: Record<string, unknown>,
    night: string,
  ) {
    const next = new Date(Date.parse(`${night}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const response = await post(user, pid, { roomId, checkInDate: night, checkOutDate: next, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; guestId: string; guestName: string; total: number };
  }

  describe("a booking", () => {
    it("makes a profile from the guest fields, and a returning guest's booking joins theirs", async () => {
      const { user, pid, room } = await hotel();
      const first = await bookFor(
        user,
        pid,
        room.id,
        { guestName: "Zoë Ångström", guestEmail: "zoe@example.com", guestPhone: "+46 70 123" },
        "2030-03-01",
      );
      const profile = (await get(user, `${guests(pid)}/${first.guestId}`)).json();
      expect(profile).toMatchObject({
        id: first.guestId,
        name: "Zoë Ångström",
        email: "zoe@example.com",
        phone: "+46 70 123",
        language: "en",
        anonymizedAt: null,
      });
      const second = await bookFor(user, pid, room.id, { guestId: first.guestId }, "2030-04-01");
      expect(second).toMatchObject({ guestId: first.guestId, guestName: "Zoë Ångström" });
      const detail = (await get(user, `${guests(pid)}/${first.guestId}`)).json();
      expect(detail.stays.map((stay: { id: string }) => stay.id)).toEqual([second.id, first.id]);
      expect(detail).toMatchObject({ nights: 2, revenue: first.total + second.total });
      const stay = (await get(user, `/api/properties/${pid}/reservations/${second.id}`)).json();
      expect(stay.guestStayNumber).toBe(2);
    });

    it("updates a returning guest's profile with the contact details sent, on every stay", async () => {
      const { user, pid, room } = await hotel();
      const first = await bookFor(user, pid, room.id, { guestName: "Asha Rao" }, "2030-03-01");
      await bookFor(
        user,
        pid,
        room.id,
        { guestId: first.guestId, guestPhone: "+91 98765 43210" },
        "2030-03-05",
      );
      const old = (await get(user, `/api/properties/${pid}/reservations/${first.id}`)).json();
      expect(old).toMatchObject({ guestName: "Asha Rao", guestPhone: "+91 98765 43210" });
      // A field left blank keeps what the profile holds.
      const blank = await bookFor(
        user,
        pid,
        room.id,
        { guestId: first.guestId, guestName: "", guestPhone: "" },
        "2030-03-09",
      );
      expect(blank).toMatchObject({ guestName: "Asha Rao", guestPhone: "+91 98765 43210" });
    });

    it("refuses another property's guest as 404 naming the field, writing nothing", async () => {
      const a = await hotel();
      const b = await hotel();
      const theirs = await bookFor(b.user, b.pid, b.room.id, { guestName: "Other" }, "2030-03-01");
      const before = await count("reservations");
      const response = await post(a.user, a.pid, {
        guestId: theirs.guestId,
        roomId: a.room.id,
        checkInDate: "2030-03-01",
        checkOutDate: "2030-03-02",
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ code: "not_found", fields: [{ field: "guestId" }] });
      expect(await count("reservations")).toBe(before);
    });
  });

  describe("the stay's guest fields are the profile's", () => {
    it("edits the profile from a stay, with one entry, and the other stays show it", async () => {
      const { user, pid, room } = await hotel();
      const first = await bookFor(user, pid, room.id, { guestName: "Asha Rao" }, "2030-03-01");
      const second = await bookFor(user, pid, room.id, { guestId: first.guestId }, "2030-03-05");
      const edited = await send(user, "PATCH", `/api/properties/${pid}/reservations/${first.id}`, {
        guestName: "Asha Rao-Iyer",
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect((await get(user, `/api/properties/${pid}/reservations/${second.id}`)).json().guestName).toBe(
        "Asha Rao-Iyer",
      );
      expect((await get(user, `${guests(pid)}/${first.guestId}`)).json().name).toBe("Asha Rao-Iyer");
      const log = (await get(user, `/api/properties/${pid}/activity?limit=5`)).json();
      expect(log[0]).toMatchObject({ action: "reservation.updated", entityId: first.id });
      expect(log[1].action).toBe("reservation.created");
    });

    it("edits a profile's name and its stays follow; the database copies it, whoever writes", async () => {
      const { user, pid, room, db } = await hotel();
      const stay = await bookFor(user, pid, room.id, { guestName: "Ravi" }, "2030-03-01");
      const patched = await send(user, "PATCH", `${guests(pid)}/${stay.guestId}`, {
        name: "Ravi Kumar",
        tags: ["VIP", "VIP", "Late arrival"],
        country: "in",
        documentType: "passport",
        documentNumber: "P1234567",
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({
        name: "Ravi Kumar",
        tags: ["VIP", "Late arrival"],
        country: "IN",
      });
      expect((await get(user, `/api/properties/${pid}/reservations/${stay.id}`)).json().guestName).toBe(
        "Ravi Kumar",
      );
      // A write to the stay's copy is overruled by the profile: one definition.
      await db.execute(`update reservations set guest_name = 'Someone else' where id = '${stay.id}'`);
      expect((await get(user, `/api/properties/${pid}/reservations/${stay.id}`)).json().guestName).toBe(
        "Ravi Kumar",
      );
    });
  });

  describe("search", () => {
    it("finds by part of the name, email, phone or document number in any case, a page at a time", async () => {
      const { user, pid } = await hotel();
      const make = async (body: Record<string, unknown>) => {
        const response = await send(user, "POST", guests(pid), body);
        expect(response.statusCode, response.body).toBe(201);
        return response.json().id as string;
      };
      const muller = await make({ name: "Jürgen Müller", email: "jm@example.de" });
      const oneill = await make({ name: "Siobhán O'Neill", phone: "+353 87 555 0101" });
      const passport = await make({ name: "Li Wei", documentNumber: "E12345678" });
      const search = async (q: string) =>
        (await get(user, `${guests(pid)}?q=${encodeURIComponent(q)}`))
          .json()
          .map((g: { id: string }) => g.id);
      expect(await search("MULL")).toEqual([muller]);
      expect(await search("oneill")).toEqual([oneill]);
      expect(await search("555 01")).toEqual([oneill]);
      expect(await search("e1234")).toEqual([passport]);
      expect(await search("@example.de")).toEqual([muller]);
      const page1 = (await get(user, `${guests(pid)}?limit=2`)).json();
      expect(page1.map((g: { id: string }) => g.id)).toEqual([passport, oneill]);
      const page2 = (await get(user, `${guests(pid)}?limit=2&before=${oneill}`)).json();
      expect(page2.map((g: { id: string }) => g.id)).toEqual([muller]);
      expect(page1[0]).toMatchObject({ stayCount: 0, lastStayDate: null });
    });

    it("pages a search through the trigram index, newest first, as it pages the whole list", async () => {
      const { user, pid } = await hotel();
      const ids: string[] = [];
      for (const name of ["Ana", "Bea", "Cai"]) {
        const made = await send(user, "POST", guests(pid), { name, email: `${name}@innguest.test` });
        ids.push(made.json().id);
      }
      const page = async (query: string) =>
        (await get(user, `${guests(pid)}?${query}`)).json().map((g: { id: string }) => g.id);
      expect(await page("q=innguest&limit=2")).toEqual([ids[2], ids[1]]);
      expect(await page(`q=innguest&limit=2&before=${ids[1]}`)).toEqual([ids[0]]);
      expect(await page("q=in&limit=5")).toEqual([ids[2], ids[1], ids[0]]);
    });

    it("pages a word many profiles share newest first, and finds a rare one however old", async () => {
      const { user, pid } = await hotel();
      // One old profile, then 600 newer ones, a third of them "Common".
      const PROFILES = 600;
      const { db } = ctx().database;
      await db.execute(sql`insert into guests (property_id, name, created_at)
        values (${pid}, 'Oldest Rarename', now() - interval '10 days')`);
      await db.execute(sql`insert into guests (property_id, name, created_at)
        select ${pid}, case when i % 3 = 0 then 'Common ' else 'Other ' end || i, now() - interval '1 day' + i * interval '1 second'
        from generate_series(1, ${PROFILES}) i`);
      const names = async (query: string) =>
        (await get(user, `${guests(pid)}?${query}`)).json().map((g: { name: string }) => g.name);
      const newestCommon = Array.from({ length: 5 }, (_, k) => PROFILES - (PROFILES % 3) - 3 * k);
      expect(await names("q=common&limit=5")).toEqual(newestCommon.map((i) => `Common ${i}`));
      const last = (await get(user, `${guests(pid)}?q=common&limit=5`)).json().at(-1).id;
      expect(await names(`q=common&limit=2&before=${last}`)).toEqual(
        [(newestCommon[4] as number) - 3, (newestCommon[4] as number) - 6].map((i) => `Common ${i}`),
      );
      expect(await names("q=rarename")).toEqual(["Oldest Rarename"]);
      // Fewer matches than a page: all of them, newest first.
      const tens = Array.from({ length: PROFILES }, (_, i) => i + 1)
        .filter((i) => i % 3 === 0 && String(i).startsWith("10"))
        .reverse();
      expect(tens.length).toBeLessThan(50);
      expect(await names("q=common 10&limit=50")).toEqual(tens.map((i) => `Common ${i}`));
    });

    it("refuses bad paging and over-long searches with the field named", async () => {
      const { user, pid } = await hotel();
      for (const query of ["limit=0", "limit=201", "before=nope", `q=${"x".repeat(101)}`, "color=red"]) {
        const response = await get(user, `${guests(pid)}?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error.code).toBe("validation");
      }
    });
  });

  describe("create and edit", () => {
    it("requires a name and refuses bad fields, writing nothing", async () => {
      const { user, pid } = await hotel();
      const before = await count("guests");
      for (const body of [
        {},
        { name: "" },
        { name: "A", email: "not-an-email" },
        { name: "A", country: "India" },
        { name: "A", documentType: "library_card" },
        { name: "A", language: "not a language!" },
        { name: "A", dateOfBirth: "1990-02-30" },
        { name: "A", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
        { name: "A", unknown: 1 },
      ]) {
        const response = await send(user, "POST", guests(pid), body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(await count("guests")).toBe(before);
    });

    it("logs a new profile and an edit with what changed", async () => {
      const { user, pid } = await hotel();
      const made = (await send(user, "POST", guests(pid), { name: "Meera", language: "hi" })).json();
      expect(made.language).toBe("hi");
      await send(user, "PATCH", `${guests(pid)}/${made.id}`, { notes: "Allergic to nuts" });
      const log = (await get(user, `/api/properties/${pid}/activity?entityId=${made.id}`)).json();
      expect(log.map((entry: { action: string }) => entry.action)).toEqual([
        "guest.updated",
        "guest.created",
      ]);
      expect(log[0].changes).toEqual({ notes: { before: "", after: "Allergic to nuts" } });
    });
  });

  describe("merge", () => {
    it("moves the source's stays to the target, fills its blanks and deletes the source", async () => {
      const { user, pid, room } = await hotel();
      const a = await bookFor(user, pid, room.id, { guestName: "Asha Rao" }, "2030-03-01");
      const b = await bookFor(
        user,
        pid,
        room.id,
        { guestName: "A. Rao", guestEmail: "asha@example.com" },
        "2030-03-05",
      );
      const merged = await send(user, "POST", `${guests(pid)}/${a.guestId}/merge`, { sourceId: b.guestId });
      expect(merged.statusCode, merged.body).toBe(200);
      expect(merged.json()).toMatchObject({ id: a.guestId, name: "Asha Rao", email: "asha@example.com" });
      expect(merged.json().stays.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
      expect((await get(user, `${guests(pid)}/${b.guestId}`)).statusCode).toBe(404);
      const moved = (await get(user, `/api/properties/${pid}/reservations/${b.id}`)).json();
      expect(moved).toMatchObject({ guestId: a.guestId, guestName: "Asha Rao", guestStayNumber: 2 });
      const log = (await get(user, `/api/properties/${pid}/activity?entityId=${a.guestId}`)).json();
      expect(log[0]).toMatchObject({
        action: "guest.merged",
        changes: { mergedGuest: { before: "A. Rao", after: null }, movedStays: { before: null, after: 1 } },
      });
    });

    it("answers 409 for a guest merged into itself and 404 for another property's source", async () => {
      const a = await hotel();
      const b = await hotel();
      const mine = (await send(a.user, "POST", guests(a.pid), { name: "Mine" })).json();
      const theirs = (await send(b.user, "POST", guests(b.pid), { name: "Theirs" })).json();
      const self = await send(a.user, "POST", `${guests(a.pid)}/${mine.id}/merge`, { sourceId: mine.id });
      expect(self.statusCode).toBe(409);
      expect(self.json().error.code).toBe("invalid_transition");
      const foreign = await send(a.user, "POST", `${guests(a.pid)}/${mine.id}/merge`, {
        sourceId: theirs.id,
      });
      expect(foreign.statusCode).toBe(404);
      expect((await get(b.user, `${guests(b.pid)}/${theirs.id}`)).statusCode).toBe(200);
      expect((await get(a.user, `${guests(a.pid)}/${theirs.id}`)).statusCode).toBe(404);
    });
  });

  describe("permissions", () => {
    it("lets the front desk work with guests and keeps housekeeping from them on every route", async () => {
      const { user, pid, room } = await hotel();
      const stay = await bookFor(user, pid, room.id, { guestName: "Asha Rao" }, "2030-03-01");
      const clerk = await addMember(ctx(), user, pid, "front_desk");
      const housekeeper = await addMember(ctx(), user, pid, "housekeeping");
      expect((await get(clerk, `${guests(pid)}/${stay.guestId}`)).statusCode).toBe(200);
      expect((await get(clerk, `${guests(pid)}/${stay.guestId}/export`)).statusCode).toBe(403);
      expect((await send(clerk, "POST", `${guests(pid)}/${stay.guestId}/anonymize`)).statusCode).toBe(403);
      for (const [method, url] of [
        ["GET", guests(pid)],
        ["GET", `${guests(pid)}/${stay.guestId}`],
        ["GET", `${guests(pid)}/${stay.guestId}/export`],
      ] as const) {
        const response = await ctx().request(method, url, { as: housekeeper });
        expect(response.statusCode, url).toBe(403);
        expect(response.body).not.toContain("Asha");
      }
    });
  });
});

describeBackends("guest search index", (ctx) => {
  it("searches through the trigram index: the query's expression is the index's", async () => {
    const { db } = ctx().database;
    const plan = await db.transaction(async (tx) => {
      // Reading the table whole, or in the newest-first index's order, is all a planner could do instead.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const query = tx
        .select({ id: guestsTable.id })
        .from(guestsTable)
        .where(guestMatches("O'Neill"))
        .toSQL();
      const inlined = query.sql.replace(
        /\$(\d+)/g,
        (_, n) => `'${String(query.params[Number(n) - 1]).replaceAll("'", "''")}'`,
      );
      const result = await tx.execute(sql.raw(`explain ${inlined}`));
      return (result as unknown as { rows: { "QUERY PLAN": string }[] }).rows.map((r) => r["QUERY PLAN"]);
    });
    // On Citus the index is the shard's copy (guests_search_idx_102008).
    expect(plan.join("\n")).toMatch(/Bitmap Index Scan on guests_search_idx(_\d+)?\s/);
  });

  it("keeps no pending list, so no search reads recent profiles one by one", async () => {
    const [index] = await queryRows<{ options: string[] | null }>(
      ctx().database.db,
      sql`select reloptions as options from pg_class where relname = 'guests_search_idx'`,
    );
    expect(index?.options).toEqual(["fastupdate=off"]);
  });
});
