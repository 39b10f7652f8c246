/**
 * The folio (docs/product.md#folio-taxes-and-invoices): tax rates and products, charges and voids, refunds,
 * the tax arithmetic per line under both tax modes, and the database's folio total agreeing with the lines.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { queryRows } from "../../db/rows.js";
import { describeBackends } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";

describeBackends("folio", (ctx) => {
  const { url, hotel, post } = reservationApi(ctx);

  async function stay(nights = 3) {
    const h = await hotel();
    const out = `2030-06-${String(1 + nights).padStart(2, "0")}`;
    const created = await post(h.user, h.pid, {
      roomId: h.room.id,
      checkInDate: "2030-06-01",
      checkOutDate: out,
      adults: 2,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const base = `${url(h.pid)}/${id}`;
    const api = (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) =>
      ctx().request(method, `/api/properties/${h.pid}${path}`, { as: h.user, body });
    const folio = async () => (await api("GET", `/reservations/${id}/folio`)).json();
    const detail = async () => (await api("GET", `/reservations/${id}`)).json();
    const charge = (body: unknown) => api("POST", `/reservations/${id}/charges`, body);
    return { ...h, id, base, api, folio, detail, charge };
  }

  it("lays out the nights at the price they were sold for; nothing changes without taxes or extras", async () => {
    const { folio, detail } = await stay();
    const shown = await folio();
    expect(shown.lines).toHaveLength(3);
    expect(shown.lines[0]).toMatchObject({ id: null, kind: "room", date: "2030-06-01", gross: 1000, tax: 0 });
    expect(shown).toMatchObject({
      net: 3000,
      tax: 0,
      gross: 3000,
      payments: 0,
      balance: 3000,
      currency: "INR",
    });
    expect(await detail()).toMatchObject({ total: 3000, folioTotal: 3000, balance: 3000 });
  });

  it("posts extras and adjustments with tax per line, voids them once, and keeps the balance", async () => {
    const { api, folio, detail, charge, id } = await stay();
    const gst = (await api("POST", "/tax-rates", { name: "GST", percent: 18 })).json();
    expect(gst).toMatchObject({ name: "GST", percent: 18 });
    const breakfast = (
      await api("POST", "/products", { name: "Breakfast", price: 350, taxRateId: gst.id })
    ).json();
    expect(breakfast).toMatchObject({ name: "Breakfast", price: 350, taxRateId: gst.id, active: true });
    const posted = await charge({ productId: breakfast.id, quantity: 2 });
    expect(posted.statusCode).toBe(201);
    // Prices include tax: 700 gross, tax = 700 × 18 / 118 = 106.779… → 106.78.
    expect(posted.json()).toMatchObject({
      kind: "extra",
      description: "Breakfast",
      quantity: 2,
      unitPrice: 350,
      gross: 700,
      tax: 106.78,
      net: 593.22,
      taxRateId: gst.id,
      percent: 18,
    });
    const discount = await charge({ description: "Loyalty discount", quantity: 1, unitPrice: -200 });
    expect(discount.json()).toMatchObject({ kind: "adjustment", gross: -200, tax: 0 });
    await api("POST", `/reservations/${id}/payments`, { amount: 1000, method: "cash" });
    await api("POST", `/reservations/${id}/payments`, { amount: 100, method: "cash", kind: "refund" });
    const shown = await folio();
    expect(shown).toMatchObject({ gross: 3500, tax: 106.78, net: 3393.22, payments: 900, balance: 2600 });
    expect(shown.taxes).toEqual([
      { taxRateId: null, name: "", percent: 0, net: 2800, tax: 0 },
      { taxRateId: gst.id, name: "GST", percent: 18, net: 593.22, tax: 106.78 },
    ]);
    expect(await detail()).toMatchObject({ total: 3000, folioTotal: 3500, balance: 2600 });

    const voided = await api("POST", `/reservations/${id}/charges/${posted.json().id}/void`);
    expect(voided.statusCode).toBe(200);
    expect(voided.json().voidedAt).toEqual(expect.any(String));
    const again = await api("POST", `/reservations/${id}/charges/${posted.json().id}/void`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("invalid_transition");
    expect(await detail()).toMatchObject({ folioTotal: 2800, balance: 1900 });
    expect((await folio()).lines.filter((line: { voidedAt: string | null }) => line.voidedAt)).toHaveLength(
      1,
    );
  });

  it("adds tax to net prices, taxes the nights at the room type's rate and adds the city tax", async () => {
    const { api, folio, detail, type } = await stay(2);
    const vat = (await api("POST", "/tax-rates", { name: "VAT", percent: 12.5 })).json();
    await api("PATCH", `/room-types/${type.id}`, { taxRateId: vat.id });
    expect(await detail()).toMatchObject({ folioTotal: 2000 });
    const settings = await api("PATCH", "", {
      pricesIncludeTax: false,
      cityTaxPerAdultPerNight: 50,
      cityTaxName: "Tourist tax",
    });
    expect(settings.statusCode).toBe(200);
    const shown = await folio();
    // Two nights of 1000 net + 125 VAT, and 2 adults × 2 nights × 50 untaxed.
    expect(shown.lines.map((line: { kind: string; gross: number }) => [line.kind, line.gross])).toEqual([
      ["room", 1125],
      ["room", 1125],
      ["city_tax", 200],
    ]);
    expect(shown.lines[2]).toMatchObject({ description: "Tourist tax", quantity: 4, unitPrice: 50 });
    expect(shown).toMatchObject({ net: 2200, tax: 250, gross: 2450 });
    expect(await detail()).toMatchObject({ folioTotal: 2450, balance: 2450 });
    // A new percentage re-works the nights (and the stored total with them).
    await api("PATCH", `/tax-rates/${vat.id}`, { percent: 5 });
    expect((await folio()).gross).toBe(2300);
    expect(await detail()).toMatchObject({ folioTotal: 2300 });
    const inUse = await api("DELETE", `/tax-rates/${vat.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error).toMatchObject({ code: "in_use" });
    expect(inUse.json().error.message).toContain("VAT");
  });

  it("keeps the stored folio total equal to the folio's gross in a currency without decimals", async () => {
    const { api, folio, detail, charge, type, id } = await stay(3);
    const vat = (await api("POST", "/tax-rates", { name: "VAT", percent: 7.7 })).json();
    await api("PATCH", "", { currency: "JPY", pricesIncludeTax: false, cityTaxPerAdultPerNight: 200 });
    await api("PATCH", `/room-types/${type.id}`, { taxRateId: vat.id });
    await charge({ description: "Sake", quantity: 3, unitPrice: 999, taxRateId: vat.id });
    await charge({ description: "Goodwill", quantity: 1, unitPrice: -333 });
    const refused = await charge({ description: "Tea", quantity: 1, unitPrice: 1.5 });
    expect(refused.json().error.fields).toEqual([
      { field: "unitPrice", message: "must be a whole amount in JPY" },
    ]);
    const shown = await folio();
    // Nights: 1000 + round(77) each; sake: 2997 + round(230.769) = 231; city tax 2 × 3 × 200.
    expect(shown).toMatchObject({ net: 3000 + 2997 - 333 + 1200, tax: 231 + 231, currency: "JPY" });
    expect(shown.gross).toBe(3231 + 3228 - 333 + 1200);
    expect((await detail()).folioTotal).toBe(shown.gross);
    await api("POST", `/reservations/${id}/payments`, { amount: 1000, method: "cash" });
    expect((await detail()).balance).toBe(shown.gross - 1000);
  });

  it("refuses bad charges with the field named, a cancelled stay's with 409, and writes nothing", async () => {
    const { api, charge, id, pid, db, user } = await stay();
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const [body, field] of [
      [{ description: "Minibar", quantity: 0, unitPrice: 5 }, "quantity"],
      [{ description: "Minibar", quantity: 1.5, unitPrice: 5 }, "quantity"],
      [{ description: "Minibar", quantity: 1, unitPrice: 5.555 }, "unitPrice"],
      [{ description: "Minibar", quantity: 1, unitPrice: 5.5555 }, "unitPrice"],
      [{ productId: unknown, quantity: 1 }, "productId"],
      [{ description: "Minibar", quantity: 1, unitPrice: 5, taxRateId: unknown }, "taxRateId"],
      [{ quantity: 1, unitPrice: 5 }, "description"],
      [{ description: "Minibar", quantity: 1 }, "unitPrice"],
    ] as const) {
      const refused = await charge(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    await ctx().request("PATCH", `${url(pid)}/${id}`, { as: user, body: { status: "cancelled" } });
    const cancelled = await charge({ description: "Minibar", quantity: 1, unitPrice: 5 });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.code).toBe("invalid_transition");
    const [count] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from folio_charges where property_id = ${pid}`,
    );
    expect(count?.n).toBe(0);
    expect((await api("GET", `/reservations/${unknown}/folio`)).statusCode).toBe(404);
  });

  it("the database refuses to edit a posted line, only to void it", async () => {
    const { charge, db } = await stay();
    const line = (await charge({ description: "Parking", quantity: 1, unitPrice: 200 })).json();
    await expect(db.execute(sql`update folio_charges set gross = 1 where id = ${line.id}`)).rejects.toThrow();
    await expect(
      db.execute(sql`update folio_charges set voided_at = now(), description = 'x' where id = ${line.id}`),
    ).rejects.toThrow();
  });
});
