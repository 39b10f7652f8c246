/**
 * The booking engine works new searches out from each property's kept snapshot of its sellable nights
 * (sellable-snapshots.ts, decision 046): the answer is exactly what reading the search's own nights gives,
 * one read serves every search until the property's next event, and a stay beyond the horizon is read for
 * itself.
 */
import { expect, it } from "vitest";
import { addDays, type IsoDate } from "../../../domain/dates.js";
import { createRateOverride, createReservation } from "../../test/factories.js";
import { describeBackends } from "../../test/harness.js";
import { listOffers, offersFrom, readSellable } from "./offers.js";
import { engineProperty } from "./property.js";
import { publicApi } from "./public-api.js";
import { HORIZON_DAYS, type ReadSellable, SellableSnapshots } from "./sellable-snapshots.js";

const TODAY = "2029-03-01";
const NOW = new Date(`${TODAY}T12:00:00Z`);

describeBackends("booking engine offers, worked out from a kept snapshot", (ctx) => {
  const { hotel } = publicApi(ctx);

  /** A snapshot cache over the test database that counts its reads. */
  function snapshots(maxRows?: number) {
    const reads: string[] = [];
    const read: ReadSellable = (pid, from, to) => {
      reads.push(`${from}..${to}`);
      return readSellable(ctx().database.db, pid, from, to);
    };
    return { cache: new SellableSnapshots(read, maxRows), reads };
  }

  const search = (checkIn: IsoDate, nights: number, adults = 2) => ({
    checkIn,
    checkOut: addDays(checkIn, nights),
    adults,
    children: 0,
  });

  it("answers every search as reading its own nights would, from one read until the next event", async () => {
    const { code, pid, db, deluxe, family, staff, override } = await hotel(2);
    ctx().setNow(NOW.toISOString());
    // What varies along the horizon: a full night, a stop-sell, a minimum stay, a price, a plan.
    await createReservation(db, pid, {
      checkInDate: "2029-03-05",
      checkOutDate: "2029-03-08",
      roomTypeId: deluxe.id,
    });
    await createReservation(db, pid, {
      checkInDate: "2029-03-06",
      checkOutDate: "2029-03-07",
      roomTypeId: deluxe.id,
    });
    await override({ date: "2029-04-02", roomTypeId: family.id, price: null, stopSell: true });
    await override({ date: "2029-05-10", roomTypeId: null, price: 900, minLOS: 3 });
    await staff("POST", "/rate-plans", { name: "Non-refundable", adjustmentPercent: -10 });
    const property = await engineProperty(db, code);
    const { cache, reads } = snapshots();

    const searches = [
      search("2029-03-04", 2),
      search("2029-03-06", 1),
      search("2029-03-06", 1, 3),
      search("2029-04-01", 3),
      search("2029-05-10", 2),
      search("2029-05-10", 3),
      search("2029-05-09", 4, 1),
      search(addDays(TODAY, HORIZON_DAYS - 7), 7),
    ];
    const answers = [];
    for (const request of searches) {
      const nights = await cache.sellable(property, request, TODAY);
      const direct = await listOffers(db, property, request, NOW);
      expect(nights.seq).toBe(direct.seq);
      const offers = offersFrom(nights, property, request);
      expect(offers).toEqual(direct.offers);
      answers.push(
        offers.map((offer) => `${offer.roomTypeName} ${offer.plans.map((p) => p.total).join("/")}`),
      );
    }
    expect(reads).toEqual([`${TODAY}..${addDays(TODAY, HORIZON_DAYS)}`]);
    expect(answers.slice(0, 6)).toEqual([
      ["Deluxe 4000/3600", "Family 6000/5400"],
      ["Family 3000/2700"],
      ["Family 3000/2700"],
      ["Deluxe 6000/5400"],
      [],
      ["Deluxe 4900/4410", "Family 6900/6210"],
    ]);

    // Written behind the application's back (no event): not seen until the property's next event.
    await createRateOverride(db, pid, { date: "2029-06-01", roomTypeId: null, price: 1 });
    const june = search("2029-06-01", 1);
    expect(offersFrom(await cache.sellable(property, june, TODAY), property, june)[0]?.plans[0]?.total).toBe(
      2000,
    );
    const next = { ...property, eventSeq: property.eventSeq + 1 };
    const seen = await cache.sellable(next, june, TODAY);
    expect(offersFrom(seen, property, june)[0]?.plans[0]?.total).toBe(1);
    expect(reads).toHaveLength(2);
  });

  it("reads a stay ending beyond the horizon for itself, and a new day's horizon anew", async () => {
    const { code, db } = await hotel(1);
    const property = await engineProperty(db, code);
    const { cache, reads } = snapshots();
    const far = search(addDays(TODAY, HORIZON_DAYS - 1), 2);
    await cache.sellable(property, far, TODAY);
    await cache.sellable(property, far, TODAY);
    expect(reads).toEqual([`${far.checkIn}..${far.checkOut}`, `${far.checkIn}..${far.checkOut}`]);
    expect(cache.held.properties).toBe(0);

    await cache.sellable(property, search(TODAY, 1), TODAY);
    // The next day, a search its horizon reaches but the kept one does not: read again from that day.
    const tomorrow = addDays(TODAY, 1);
    await cache.sellable(property, far, tomorrow);
    expect(reads.slice(2)).toEqual([
      `${TODAY}..${addDays(TODAY, HORIZON_DAYS)}`,
      `${tomorrow}..${addDays(tomorrow, HORIZON_DAYS)}`,
    ]);
  });

  it("reads once for the searches that wait together, and lets the least recently searched hotel go", async () => {
    const one = await hotel(1);
    const other = await hotel(1);
    const db = ctx().database.db;
    for (const { pid } of [one, other]) {
      for (let day = 0; day < 5; day++) {
        await createRateOverride(db, pid, { date: addDays(TODAY, day), roomTypeId: null, price: 100 + day });
      }
    }
    const first = await engineProperty(db, one.code);
    const second = await engineProperty(db, other.code);
    const { cache, reads } = snapshots(8);
    const together = await Promise.all(
      Array.from({ length: 10 }, (_, i) => cache.sellable(first, search(addDays(TODAY, i), 1), TODAY)),
    );
    expect(reads).toHaveLength(1);
    expect(together.map((nights) => nights.overrides.map((o) => o.price))).toEqual([
      [100],
      [101],
      [102],
      [103],
      [104],
      [],
      [],
      [],
      [],
      [],
    ]);
    expect(cache.held).toEqual({ properties: 1, rows: 5 });
    await cache.sellable(second, search(TODAY, 1), TODAY);
    expect(cache.held).toEqual({ properties: 1, rows: 5 });
    await cache.sellable(first, search(TODAY, 1), TODAY);
    expect(reads).toHaveLength(3);
  });
});
