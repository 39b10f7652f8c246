/**
 * Before a stay is saved, the forms ask which rooms are free for its dates (`GET …/quote/rooms`) and whether
 * the save would be refused for want of room (`GET …/quote?availability=true`): the answers follow the rules
 * the save refuses by (a booked or checked-in stay of the room, a room block, the type's inventory), a stay
 * being edited does not stand in its own way, and nothing is written.
 */
import { expect, it } from "vitest";
import { countReservations, createReservation, createRoom } from "../../test/factories.js";
import { describeBackends, type TestUser } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";

describeBackends("room vacancy before booking", (ctx) => {
  const { hotel, book } = reservationApi(ctx);
  const get = (user: TestUser, pid: string, path: string) =>
    ctx().request("GET", `/api/properties/${pid}${path}`, { as: user });
  const block = (user: TestUser, pid: string, roomId: string, startDate: string, endDate: string) =>
    ctx().request("POST", `/api/properties/${pid}/room-blocks`, {
      as: user,
      body: { roomId, startDate, endDate, reason: "Repairs" },
    });

  /** Rooms 101 and 102 of Deluxe and 201 without a type; 101 booked 10–12 July, 102 blocked 11–13 July. */
  async function busyHotel() {
    const base = await hotel();
    const { user, pid, type, room, db } = await base;
    const second = await createRoom(db, pid, { number: "102", roomType: type });
    const untyped = await createRoom(db, pid, { number: "201", roomType: null });
    const stay = await book(user, pid, { roomId: room.id }, "2030-07-10", "2030-07-12");
    expect(stay.statusCode).toBe(201);
    expect((await block(user, pid, second.id, "2030-07-11", "2030-07-13")).statusCode).toBe(201);
    // Stays that no longer hold their room take nothing.
    for (const status of ["cancelled", "checked_out", "no_show"] as const) {
      await createReservation(db, pid, {
        room: untyped,
        checkInDate: "2030-07-10",
        checkOutDate: "2030-07-13",
        status,
      });
    }
    return { ...base, second, untyped, stayId: stay.json().id as string };
  }

  it("lists the rooms free for the dates and the ones a stay or a block takes, by room number", async () => {
    const { user, pid, room, second, untyped, stayId, db } = await busyHotel();
    const before = await countReservations(db, pid);
    const vacancy = async (query: string) => {
      const answer = await get(user, pid, `/quote/rooms?${query}`);
      expect(answer.statusCode, query).toBe(200);
      return answer.json();
    };
    expect(await vacancy("checkInDate=2030-07-11&checkOutDate=2030-07-12")).toEqual({
      freeRoomIds: [untyped.id],
      takenRoomIds: [room.id, second.id],
    });
    // A check-out day is free for the next arrival.
    expect(await vacancy("checkInDate=2030-07-12&checkOutDate=2030-07-14")).toEqual({
      freeRoomIds: [room.id, untyped.id],
      takenRoomIds: [second.id],
    });
    expect(await vacancy("checkInDate=2030-07-01&checkOutDate=2030-07-10")).toEqual({
      freeRoomIds: [room.id, second.id, untyped.id],
      takenRoomIds: [],
    });
    // The stay being edited does not take its own room; the block still does.
    expect(await vacancy(`checkInDate=2030-07-09&checkOutDate=2030-07-12&stayId=${stayId}`)).toEqual({
      freeRoomIds: [room.id, untyped.id],
      takenRoomIds: [second.id],
    });
    expect(await countReservations(db, pid)).toBe(before);
  });

  it("refuses a taken room, a blocked room and a sold-out type exactly as the save does", async () => {
    const { user, pid, room, second, type, untyped, stayId, db } = await busyHotel();
    const quote = (query: string) =>
      get(user, pid, `/quote?availability=true&checkInDate=2030-07-11&checkOutDate=2030-07-12&${query}`);
    const create = (where: { roomId: string } | { roomTypeId: string }) =>
      book(user, pid, where, "2030-07-11", "2030-07-12");
    const before = await countReservations(db, pid);

    const taken = await quote(`roomId=${room.id}`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: "room_unavailable",
      message: "Room not available for selected dates.",
    });
    const blocked = await quote(`roomId=${second.id}`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe(
      "Room not available for selected dates. The room is out of order then.",
    );
    const soldOut = await quote(`roomTypeId=${type.id}`);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().error).toEqual({
      code: "sold_out",
      message: "Sold out on 2030-07-11: no room of this type is free that night",
    });
    expect(await countReservations(db, pid)).toBe(before);
    // The save meets the same refusals, word for word.
    expect((await create({ roomId: room.id })).json()).toEqual(taken.json());
    expect((await create({ roomId: second.id })).json()).toEqual(blocked.json());
    expect((await create({ roomTypeId: type.id })).json()).toEqual(soldOut.json());

    // A free room is quoted; so is the stay being edited, moved within its own room.
    expect((await quote(`roomId=${untyped.id}`)).statusCode).toBe(200);
    const moved = await get(
      user,
      pid,
      `/quote?availability=true&checkInDate=2030-07-09&checkOutDate=2030-07-11&roomId=${room.id}&stayId=${stayId}`,
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ roomId: room.id, nights: 2, total: 2000 });
    const edit = await ctx().request("PATCH", `/api/properties/${pid}/reservations/${stayId}`, {
      as: user,
      body: { checkInDate: "2030-07-09", checkOutDate: "2030-07-11" },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().total).toBe(moved.json().total);
    // Without availability=true the quote prices the dates only (the Front Desk's move confirmation).
    expect(
      (await get(user, pid, `/quote?checkInDate=2030-07-11&checkOutDate=2030-07-12&roomId=${second.id}`))
        .statusCode,
    ).toBe(200);
  });

  it("answers 400 naming the field for bad input, and writes nothing", async () => {
    const { user, pid, db } = await hotel();
    const cases: [string, string][] = [
      ["checkInDate=2030-01-01&checkOutDate=2031-01-02", "checkOutDate"],
      ["checkInDate=2030-02-30&checkOutDate=2030-03-01", "checkInDate"],
      ["checkInDate=2030-06-01", "checkOutDate"],
      ["checkInDate=2030-06-01&checkOutDate=2030-06-02&stayId=nope", "stayId"],
    ];
    // Dates out of order answer the product's own sentence, whole (src/server/http/errors.ts).
    const reversed = await get(user, pid, "/quote/rooms?checkInDate=2030-06-02&checkOutDate=2030-06-01");
    expect(reversed.json()).toEqual({
      error: { code: "validation", message: "Check-out must be after check-in" },
    });
    for (const [query, field] of cases) {
      const answer = await get(user, pid, `/quote/rooms?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error.code, query).toBe("validation");
      expect(
        answer.json().error.fields.map((issue: { field: string }) => issue.field),
        query,
      ).toContain(field);
    }
    const extra = await get(
      user,
      pid,
      "/quote/rooms?checkInDate=2030-06-01&checkOutDate=2030-06-02&roomId=x",
    );
    expect(extra.statusCode).toBe(400);
    const flag = await get(
      user,
      pid,
      "/quote?checkInDate=2030-06-01&checkOutDate=2030-06-02&availability=yes",
    );
    expect(flag.statusCode).toBe(400);
    expect(flag.json().error.message).toContain("availability");
    expect(await countReservations(db, pid)).toBe(0);
  });
});
