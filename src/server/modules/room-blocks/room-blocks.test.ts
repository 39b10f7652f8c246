/**
 * Room blocks (docs/product.md#room-blocks): created, listed and deleted; never over a stay of the room or
 * another block, whichever comes first and under concurrency; shown by the availability grid; out of the
 * type's inventory.
 */
import { expect, it } from "vitest";
import { createRoom } from "../../test/factories.js";
import { describeBackends } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";

describeBackends("room blocks", (ctx) => {
  const { hotel, post, book } = reservationApi(ctx);
  const blocks = (pid: string, query = "") => `/api/properties/${pid}/room-blocks${query}`;

  it("creates, lists by window and deletes a block, with the room's number", async () => {
    const { user, pid, room } = await hotel();
    const body = { roomId: room.id, startDate: "2030-07-01", endDate: "2030-07-04", reason: "Leaking tap" };
    const created = await ctx().request("POST", blocks(pid), { as: user, body });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...body, roomNumber: "101" });
    const inWindow = await ctx().request("GET", blocks(pid, "?start=2030-07-03&end=2030-07-10"), {
      as: user,
    });
    expect(inWindow.json()).toHaveLength(1);
    const after = await ctx().request("GET", blocks(pid, "?start=2030-07-04"), { as: user });
    expect(after.json()).toHaveLength(0);
    const grid = await ctx().request("GET", `/api/properties/${pid}/availability?start=2030-06-30&days=3`, {
      as: user,
    });
    expect(grid.json().blocks).toEqual([
      {
        id: created.json().id,
        roomId: room.id,
        startDate: "2030-07-01",
        endDate: "2030-07-04",
        reason: "Leaking tap",
      },
    ]);
    const deleted = await ctx().request("DELETE", blocks(pid, `/${created.json().id}`), { as: user });
    expect(deleted.statusCode).toBe(200);
    expect((await ctx().request("GET", blocks(pid), { as: user })).json()).toEqual([]);
    expect(
      (await ctx().request("DELETE", blocks(pid, `/${created.json().id}`), { as: user })).statusCode,
    ).toBe(404);
  });

  it("never overlaps a stay of the room or another block, and a stay is refused over a block", async () => {
    const { user, pid, room } = await hotel();
    const stay = await book(user, pid, { roomId: room.id }, "2030-07-10", "2030-07-12");
    expect(stay.statusCode).toBe(201);
    const overStay = await ctx().request("POST", blocks(pid), {
      as: user,
      body: { roomId: room.id, startDate: "2030-07-11", endDate: "2030-07-13" },
    });
    expect(overStay.statusCode).toBe(409);
    expect(overStay.json().error).toEqual({
      code: "room_unavailable",
      message: "Room 101 has a stay on some of those dates",
    });
    const block = { roomId: room.id, startDate: "2030-07-12", endDate: "2030-07-15" };
    expect((await ctx().request("POST", blocks(pid), { as: user, body: block })).statusCode).toBe(201);
    const twice = await ctx().request("POST", blocks(pid), {
      as: user,
      body: { ...block, startDate: "2030-07-14" },
    });
    expect(twice.statusCode).toBe(409);
    const booking = await book(user, pid, { roomId: room.id }, "2030-07-14", "2030-07-16");
    expect(booking.statusCode).toBe(409);
    expect(booking.json().error.code).toBe("room_unavailable");
    // Nor can a stay be moved onto it.
    const moved = await ctx().request("PATCH", `/api/properties/${pid}/reservations/${stay.json().id}`, {
      as: user,
      body: { checkOutDate: "2030-07-13" },
    });
    expect(moved.statusCode).toBe(409);
  });

  it("a block takes its room out of the type's inventory for unassigned stays", async () => {
    const { user, pid, room, type } = await hotel();
    const block = { roomId: room.id, startDate: "2030-07-20", endDate: "2030-07-21" };
    expect((await ctx().request("POST", blocks(pid), { as: user, body: block })).statusCode).toBe(201);
    const unassigned = await book(user, pid, { roomTypeId: type.id }, "2030-07-20", "2030-07-21");
    expect(unassigned.statusCode).toBe(409);
    expect(unassigned.json().error).toMatchObject({
      code: "sold_out",
      message: expect.stringContaining("2030-07-20"),
    });
    // And a block is refused where it would leave an unassigned stay without a room.
    const sold = await book(user, pid, { roomTypeId: type.id }, "2030-07-22", "2030-07-23");
    expect(sold.statusCode).toBe(201);
    const over = await ctx().request("POST", blocks(pid), {
      as: user,
      body: { ...block, startDate: "2030-07-22", endDate: "2030-07-23" },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe("sold_out");
  });

  it("lets one of a block and a booking racing for one room through, many times over", async () => {
    const { user, pid, type, db } = await hotel();
    for (let round = 0; round < 10; round++) {
      const room = await createRoom(db, pid, { number: `R${round}`, roomType: type });
      const dates = { checkInDate: "2030-08-01", checkOutDate: "2030-08-03" };
      const [booking, block] = await Promise.all([
        post(user, pid, { roomId: room.id, ...dates }),
        ctx().request("POST", blocks(pid), {
          as: user,
          body: { roomId: room.id, startDate: "2030-08-02", endDate: "2030-08-04" },
        }),
      ]);
      expect([booking.statusCode, block.statusCode].sort()).toEqual([201, 409]);
    }
  });

  it("answers 400 for bad input and 404 for another property's room", async () => {
    const { user, pid, room } = await hotel();
    const other = await hotel();
    for (const body of [
      { roomId: room.id, startDate: "2030-07-05", endDate: "2030-07-05" },
      { roomId: room.id, startDate: "2030-02-30", endDate: "2030-03-02" },
      { roomId: "x", startDate: "2030-07-01", endDate: "2030-07-02" },
      { roomId: room.id, startDate: "2030-07-01" },
    ]) {
      expect(
        (await ctx().request("POST", blocks(pid), { as: user, body })).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
    const foreign = await ctx().request("POST", blocks(pid), {
      as: user,
      body: { roomId: other.room.id, startDate: "2030-07-01", endDate: "2030-07-02" },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
