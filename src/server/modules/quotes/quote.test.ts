/**
 * `GET …/quote` prices a stay with the rule a create uses (base rate, overrides of the type and of All, a
 * blank price keeping the base rate), refuses what a create would refuse on capacity and restrictions, and
 * writes nothing.
 */
import { expect, it } from "vitest";
import { countReservations, createRateOverride, createRoom, createRoomType } from "../../test/factories.js";
import { describeBackends, type TestUser } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";

describeBackends("stay quotes", (ctx) => {
  const { hotel } = reservationApi(ctx);
  const quote = (user: TestUser, pid: string, query: string) =>
    ctx().request("GET", `/api/properties/${pid}/quote?${query}`, { as: user });

  it("prices each night as a booking would: type override, then All, then the base rate", async () => {
    const { user, pid, room, type, db } = await hotel();
    await createRateOverride(db, pid, { date: "2030-05-01", roomTypeId: type.id, price: 1800 });
    await createRateOverride(db, pid, { date: "2030-05-01", roomTypeId: null, price: 1200 });
    await createRateOverride(db, pid, { date: "2030-05-02", roomTypeId: null, price: 1100 });
    await createRateOverride(db, pid, { date: "2030-05-03", roomTypeId: null, price: null, minLos: 1 });
    const answer = await quote(user, pid, `roomId=${room.id}&checkInDate=2030-05-01&checkOutDate=2030-05-04`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      roomId: room.id,
      roomNumber: "101",
      roomTypeId: type.id,
      nights: 3,
      nightlyRates: [1800, 1100, 1000],
      total: 3900,
    });
    // By type alone, without a room.
    const byType = await quote(
      user,
      pid,
      `roomTypeId=${type.id}&checkInDate=2030-05-02&checkOutDate=2030-05-03`,
    );
    expect(byType.json()).toMatchObject({ roomId: null, roomTypeId: type.id, total: 1100 });
    expect(await countReservations(db, pid)).toBe(0);
  });

  it("refuses a stop-sell night, a short stay and too many guests as a booking would", async () => {
    const { user, pid, room, type, db } = await hotel();
    await createRateOverride(db, pid, { date: "2030-06-02", roomTypeId: type.id, price: 1, stopSell: true });
    await createRateOverride(db, pid, { date: "2030-06-10", roomTypeId: null, price: null, minLos: 3 });
    const stopped = await quote(
      user,
      pid,
      `roomId=${room.id}&checkInDate=2030-06-01&checkOutDate=2030-06-03`,
    );
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().error).toEqual({
      code: "restricted",
      message: "Stop sell on 2030-06-02: that night cannot be sold",
    });
    const short = await quote(user, pid, `roomId=${room.id}&checkInDate=2030-06-10&checkOutDate=2030-06-11`);
    expect(short.statusCode).toBe(409);
    expect(short.json().error.message).toContain("2030-06-10");
    const crowd = await quote(
      user,
      pid,
      `roomId=${room.id}&checkInDate=2030-06-20&checkOutDate=2030-06-21&adults=4&children=1`,
    );
    expect(crowd.statusCode).toBe(400);
    expect(crowd.json().error.code).toBe("validation");
  });

  it("answers 400 for bad input and 404 for another property's room", async () => {
    const { user, pid } = await hotel();
    for (const query of [
      "checkInDate=2030-06-02&checkOutDate=2030-06-01",
      "checkInDate=2030-02-30&checkOutDate=2030-03-01",
      "checkInDate=2030-06-01",
      "checkInDate=2030-06-01&checkOutDate=2030-06-02&adults=0",
      "checkInDate=2030-06-01&checkOutDate=2030-06-02&roomId=nope",
      "checkInDate=2030-06-01&checkOutDate=2030-06-02&extra=1",
    ]) {
      const answer = await quote(user, pid, query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error.code, query).toBe("validation");
    }
    const other = await hotel();
    const theirs = await createRoom(other.db, other.pid, {
      number: "9",
      roomType: await createRoomType(other.db, other.pid),
    });
    const answer = await quote(
      user,
      pid,
      `roomId=${theirs.id}&checkInDate=2030-06-01&checkOutDate=2030-06-02`,
    );
    expect(answer.statusCode).toBe(404);
  });
});
