/**
 * The rate calendar's restrictions and the room type's capacity at booking time
 * (docs/product.md#restrictions): stop sell and minimum stay answer 409 `restricted` naming the date and the
 * rule; too many guests answer 400; an override without a price never makes a night free. Refusals write
 * nothing.
 */
import { expect, it } from "vitest";
import { countReservations, createRateOverride, createRoom, createRoomType } from "../../test/factories.js";
import { describeBackends } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";

describeBackends("booking restrictions and capacity", (ctx) => {
  const { hotel, post, book } = reservationApi(ctx);

  it("refuses a stay over a stop-sell night of its room type or of All, naming the night", async () => {
    const { user, pid, room, type, db } = await hotel();
    await createRateOverride(db, pid, {
      date: "2030-05-03",
      roomTypeId: type.id,
      price: 1000,
      stopSell: true,
    });
    await createRateOverride(db, pid, { date: "2030-05-08", roomTypeId: null, price: 1000, stopSell: true });
    for (const [checkInDate, checkOutDate, night] of [
      ["2030-05-01", "2030-05-04", "2030-05-03"],
      ["2030-05-03", "2030-05-04", "2030-05-03"],
      ["2030-05-07", "2030-05-10", "2030-05-08"],
      ["2030-05-01", "2030-05-10", "2030-05-03"],
    ]) {
      const answer = await post(user, pid, { roomId: room.id, checkInDate, checkOutDate });
      expect(answer.statusCode, `${checkInDate} → ${checkOutDate}`).toBe(409);
      expect(answer.json().error).toEqual({
        code: "restricted",
        message: `Stop sell on ${night}: that night cannot be sold`,
      });
    }
    expect(await countReservations(db, pid)).toBe(0);
    // Leaving on the stopped night is fine; so is another type's stop sell.
    const other = await createRoomType(db, pid, { name: "Suite" });
    await createRateOverride(db, pid, { date: "2030-05-04", roomTypeId: other.id, price: 1, stopSell: true });
    const fine = await book(user, pid, { roomId: room.id }, "2030-05-01", "2030-05-03");
    expect(fine.statusCode).toBe(201);
    const otherDay = await book(user, pid, { roomId: room.id }, "2030-05-04", "2030-05-05");
    expect(otherDay.statusCode).toBe(201);
  });

  it("refuses a stay shorter than the arrival date's minimum (type's, else All's)", async () => {
    const { user, pid, room, type, db } = await hotel();
    await createRateOverride(db, pid, { date: "2030-06-01", roomTypeId: null, price: 1000, minLos: 4 });
    await createRateOverride(db, pid, { date: "2030-06-01", roomTypeId: type.id, price: 1000, minLos: 3 });
    await createRateOverride(db, pid, { date: "2030-06-10", roomTypeId: null, price: 1000, minLos: 2 });
    const short = await book(user, pid, { roomId: room.id }, "2030-06-01", "2030-06-03");
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toEqual({
      code: "restricted",
      message: "Minimum stay of 3 nights for arrivals on 2030-06-01",
    });
    const bare = await createRoom(db, pid, { number: "B1" });
    const noType = await book(user, pid, { roomId: bare.id }, "2030-06-01", "2030-06-04");
    expect(noType.json().error.message).toBe("Minimum stay of 4 nights for arrivals on 2030-06-01");
    expect(await countReservations(db, pid)).toBe(0);
    const long = await book(user, pid, { roomId: room.id }, "2030-06-01", "2030-06-04");
    expect(long.statusCode).toBe(201);
    // A minimum on a later night of the stay does not apply.
    const through = await book(user, pid, { roomId: room.id }, "2030-06-09", "2030-06-11");
    expect(through.statusCode).toBe(201);
  });

  it("never makes a night free with an override that only restricts", async () => {
    const { user, pid, room, type, db } = await hotel();
    await ctx().request("POST", `/api/properties/${pid}/rate-overrides`, {
      as: user,
      body: { date: "2030-07-01", roomTypeId: null, price: "", minLOS: 1 },
    });
    await createRateOverride(db, pid, { date: "2030-07-02", roomTypeId: null, price: 1800 });
    const typeOnly = await ctx().request("POST", `/api/properties/${pid}/rate-overrides`, {
      as: user,
      body: { date: "2030-07-02", roomTypeId: type.id, price: null, minLOS: 1 },
    });
    expect(typeOnly.json().price).toBeNull();
    const stay = await book(user, pid, { roomId: room.id }, "2030-07-01", "2030-07-03");
    // 1st: base rate 1000 (no price on the All override); 2nd: the All price 1800 (the type's has none).
    expect(stay.json()).toMatchObject({ total: 2800 });
  });

  it("refuses more guests than the room type holds, before any other rule", async () => {
    const { user, pid, db } = await hotel();
    const twin = await createRoomType(db, pid, { name: "Twin", capacity: 2 });
    const room = await createRoom(db, pid, { number: "T1", roomType: twin });
    await createRateOverride(db, pid, { date: "2030-08-01", roomTypeId: null, price: 1, stopSell: true });
    for (const [adults, children] of [
      [3, 0],
      [2, 1],
      [1, 2],
      [6, 0],
    ] as const) {
      const answer = await post(user, pid, {
        roomId: room.id,
        adults,
        children,
        checkInDate: "2030-08-01",
        checkOutDate: "2030-08-02",
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.message).toBe(
        `adults: ${adults + children} guests do not fit the room type's capacity of 2`,
      );
    }
    const viaType = await post(user, pid, {
      roomTypeId: twin.id,
      adults: 3,
      checkInDate: "2030-08-05",
      checkOutDate: "2030-08-06",
    });
    expect(viaType.statusCode).toBe(400);
    expect(await countReservations(db, pid)).toBe(0);
    const fits = await post(user, pid, {
      roomId: room.id,
      adults: 1,
      children: 1,
      checkInDate: "2030-08-05",
      checkOutDate: "2030-08-06",
    });
    expect(fits.statusCode).toBe(201);
  });
});
