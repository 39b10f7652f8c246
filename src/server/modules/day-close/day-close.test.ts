/**
 * Day close (docs/product.md#day-close): the stored report against figures worked out by hand for a small
 * hotel, that report unchanged by later edits, each lock refusing with `day_closed`, order and "exactly once"
 * under concurrent closers and a moved clock, and a server down for days catching up in order.
 */
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "../../db/connect.js";
import { queryRows } from "../../db/rows.js";
import { properties } from "../../db/schema.js";
import { createRoom } from "../../test/factories.js";
import { describeBackends } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";
import { closePropertyDueDays, lastDueDay } from "./scheduler.js";
import { turnStayoversDirty } from "./service.js";

/** Noon in Kolkata (the default zone) on `date`, and 04:00 the next day (after the default 03:00 close). */
const noon = (date: string) => `${date}T06:30:00Z`;
const afterClose = (date: string) => `${date}T22:30:00Z`;

async function propertyRow(db: Db, id: string) {
  const [row] = await db.select().from(properties).where(eq(properties.id, id));
  if (!row) throw new Error("no property");
  return row;
}

describeBackends("day close", (ctx) => {
  const { hotel, post } = reservationApi(ctx);
  const silent = { info: () => {}, warn: () => {}, error: () => {} };

  /** A hotel whose first day is `day` (its creation moved there), with a second room. */
  async function hotelFrom(day: string) {
    ctx().setNow(noon(day));
    const h = await hotel();
    await h.db.execute(sql`update properties set created_at = ${noon(day)}::timestamptz where id = ${h.pid}`);
    const room2 = await createRoom(h.db, h.pid, { number: "102", roomType: h.type });
    const api = (method: "GET" | "POST" | "PATCH", path: string, body?: unknown) =>
      ctx().request(method, `/api/properties/${h.pid}${path}`, { as: h.user, body });
    return { ...h, room2, api };
  }

  it("stores the report a manager works out by hand, and later edits never change it", async () => {
    const day = "2030-03-01";
    const { api, pid, user, room, room2 } = await hotelFrom(day);
    const gst = (await api("POST", "/tax-rates", { name: "GST", percent: 12 })).json();
    await api("PATCH", "", { cityTaxPerAdultPerNight: 10 });
    // Mira: booked for today and cancelled (before the house filled up).
    const mira = await post(user, pid, { checkInDate: day, checkOutDate: "2030-03-02" });
    expect(mira.statusCode, mira.body).toBe(201);
    const cancelled = await api("PATCH", `/reservations/${mira.json().id}`, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Asha: arrives, checks in, stays 2 nights in 101 (1000 a night), breakfast 224 with GST, pays 500 cash.
    const asha = (
      await post(user, pid, { roomId: room.id, checkInDate: day, checkOutDate: "2030-03-03", adults: 2 })
    ).json();
    await api("PATCH", `/reservations/${asha.id}`, { status: "checked_in" });
    await api("POST", `/reservations/${asha.id}/charges`, {
      description: "Breakfast",
      quantity: 2,
      unitPrice: 112,
      taxRateId: gst.id,
    });
    await api("POST", `/reservations/${asha.id}/payments`, { amount: 500, method: "cash" });
    // Ravi: due today in 102, never comes (a no-show at the close).
    const ravi = (
      await post(user, pid, { roomId: room2.id, checkInDate: day, checkOutDate: "2030-03-02" })
    ).json();
    await api("POST", `/reservations/${asha.id}/payments`, { amount: 100, method: "card" });
    await api("POST", `/reservations/${asha.id}/payments`, { amount: 40, method: "card", kind: "refund" });

    ctx().setNow(afterClose(day));
    const closed = await api("POST", "/day-closes", { date: day });
    expect(closed.statusCode, closed.body).toBe(201);
    const report = closed.json();
    // By hand: 2 rooms; sold: Asha's night only (Ravi is a no-show now); rooms 1000, occupancy 50 %.
    expect(report).toEqual({
      date: day,
      roomsAvailable: 2,
      roomsBlocked: 0,
      roomNightsSold: 1,
      occupancy: 50,
      adr: 1000,
      revpar: 500,
      revenue: { room: 1000, extras: 224, cityTax: 20 },
      taxes: [{ name: "GST", percent: 12, net: 200, tax: 24 }],
      payments: { cash: 500, card: 100, bank_transfer: 0, other: 0, refunds: 40 },
      arrivals: 2,
      departures: 0,
      noShows: 1,
      cancellations: 1,
      inHouse: 1,
      closedAt: afterClose(day).replace("Z", ".000Z"),
      closedBy: user.id,
    });
    expect((await api("GET", `/reservations/${ravi.id}`)).json().status).toBe("no_show");
    expect((await api("GET", `/day-closes/${day}`)).json()).toEqual(report);
    // Asha's room is occupied: it turned dirty for the stay-over cleaning.
    const [hk] = await queryRows<{ hk: string }>(
      ctx().database.db,
      sql`select hk_status as hk from rooms where id = ${room.id}`,
    );
    expect(hk?.hk).toBe("dirty");

    // Later edits: a new charge and payment today, a check-out: the stored report stays as it was.
    await api("POST", `/reservations/${asha.id}/charges`, {
      description: "Minibar",
      quantity: 1,
      unitPrice: 50,
    });
    await api("PATCH", `/reservations/${asha.id}`, { status: "checked_out" });
    expect((await api("GET", `/day-closes/${day}`)).json()).toEqual(report);
    expect((await api("GET", "/day-closes")).json()).toEqual([report]);
    const property = (await api("GET", "")).json();
    expect(property.closedThrough).toBe(day);
    const log = (await api("GET", "/activity")).json();
    expect(log.filter((entry: { action: string }) => entry.action === "day.closed")).toHaveLength(1);
  });

  it("refuses every change dated on a closed day with day_closed, and writes nothing", async () => {
    const day = "2030-04-01";
    const { api, pid, user, room, db } = await hotelFrom(day);
    const stay = (
      await post(user, pid, { roomId: room.id, checkInDate: day, checkOutDate: "2030-04-04" })
    ).json();
    await api("PATCH", `/reservations/${stay.id}`, { status: "checked_in" });
    const line = (
      await api("POST", `/reservations/${stay.id}/charges`, {
        description: "Spa",
        quantity: 1,
        unitPrice: 300,
      })
    ).json();
    const paid = (
      await api("POST", `/reservations/${stay.id}/payments`, { amount: 300, method: "card" })
    ).json();
    ctx().setNow(afterClose(day));
    expect((await api("POST", "/day-closes", { date: day })).statusCode).toBe(201);
    const before = await queryRows(db, sql`select * from reservations where id = ${stay.id}`);
    const refusals = [
      await api("POST", `/reservations/${stay.id}/charges/${line.id}/void`),
      await api("POST", `/reservations/${stay.id}/payments/${paid.id}/void`),
      await api("POST", `/reservations/${stay.id}/charges`, {
        description: "Late",
        quantity: 1,
        unitPrice: 5,
        date: day,
      }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.code).toBe("day_closed");
      expect(refused.json().error.message).toContain(`is closed`);
    }
    expect(refusals[1]?.json().error.message).toBe(
      `${day} is closed: its payments cannot be voided. Correct it with a new line dated today.`,
    );
    expect(await queryRows(db, sql`select * from reservations where id = ${stay.id}`)).toEqual(before);
    // The same writes by SQL, past the API, and a new price for a closed night: the database refuses them.
    await expect(
      db.execute(
        sql`update reservations set nightly_rates = array[1, 1000, 1000]::numeric[], total = 2001 where id = ${stay.id}`,
      ),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update folio_charges set voided_at = now() where id = ${line.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update payments set voided_at = now() where id = ${paid.id}`),
    ).rejects.toThrow();
    // What is dated after it still changes: a later night's price, a line dated today.
    expect(
      (
        await api("POST", `/reservations/${stay.id}/charges`, {
          description: "Taxi",
          quantity: 1,
          unitPrice: 20,
        })
      ).statusCode,
    ).toBe(201);
    expect((await api("PATCH", `/reservations/${stay.id}`, { checkOutDate: "2030-04-05" })).statusCode).toBe(
      200,
    );
  });

  it("closes in order, never today, and each day once whoever closes at once", async () => {
    const day = "2030-05-01";
    const { api, db, pid } = await hotelFrom(day);
    ctx().setNow(afterClose("2030-05-02"));
    const early = await api("POST", "/day-closes", { date: "2030-05-02" });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toContain("2030-05-01");
    expect((await api("POST", "/day-closes", { date: "2030-05-03" })).json().error.code).toBe(
      "invalid_transition",
    );
    // Two closers at once (two instances' schedulers and a manager): each day closes exactly once.
    const now = () => new Date(afterClose("2030-05-02"));
    const property = await propertyRow(db, pid);
    const answers = await Promise.all([
      closePropertyDueDays(db, property, { now, log: silent }),
      closePropertyDueDays(db, property, { now, log: silent }),
      api("POST", "/day-closes", { date: day }),
    ]);
    const rows = await queryRows<{ date: string }>(
      db,
      sql`select to_char(date, 'YYYY-MM-DD') as date from day_closes where property_id = ${pid} order by date`,
    );
    expect(rows.map((row) => row.date)).toEqual(["2030-05-01", "2030-05-02"]);
    expect((answers[0] as number) + (answers[1] as number) + (answers[2].statusCode === 201 ? 1 : 0)).toBe(2);
    expect((await api("POST", "/day-closes", { date: day })).json().error.message).toContain(
      "already closed",
    );
  });

  it("taxes each sold night as its folio does, rounding each night, whatever the number of nights", async () => {
    const day = "2030-08-01";
    const { api, db, pid, user } = await hotelFrom(day);
    const vat = (await api("POST", "/tax-rates", { name: "VAT", percent: 5 })).json();
    const taxed = await api("POST", "/room-types", {
      name: "Taxed",
      capacity: 2,
      baseRate: 100.05,
      taxRateId: vat.id,
    });
    expect(taxed.statusCode, taxed.body).toBe(201);
    const type = taxed.json();
    for (const number of ["201", "202", "203"]) {
      const room = await createRoom(db, pid, { number, roomType: { ...type, propertyId: pid } });
      const stay = await post(user, pid, { roomId: room.id, checkInDate: day, checkOutDate: "2030-08-02" });
      expect(stay.statusCode, stay.body).toBe(201);
      await api("PATCH", `/reservations/${stay.json().id}`, { status: "checked_in" });
    }
    ctx().setNow(afterClose(day));
    const report = (await api("POST", "/day-closes", { date: day })).json();
    // Prices include tax (the default): each night of 100.05 is 95.29 net and 4.76 tax, rounded per night;
    // three nights 285.87 and 14.28 (not 300.15 / 1.05 = 285.86 and 14.29).
    expect(report.taxes).toEqual([{ name: "VAT", percent: 5, net: 285.87, tax: 14.28 }]);
    expect(report.revenue.room).toBe(300.15);
    expect(report.roomNightsSold).toBe(3);
  });

  it("turns every occupied room dirty a batch at a time, and none when the close is refused", async () => {
    const day = "2030-07-01";
    const { api, db, pid } = await hotelFrom(day);
    for (const number of ["103", "104", "105", "106"]) await createRoom(db, pid, { number });
    const hk = async () =>
      (
        await queryRows<{ hk: string }>(
          db,
          sql`select hk_status || ':' || status as hk from rooms where property_id = ${pid} order by number`,
        )
      ).map((row) => row.hk);
    await db.execute(sql`update rooms set status = 'occupied', hk_status = 'clean' where property_id = ${pid}
      and number <> '106'`);
    ctx().setNow(afterClose(day));
    // Out of order (the day before it is open): refused before any room turns.
    expect((await api("POST", "/day-closes", { date: "2030-07-02" })).statusCode).toBe(409);
    expect(await hk()).toEqual([...Array(5).fill("clean:occupied"), "clean:vacant"]);
    expect(await turnStayoversDirty(db, pid, 2)).toBe(5);
    expect(await hk()).toEqual([...Array(5).fill("dirty:occupied"), "clean:vacant"]);
    expect(await turnStayoversDirty(db, pid, 2)).toBe(0);
  });

  it("names the next day to close: the first day (an earlier arrival moves it), then the day after the last closed", async () => {
    const day = "2030-06-10";
    const { api, pid, user } = await hotelFrom(day);
    const next = async () => (await api("GET", "/day-closes/next")).json();
    expect(await next()).toEqual({ date: day, due: false });
    ctx().setNow(afterClose(day));
    expect(await next()).toEqual({ date: day, due: true });
    // A stay that arrived before the day the property was made (brought over from another system, here
    // booked on its day by moving the clock back) comes first.
    ctx().setNow(noon("2030-06-07"));
    const earlier = await post(user, pid, { checkInDate: "2030-06-07", checkOutDate: "2030-06-08" });
    expect(earlier.statusCode, earlier.body).toBe(201);
    ctx().setNow(afterClose(day));
    expect(await next()).toEqual({ date: "2030-06-07", due: true });
    expect((await api("POST", "/day-closes", { date: "2030-06-07" })).statusCode).toBe(201);
    expect(await next()).toEqual({ date: "2030-06-08", due: true });
  });

  it("catches up the days a stopped server missed, oldest first, when the clock moves on", async () => {
    const day = "2030-06-01";
    const { api, pid, user, db } = await hotelFrom(day);
    await post(user, pid, { checkInDate: "2030-06-02", checkOutDate: "2030-06-03" });
    // Down from the 1st until 02:00 on the 4th, before the close time: the 1st and the 2nd are due, not the 3rd.
    const at = (instant: string) => ({ now: () => new Date(instant), log: silent });
    expect(
      lastDueDay({ timeZone: "Asia/Kolkata", dayCloseTime: "03:00" }, new Date("2030-06-03T20:30:00Z")),
    ).toBe("2030-06-02");
    expect(await closePropertyDueDays(db, await propertyRow(db, pid), at("2030-06-03T20:30:00Z"))).toBe(2);
    const days = (await api("GET", "/day-closes")).json().map((report: { date: string }) => report.date);
    expect(days).toEqual(["2030-06-02", "2030-06-01"]);
    // The arrival of the 2nd never came: a no-show of the automatic close, which the log names.
    const log = (await api("GET", "/activity")).json();
    const closes = log.filter((entry: { action: string }) => entry.action === "day.closed");
    expect(closes.map((entry: { actorName: string }) => entry.actorName)).toEqual(["Day close", "Day close"]);
    expect((await api("GET", "/day-closes/2030-06-02")).json()).toMatchObject({
      noShows: 1,
      arrivals: 1,
      closedBy: null,
    });
    // Nothing more is due until 03:00 on the 4th.
    expect(await closePropertyDueDays(db, await propertyRow(db, pid), at("2030-06-03T21:00:00Z"))).toBe(0);
  });
});
