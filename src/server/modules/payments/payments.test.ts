/**
 * Payments (docs/product.md#payments-and-balance): recorded against a stay, voided never edited, and the
 * balance the database keeps (total − payments that are not void) correct through payments, voids, edits and
 * concurrent writes.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeBackends } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";

describeBackends("payments", (ctx) => {
  const { url, hotel, post } = reservationApi(ctx);

  async function stay() {
    const h = await hotel();
    const created = await post(h.user, h.pid, {
      roomId: h.room.id,
      checkInDate: "2030-06-01",
      checkOutDate: "2030-06-04",
    });
    expect(created.json()).toMatchObject({ total: 3000, balance: 3000 });
    const base = `${url(h.pid)}/${created.json().id}`;
    const pay = (body: unknown) => ctx().request("POST", `${base}/payments`, { as: h.user, body });
    const detail = async () => (await ctx().request("GET", base, { as: h.user })).json();
    return { ...h, id: created.json().id as string, base, pay, detail };
  }

  it("records payments, shows them with the stay, and keeps the balance", async () => {
    const { pay, detail, base, user } = await stay();
    const cash = await pay({ amount: 1000, method: "cash", note: "deposit" });
    expect(cash.statusCode).toBe(201);
    expect(cash.json()).toMatchObject({ amount: 1000, method: "cash", note: "deposit", voidedAt: null });
    expect((await pay({ amount: 500.5, method: "card" })).statusCode).toBe(201);
    const shown = await detail();
    expect(shown).toMatchObject({ total: 3000, balance: 1499.5 });
    expect(shown.payments.map((p: { amount: number }) => p.amount)).toEqual([1000, 500.5]);
    const listed = await ctx().request("GET", `${base}/payments`, { as: user });
    expect(listed.json()).toHaveLength(2);
  });

  it("voids a payment once: kept, marked with who and when, and out of the balance", async () => {
    const { pay, detail, base, user } = await stay();
    const payment = (await pay({ amount: 1200, method: "bank_transfer" })).json();
    const voided = await ctx().request("POST", `${base}/payments/${payment.id}/void`, { as: user });
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({ id: payment.id, amount: 1200, voidedBy: user.id });
    expect(voided.json().voidedAt).toEqual(expect.any(String));
    expect(await detail()).toMatchObject({ balance: 3000, payments: [{ id: payment.id }] });
    const again = await ctx().request("POST", `${base}/payments/${payment.id}/void`, { as: user });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("invalid_transition");
  });

  it("keeps the balance when an edit re-prices the stay", async () => {
    const { pay, detail, base, user } = await stay();
    await pay({ amount: 1000, method: "cash" });
    const edited = await ctx().request("PATCH", base, { as: user, body: { checkOutDate: "2030-06-06" } });
    expect(edited.json()).toMatchObject({ total: 5000, balance: 4000 });
    expect(await detail()).toMatchObject({ total: 5000, balance: 4000 });
  });

  it("refuses bad payments with 400 and unknown stays or payments with 404, writing nothing", async () => {
    const { pay, base, user, pid, db } = await stay();
    for (const body of [
      { amount: 0, method: "cash" },
      { amount: -5, method: "cash" },
      { amount: 10.005, method: "cash" },
      { amount: 10, method: "cheque" },
      { amount: "10", method: "cash" },
      { method: "cash" },
      { amount: 10, method: "cash", voidedAt: "2030-01-01" },
    ]) {
      expect((await pay(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = "00000000-0000-4000-8000-000000000000";
    const missing = await ctx().request("POST", `${url(pid)}/${unknown}/payments`, {
      as: user,
      body: { amount: 10, method: "cash" },
    });
    expect(missing.statusCode).toBe(404);
    expect((await ctx().request("POST", `${base}/payments/${unknown}/void`, { as: user })).statusCode).toBe(
      404,
    );
    const rows = await db.execute(sql`select count(*)::int as n from payments where property_id = ${pid}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it("never loses a payment's effect on the balance under concurrent payments and voids", async () => {
    const { pay, detail, base, user } = await stay();
    const first = (await pay({ amount: 100, method: "cash" })).json();
    await Promise.all([
      ...Array.from({ length: 20 }, () => pay({ amount: 10, method: "card" })),
      ctx().request("POST", `${base}/payments/${first.id}/void`, { as: user }),
    ]);
    expect(await detail()).toMatchObject({ total: 3000, balance: 2800 });
  });

  it("the database refuses to edit a payment, only to void it", async () => {
    const { pay, db } = await stay();
    const payment = (await pay({ amount: 100, method: "cash" })).json();
    await expect(db.execute(sql`update payments set amount = 1 where id = ${payment.id}`)).rejects.toThrow();
    await expect(
      db.execute(sql`update payments set voided_at = now(), note = 'x' where id = ${payment.id}`),
    ).rejects.toThrow();
  });
});
