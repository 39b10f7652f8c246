/**
 * Text that renders alike is one value: room numbers are normalised (and refused with invisible characters),
 * names lose bidi controls that would reverse the text around them, and a lone UTF-16 surrogate (which has
 * no UTF-8 form) is refused rather than silently replaced. Refusals write nothing.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createRoomType } from "../test/factories.js";
import { describeBackends, type TestContext } from "../test/harness.js";

async function tableCounts(ctx: TestContext) {
  const result = await ctx.database.db.execute(sql`select
      (select count(*) from rooms)::int as rooms,
      (select count(*) from room_types)::int as "roomTypes",
      (select count(*) from reservations)::int as reservations,
      (select count(*) from rate_overrides)::int as "rateOverrides"`);
  return (result as unknown as { rows: unknown[] }).rows[0];
}

describeBackends("look-alike and malformed text", (ctx) => {
  async function hotel() {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    return { user, pid };
  }

  describe("room numbers", () => {
    it("treats every spelling that renders as 101 as room 101, or refuses it", async () => {
      const { user, pid } = await hotel();
      const create = (number: string) =>
        ctx().request("POST", `/api/properties/${pid}/rooms`, { as: user, body: { number } });
      const first = await create("101");
      expect(first.statusCode).toBe(201);

      // Same room once normalised (full-width digits, surrounding and no-break spaces): a duplicate.
      for (const spelling of [
        "１０１",
        " 101 ",
        "\u00a0101",
        "\u3000101",
        "１01",
        "101\ufeff",
        "101\u2028",
      ]) {
        const answer = await create(spelling);
        expect(answer.statusCode, JSON.stringify(spelling)).toBe(409);
      }
      // Invisible characters would make a different room that looks the same: refused.
      for (const spelling of [
        "101\u200b",
        "\u200b101",
        "1\u200c01",
        "10\u200d1",
        "1\ufeff01",
        "\u2066101\u2069",
        "\u202e101\u202c",
        "\u200e101",
        "101\u00ad",
        "101\u2060",
        "101\u0007",
        "10\n1",
        "10\u20281",
      ]) {
        const answer = await create(spelling);
        expect(answer.statusCode, JSON.stringify(spelling)).toBe(400);
        expect(answer.json().error.message).toMatch(/^number: /);
      }
      const rooms = (await ctx().request("GET", `/api/properties/${pid}/rooms`, { as: user })).json();
      expect(rooms.map((room: { number: string }) => room.number)).toEqual(["101"]);
    });

    it("stores the normal form of what is typed", async () => {
      const { user, pid } = await hotel();
      for (const [typed, stored] of [
        ["Ｇ－１２", "G-12"],
        ["  A 7  ", "A 7"],
        ["①②", "12"],
        ["Suite Ⅳ", "Suite IV"],
      ]) {
        const answer = await ctx().request("POST", `/api/properties/${pid}/rooms`, {
          as: user,
          body: { number: typed },
        });
        expect(answer.statusCode, typed).toBe(201);
        expect(answer.json().number).toBe(stored);
      }
    });
  });

  describe("names", () => {
    it("strips bidi controls from property, room type and guest names", async () => {
      const { user, pid } = await hotel();
      const property = await ctx().request("PATCH", `/api/properties/${pid}`, {
        as: user,
        body: { name: "\u202eSeaside Inn\u202c", currency: "INR", timeZone: "Asia/Kolkata" },
      });
      expect(property.json().name).toBe("Seaside Inn");
      const roomType = await ctx().request("POST", `/api/properties/${pid}/room-types`, {
        as: user,
        body: { name: "\u2067Twin\u2069 \u200fDeluxe" },
      });
      expect(roomType.json().name).toBe("Twin Deluxe");
      const room = await ctx().request("POST", `/api/properties/${pid}/rooms`, {
        as: user,
        body: { number: "1", roomTypeId: roomType.json().id },
      });
      const stay = await ctx().request("POST", `/api/properties/${pid}/reservations`, {
        as: user,
        body: {
          guestName: "\u202dمحمد\u202c Ali\u2066",
          guestPhone: "\u202e+91 98765 43210",
          roomId: room.json().id,
          adults: 1,
          checkInDate: "2031-01-10",
          checkOutDate: "2031-01-11",
        },
      });
      expect(stay.statusCode).toBe(201);
      expect(stay.json()).toMatchObject({ guestName: "محمد Ali", guestPhone: "+91 98765 43210" });
    });

    it("refuses a name that is nothing but bidi controls where a name is required", async () => {
      const { user, pid } = await hotel();
      const answer = await ctx().request("PATCH", `/api/properties/${pid}`, {
        as: user,
        body: { name: "\u202e\u202c", currency: "INR", timeZone: "Asia/Kolkata" },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.message).toMatch(/^name: /);
    });
  });

  describe("lone surrogates", () => {
    // Raw JSON, so the escapes reach the server as written.
    const surrogates = ["\\ud800", "\\udfff", "a\\udc00b", "\\ud83d", "x\\ude00"];

    it.each(
      surrogates,
    )("refuses %s in every text field with 400 naming it, writing nothing", async (lone) => {
      const { user, pid } = await hotel();
      const type = await createRoomType(ctx().database.db, pid);
      const before = await tableCounts(ctx());
      const attempts: [string, string, string, string][] = [
        ["PATCH", `/api/properties/${pid}`, "name", `{"name":"${lone}","currency":"INR","timeZone":"UTC"}`],
        ["POST", `/api/properties/${pid}/room-types`, "name", `{"name":"${lone}"}`],
        ["POST", `/api/properties/${pid}/rooms`, "number", `{"number":"${lone}","roomTypeId":"${type.id}"}`],
        [
          "POST",
          `/api/properties/${pid}/reservations`,
          "guestName",
          `{"guestName":"${lone}","checkInDate":"2031-02-01","checkOutDate":"2031-02-02"}`,
        ],
        [
          "POST",
          `/api/properties/${pid}/reservations`,
          "guestPhone",
          `{"guestPhone":"${lone}","checkInDate":"2031-02-01","checkOutDate":"2031-02-02"}`,
        ],
        [
          "POST",
          `/api/properties/${pid}/reservations`,
          "guestEmail",
          `{"guestEmail":"a${lone}@example.com","checkInDate":"2031-02-01","checkOutDate":"2031-02-02"}`,
        ],
      ];
      for (const [method, url, field, body] of attempts) {
        const answer = await ctx().request(method as "POST", url, { as: user, body });
        expect(answer.statusCode, `${method} ${url} ${field}`).toBe(400);
        expect(answer.json().error.message, field).toMatch(new RegExp(`^${field}: `));
      }
      expect(await tableCounts(ctx())).toEqual(before);
      const property = (await ctx().request("GET", `/api/properties/${pid}`, { as: user })).json();
      expect(property.name).toBe("Default Property");
    });
  });
});
