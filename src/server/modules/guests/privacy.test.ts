/**
 * A guest's rights over their data (docs/product.md#guests): the export holds everything about them; the
 * erasure leaves no trace of their name, email, phone or document number in any column of any table, keeps
 * amounts, dates and codes, is refused while a stay is open, and changes nothing the second time; the
 * retention rule erases exactly the guests whose last stay ended long enough ago.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ANONYMIZED_GUEST_NAME } from "../../../domain/constants.js";
import type { Db } from "../../db/connect.js";
import { queryRows } from "../../db/rows.js";
import { describeBackends, type TestUser } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";
import { anonymizeExpiredGuests, expiredGuests } from "./privacy.js";

/** Every text, JSON and array column of every table of the application's schema. */
async function searchableColumns(db: Db): Promise<{ table: string; column: string }[]> {
  return queryRows(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
          and table_name in (select table_name from information_schema.tables
                             where table_schema = 'public' and table_type = 'BASE TABLE')
        order by 1, 2`,
  );
}

/** Where `value` still appears (any case), as "table.column". */
async function traces(db: Db, value: string): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await searchableColumns(db)) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)}
          where ${sql.identifier(column)}::text ilike ${`%${value}%`}`,
    );
    if ((row?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describeBackends("guest privacy", (ctx) => {
  const { hotel, post } = reservationApi(ctx);
  const guests = (pid: string) => `/api/properties/${pid}/guests`;
  const stays = (pid: string) => `/api/properties/${pid}/reservations`;
  const request = (user: TestUser, method: "GET" | "POST" | "PATCH", url: string, body?: unknown) =>
    ctx().request(method, url, { as: user, body });

  /** A person's details; `mark` makes them unique in the database, so a search for them finds only them. */
  const person = (mark: string) => ({
    typed: `Zoe Angstrom${mark}`,
    alias: `Z. Ångström${mark}`,
    name: `Zoë Ångström${mark}`,
    email: `zoe.angstrom${mark.toLowerCase()}@example.com`,
    phone: `+46 70 555 ${mark.length}199`,
    document: `SE99${mark.toUpperCase()}`,
    address: `Storgatan${mark} 12, Uppsala`,
  });

  /** A guest with a history: two stays (one merged in from a second profile), an edit, a payment. */
  async function guestWithHistory(who = person("")) {
    const h = await hotel();
    const first = await request(h.user, "POST", stays(h.pid), {
      guestName: who.typed,
      guestEmail: who.email,
      guestPhone: who.phone,
      roomId: h.room.id,
      checkInDate: "2030-03-01",
      checkOutDate: "2030-03-03",
    });
    expect(first.statusCode, first.body).toBe(201);
    const stay = first.json() as { id: string; guestId: string; code: string; total: number };
    const second = await ctx().request("POST", stays(h.pid), {
      as: h.user,
      headers: { "idempotency-key": `privacy-${stay.id}` },
      body: {
        guestName: who.alias,
        guestEmail: who.email,
        roomId: h.room.id,
        checkInDate: "2030-04-01",
        checkOutDate: "2030-04-02",
      },
    });
    expect(second.statusCode, second.body).toBe(201);
    const other = second.json() as { id: string; guestId: string };
    await request(h.user, "PATCH", `${guests(h.pid)}/${stay.guestId}`, {
      name: who.name,
      documentType: "passport",
      documentNumber: who.document,
      address: who.address,
      notes: "Prefers a high floor",
      tags: ["VIP"],
    });
    const merged = await request(h.user, "POST", `${guests(h.pid)}/${stay.guestId}/merge`, {
      sourceId: other.guestId,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const paid = await request(h.user, "POST", `${stays(h.pid)}/${stay.id}/payments`, {
      amount: 500,
      method: "card",
      note: `Paid by ${who.name}, card ending 4242`,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return { ...h, stay, other, guestId: stay.guestId };
  }

  async function closeStays(user: TestUser, pid: string, ids: string[]) {
    for (const id of ids) {
      const response = await request(user, "PATCH", `${stays(pid)}/${id}`, { status: "cancelled" });
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  describe("export", () => {
    it("answers everything about the person as one JSON document, and logs that it was taken", async () => {
      const who = person("");
      const { user, pid, stay, other, guestId } = await guestWithHistory(who);
      const charged = await request(user, "POST", `${stays(pid)}/${stay.id}/charges`, {
        description: "Room service",
        quantity: 2,
        unitPrice: 250,
      });
      expect(charged.statusCode, charged.body).toBe(201);
      const issued = await request(user, "POST", `${stays(pid)}/${stay.id}/invoices`, {});
      expect(issued.statusCode, issued.body).toBe(201);
      const response = await request(user, "GET", `${guests(pid)}/${guestId}/export`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-disposition"]).toBe(`attachment; filename="guest-${guestId}.json"`);
      const document = response.json();
      expect(document.guest).toMatchObject({
        id: guestId,
        name: who.name,
        documentNumber: who.document,
      });
      expect(document.stays.map((s: { id: string }) => s.id).sort()).toEqual([stay.id, other.id].sort());
      expect(document.payments).toEqual([
        expect.objectContaining({ amount: 500, method: "card", reservationCode: stay.code }),
      ]);
      const actions = document.activity.map((entry: { action: string }) => entry.action);
      expect(actions).toEqual(
        expect.arrayContaining(["reservation.created", "guest.updated", "guest.merged", "payment.recorded"]),
      );
      // The merged profile's own stay and its creation are the person's too.
      expect(document.activity.some((entry: { entityId: string }) => entry.entityId === other.id)).toBe(true);
      expect(document.folioLines).toEqual([
        expect.objectContaining({
          description: "Room service",
          quantity: 2,
          gross: 500,
          reservationCode: stay.code,
        }),
      ]);
      expect(document.invoices).toEqual([
        expect.objectContaining({
          number: issued.json().number,
          billTo: expect.objectContaining({ name: who.name }),
        }),
      ]);
      expect(document.retained).toContain("invoices");
      const log = (await request(user, "GET", `/api/properties/${pid}/activity?entityId=${guestId}`)).json();
      expect(log[0].action).toBe("guest.exported");
    });
  });

  describe("erasure", () => {
    it("is refused while a stay is booked or in house, changing nothing", async () => {
      const { user, pid, guestId, stay, other } = await guestWithHistory();
      const response = await request(user, "POST", `${guests(pid)}/${guestId}/anonymize`);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe("invalid_transition");
      const codes = [stay.code, (await request(user, "GET", `${stays(pid)}/${other.id}`)).json().code];
      expect(codes.some((code) => response.json().error.message.includes(code))).toBe(true);
      expect((await request(user, "GET", `${guests(pid)}/${guestId}`)).json().name).toBe("Zoë Ångström");
    });

    it("leaves no trace of the person in any column of any table, and keeps amounts, dates and codes", async () => {
      const who = person(`Qv${Date.now().toString(36)}`);
      const { user, pid, guestId, stay, other, db } = await guestWithHistory(who);
      await closeStays(user, pid, [stay.id, other.id]);
      const secrets = [who.name, who.typed, who.alias, who.email, who.phone, who.document, who.address];
      for (const secret of secrets) expect(await traces(db, secret), secret).not.toEqual([]);
      const response = await request(user, "POST", `${guests(pid)}/${guestId}/anonymize`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        name: ANONYMIZED_GUEST_NAME,
        email: "",
        phone: "",
        documentNumber: "",
        address: "",
        notes: "",
        tags: [],
      });
      expect(response.json().anonymizedAt).not.toBeNull();
      for (const secret of secrets) expect(await traces(db, secret), secret).toEqual([]);
      const kept = (await request(user, "GET", `${stays(pid)}/${stay.id}`)).json();
      expect(kept).toMatchObject({
        code: stay.code,
        guestName: ANONYMIZED_GUEST_NAME,
        guestEmail: "",
        guestPhone: "",
        total: stay.total,
        checkInDate: "2030-03-01",
        payments: [
          expect.objectContaining({ amount: 500, method: "card", note: "Paid by , card ending 4242" }),
        ],
      });
      const log = (await request(user, "GET", `/api/properties/${pid}/activity?entityId=${stay.id}`)).json();
      const created = log.find((entry: { action: string }) => entry.action === "reservation.created");
      expect(created.changes).toMatchObject({
        code: { after: stay.code },
        guestName: { before: null, after: ANONYMIZED_GUEST_NAME },
        total: { after: stay.total },
      });
    });

    it("answers an erased guest again unchanged, writing nothing", async () => {
      const { user, pid, guestId, stay, other } = await guestWithHistory();
      await closeStays(user, pid, [stay.id, other.id]);
      const first = await request(user, "POST", `${guests(pid)}/${guestId}/anonymize`);
      const activity = await request(user, "GET", `/api/properties/${pid}/activity?limit=1`);
      const again = await request(user, "POST", `${guests(pid)}/${guestId}/anonymize`);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect((await request(user, "GET", `/api/properties/${pid}/activity?limit=1`)).json()).toEqual(
        activity.json(),
      );
      const edit = await request(user, "PATCH", `${guests(pid)}/${guestId}`, { name: "Back again" });
      expect(edit.statusCode).toBe(409);
      const rebook = await post(user, pid, {
        guestId,
        roomTypeId: null,
        checkInDate: "2030-06-01",
        checkOutDate: "2030-06-02",
      });
      expect(rebook.statusCode).toBe(409);
    });

    it("keeps the log append-only outside an erasure", async () => {
      const { db, pid } = await guestWithHistory();
      await expect(
        db.execute(sql`update activity set changes = '{}'::jsonb where property_id = ${pid}`),
      ).rejects.toThrow();
    });
  });

  describe("retention", () => {
    it("erases the guests whose last stay ended more than the set months ago, and no one else", async () => {
      const h = await hotel();
      const book = async (guestName: string, checkInDate: string, checkOutDate: string) => {
        const response = await post(h.user, h.pid, {
          guestName,
          roomId: h.room.id,
          checkInDate,
          checkOutDate,
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json() as { id: string; guestId: string };
      };
      const old = await book("Old Guest", "2030-01-10", "2030-01-12");
      const recent = await book("Recent Guest", "2031-05-01", "2031-05-03");
      const open = await book("Open Guest", "2030-01-20", "2030-01-21");
      for (const id of [old.id]) {
        await request(h.user, "PATCH", `${stays(h.pid)}/${id}`, { status: "cancelled" });
      }
      await request(h.user, "PATCH", `${stays(h.pid)}/${recent.id}`, { status: "cancelled" });
      // "Open Guest" is still booked: kept whatever its dates.
      const today = "2032-03-01";
      expect(await expiredGuests(h.db, h.pid, today, 24)).toEqual([old.guestId]);
      const actor = { id: null, name: "Day close" };
      expect(await anonymizeExpiredGuests(h.db, h.pid, actor, today, null)).toBe(0);
      expect(await anonymizeExpiredGuests(h.db, h.pid, actor, today, 24)).toBe(1);
      const names = async (guestId: string) =>
        (await request(h.user, "GET", `${guests(h.pid)}/${guestId}`)).json().name;
      expect(await names(old.guestId)).toBe(ANONYMIZED_GUEST_NAME);
      expect(await names(recent.guestId)).toBe("Recent Guest");
      expect(await names(open.guestId)).toBe("Open Guest");
      expect(await anonymizeExpiredGuests(h.db, h.pid, actor, today, 24)).toBe(0);
    });

    it("is stored on the property, between 1 and 1200 months or null", async () => {
      const { user, pid } = await hotel();
      const url = `/api/properties/${pid}`;
      const saved = await request(user, "PATCH", url, { guestRetentionMonths: 36 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().guestRetentionMonths).toBe(36);
      for (const bad of [0, 1201, 2.5, "36"]) {
        expect((await request(user, "PATCH", url, { guestRetentionMonths: bad })).statusCode).toBe(400);
      }
      expect(
        (await request(user, "PATCH", url, { guestRetentionMonths: null })).json().guestRetentionMonths,
      ).toBe(null);
    });
  });
});
