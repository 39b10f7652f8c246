import { brotliDecompressSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/connect.js";
import { addMember } from "../../hardening/support.js";
import { createReservation, createRoom, createRoomType } from "../../test/factories.js";
import { describeBackends, type TestUser } from "../../test/harness.js";
import { queryRows } from "../../test/manager.js";
import { EXPORT_BATCH, OCCUPANCY_COLUMNS, RESERVATION_COLUMNS, reservationsCsv } from "./service.js";

const BOM = "\uFEFF";

/** The records of a CSV text (header row first), read back as RFC 4180 says. */
function records(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: false });
}

describeBackends("CSV exports", (ctx) => {
  let owner: TestUser;
  let pid: string;
  const db = () => ctx().database.db;
  const get = (path: string, as = owner, propertyId = pid) =>
    ctx().request("GET", `/api/properties/${propertyId}/exports/${path}`, { as });

  beforeAll(async () => {
    owner = await ctx().signIn();
    pid = await ctx().propertyOf(owner);
  });

  describe("reservations.csv", () => {
    const names = [
      "Zoë Ångström",
      "山田太郎",
      'Smith, John "Jack"',
      "Two\nlines, and a comma",
      '=HYPERLINK("http://evil.example","click")',
      "Ordinary Name",
    ];

    it("round-trips names with commas, quotes, newlines and non-Latin letters; escapes formulas only in text", async () => {
      const type = await createRoomType(db(), pid, { name: "Deluxe, sea view" });
      const room = await createRoom(db(), pid, { number: "101", roomType: type });
      for (const [i, guestName] of names.entries()) {
        await createReservation(db(), pid, {
          room,
          guestName,
          guestPhone: i === 0 ? "+44 20 7946 0000" : "",
          guestEmail: i === 1 ? "@handle" : "",
          checkInDate: `2030-01-${String(10 + i * 2).padStart(2, "0")}`,
          checkOutDate: `2030-01-${String(11 + i * 2).padStart(2, "0")}`,
          nightlyRates: [1500.5],
        });
      }
      // Paid more than the total: the balance is a negative number, and numbers are never escaped.
      const [first] = await queryRows<{ id: string }>(
        db(),
        sql`select id from reservations where property_id = ${pid} and guest_name = 'Ordinary Name'`,
      );
      await db().execute(sql`insert into payments (property_id, reservation_id, amount, method, date)
                             values (${pid}, ${first?.id}, 2000, 'cash', current_date)`);

      const response = await get("reservations.csv");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe('attachment; filename="reservations.csv"');
      expect(response.body.startsWith(BOM)).toBe(true);
      expect(response.body).toContain("\r\n");
      const [header, ...rows] = records(response.body);
      expect(header).toEqual(RESERVATION_COLUMNS);
      // Newest first, as the list shows them.
      const byName = new Map(rows.map((row) => [row[1], row]));
      expect(rows.map((row) => row[1])).toEqual(
        [...names].reverse().map((name) => (name.startsWith("=") ? `'${name}` : name)),
      );
      expect(byName.get("Zoë Ångström")).toEqual([
        expect.stringMatching(/^RES-/),
        "Zoë Ångström",
        "'+44 20 7946 0000",
        "",
        "101",
        "Deluxe, sea view",
        "2030-01-10",
        "2030-01-11",
        "1",
        "2",
        "0",
        "booked",
        "1500.50",
        "0.00",
        "1500.50",
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      ]);
      expect(byName.get("山田太郎")?.[3]).toBe("'@handle");
      expect(byName.get('Smith, John "Jack"')).toBeDefined();
      expect(byName.get("Two\nlines, and a comma")).toBeDefined();
      expect(byName.get("Ordinary Name")?.slice(12, 15)).toEqual(["1500.50", "2000.00", "-499.50"]);
    });

    it("takes the list's filters", async () => {
      const user = await ctx().signIn();
      const own = await ctx().propertyOf(user);
      const room = await createRoom(db(), own, { number: "7" });
      await createReservation(db(), own, {
        room,
        guestName: "Kept",
        checkInDate: "2030-02-01",
        checkOutDate: "2030-02-02",
      });
      await createReservation(db(), own, {
        room,
        guestName: "Cancelled one",
        status: "cancelled",
        checkInDate: "2030-02-01",
        checkOutDate: "2030-02-02",
      });
      const guests = async (query: string) => {
        const response = await get(`reservations.csv${query}`, user, own);
        expect(response.statusCode, response.body).toBe(200);
        return records(response.body)
          .slice(1)
          .map((row) => row[1]);
      };
      expect(await guests("?status=cancelled")).toEqual(["Cancelled one"]);
      expect(await guests("?q=kep")).toEqual(["Kept"]);
      expect(await guests("?arrivingOn=2030-02-01")).toEqual(["Cancelled one", "Kept"]);
      expect(await guests("?inHouseOn=2030-03-01")).toEqual([]);
      expect((await get("reservations.csv?status=lost", user, own)).statusCode).toBe(400);
    });

    it("reads the stays in keyset batches, every one exactly once, even when they share a creation time", async () => {
      const user = await ctx().signIn();
      const own = await ctx().propertyOf(user);
      const count = EXPORT_BATCH * 2 + 5;
      // One statement: every row gets the same created_at, so only the id orders them.
      // Each stay its own profile (migration 0021), named "Guest n" like its code's number.
      await db().execute(sql`
        insert into guests (property_id, name) select ${own}, 'Guest ' || n from generate_series(1, ${count}) n`);
      await db().execute(sql`
        insert into reservations (property_id, code, guest_id, adults, children, check_in_date, check_out_date,
                                  nights, status, total, balance, nightly_rates)
        select ${own}, 'RES-B' || lpad(n::text, 5, '0'), g.id, 1, 0, date '2030-04-01', date '2030-04-02',
               1, 'checked_out', 10, 10, '{10}'
        from generate_series(1, ${count}) n
        join guests g on g.property_id = ${own} and g.name = 'Guest ' || n`);
      let queries = 0;
      const counting = new Proxy(db(), {
        get(target, key, receiver) {
          if (key === "execute") {
            return (...args: Parameters<Db["execute"]>) => {
              queries++;
              return target.execute(...args);
            };
          }
          return Reflect.get(target, key, receiver);
        },
      });
      const chunks: Buffer[] = [];
      for await (const chunk of await reservationsCsv(counting, own, {})) chunks.push(Buffer.from(chunk));
      const rows = records(Buffer.concat(chunks).toString("utf8")).slice(1);
      expect(rows).toHaveLength(count);
      expect(new Set(rows.map((row) => row[0])).size).toBe(count);
      expect(queries).toBe(3);
      // One chunk per batch, not one per row: the reply's compression takes each chunk as one write.
      expect(chunks).toHaveLength(3);
      // And through HTTP, the same bytes, compressed or not.
      const response = await get("reservations.csv", user, own);
      expect(records(response.body)).toHaveLength(count + 1);
      const compressed = await ctx().request("GET", `/api/properties/${own}/exports/reservations.csv`, {
        as: user,
        headers: { "accept-encoding": "br" },
      });
      expect(compressed.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(compressed.rawPayload).toString("utf8")).toBe(response.body);
    });

    it("answers an empty list with the header row alone", async () => {
      const user = await ctx().signIn();
      const own = await ctx().propertyOf(user);
      const response = await get("reservations.csv", user, own);
      expect(response.body).toBe(`${BOM}${RESERVATION_COLUMNS.join(",")}\r\n`);
    });
  });

  describe("occupancy.csv", () => {
    it("is the daily series with each day's ratios", async () => {
      const user = await ctx().signIn();
      const own = await ctx().propertyOf(user);
      const type = await createRoomType(db(), own, { name: "Std" });
      const room = await createRoom(db(), own, { number: "1", roomType: type });
      await createRoom(db(), own, { number: "2", roomType: type });
      await createReservation(db(), own, {
        room,
        checkInDate: "2030-03-02",
        checkOutDate: "2030-03-03",
        nightlyRates: [1234.5],
      });
      const response = await get("occupancy.csv?from=2030-03-01&to=2030-03-04", user, own);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe(
        'attachment; filename="occupancy-2030-03-01-to-2030-03-04.csv"',
      );
      expect(response.body.startsWith(BOM)).toBe(true);
      expect(records(response.body)).toEqual([
        OCCUPANCY_COLUMNS,
        ["2030-03-01", "2", "0", "0", "0.00", "0.00", "0.00", "0.00"],
        ["2030-03-02", "2", "0", "1", "50.00", "1234.50", "1234.50", "617.25"],
        ["2030-03-03", "2", "0", "0", "0.00", "0.00", "0.00", "0.00"],
      ]);
    });

    it("refuses a bad window with 400, as the report does", async () => {
      const response = await get("occupancy.csv?from=2030-03-04&to=2030-03-01");
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe("The end date must be after the start date");
    });
  });

  it("is for managers: 403 to the front desk on both", async () => {
    const clerk = await addMember(ctx(), owner, pid, "front_desk");
    expect((await get("reservations.csv", clerk)).statusCode).toBe(403);
    expect((await get("occupancy.csv?from=2030-03-01&to=2030-03-02", clerk)).statusCode).toBe(403);
  });

  it("is described in the OpenAPI document", async () => {
    const { paths } = (await ctx().request("GET", "/api/openapi.json")).json();
    const reservations = paths["/api/properties/{pid}/exports/reservations.csv"].get;
    expect(reservations.tags).toEqual(["exports"]);
    expect(reservations.responses["200"].content).toHaveProperty("text/csv");
    expect(reservations.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["q", "status", "arrivingOn"]),
    );
    expect(paths["/api/properties/{pid}/exports/occupancy.csv"].get.responses).toHaveProperty("200");
  });
});
