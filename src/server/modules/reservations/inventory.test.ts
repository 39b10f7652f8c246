/**
 * Room-type inventory under concurrency (docs/product.md#room-type-inventory): stays of a type that hold
 * inventory, with or without a room, never outnumber the type's rooms minus its blocked rooms, however many
 * requests race.
 */
import { expect, it } from "vitest";
import { createRoom, createRooms, createRoomType } from "../../test/factories.js";
import { describeBackends } from "../../test/harness.js";

describeBackends("room-type inventory", (ctx) => {
  async function hotel(rooms: number) {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const db = ctx().database.db;
    const type = await createRoomType(db, pid, { name: "Standard", capacity: 2, baseRate: 1000 });
    const created = await createRooms(
      db,
      pid,
      Array.from({ length: rooms }, (_, i) => `${100 + i}`),
      type,
    );
    const book = (body: Record<string, unknown>) =>
      ctx().request("POST", `/api/properties/${pid}/reservations`, { as: user, body });
    const report = async (from: string, to: string) =>
      (
        await ctx().request("GET", `/api/properties/${pid}/reports/occupancy?from=${from}&to=${to}`, {
          as: user,
        })
      ).json();
    return { user, pid, db, type, rooms: created, book, report };
  }

  it("lets exactly N of 100 concurrent unassigned bookings into a type with N free rooms", async () => {
    const { type, rooms, book, report } = await hotel(7);
    // One room is taken by an assigned stay, so 6 remain for unassigned ones.
    expect(
      (await book({ roomId: rooms[0]?.id, checkInDate: "2030-09-01", checkOutDate: "2030-09-03" }))
        .statusCode,
    ).toBe(201);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        // Overlapping windows: every one of them needs the night of 09-02.
        book({
          roomTypeId: type.id,
          checkInDate: i % 2 ? "2030-09-01" : "2030-09-02",
          checkOutDate: "2030-09-03",
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);
    expect(statuses.filter((s) => s === 409)).toHaveLength(94);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error.code).toBe("sold_out");
      expect(refused.json().error.message).toMatch(/^Sold out on 2030-09-0[12]/);
    }
    // The report can never show more than every room sold.
    expect((await report("2030-09-02", "2030-09-03")).occupancyPct).toBe(100);
  });

  it("a stay without a room can still be given any free room of its type, and not one that is taken", async () => {
    const { type, rooms, book, user, pid } = await hotel(2);
    const unassigned = (
      await book({ roomTypeId: type.id, checkInDate: "2030-10-01", checkOutDate: "2030-10-02" })
    ).json();
    const assigned = await book({
      roomId: rooms[0]?.id,
      checkInDate: "2030-10-01",
      checkOutDate: "2030-10-02",
    });
    expect(assigned.statusCode).toBe(201);
    // Both rooms are now spoken for: a third stay of the type is refused whether or not it names a room.
    expect(
      (await book({ roomId: rooms[1]?.id, checkInDate: "2030-10-01", checkOutDate: "2030-10-02" }))
        .statusCode,
    ).toBe(409);
    const give = (roomId: string | undefined) =>
      ctx().request("PATCH", `/api/properties/${pid}/reservations/${unassigned.id}`, {
        as: user,
        body: { roomId },
      });
    expect((await give(rooms[0]?.id)).statusCode).toBe(409);
    expect((await give(rooms[1]?.id)).json()).toMatchObject({ roomNumber: "101" });
  });

  it("of concurrent moves of two stays into one room, one wins", async () => {
    const { rooms, book, user, pid, db, type } = await hotel(3);
    for (let round = 0; round < 5; round++) {
      const target = await createRoom(db, pid, { number: `T${round}`, roomType: type });
      const dates = { checkInDate: `2030-11-0${round + 1}`, checkOutDate: `2030-11-0${round + 2}` };
      const a = (await book({ roomId: rooms[0]?.id, ...dates })).json();
      const b = (await book({ roomId: rooms[1]?.id, ...dates })).json();
      const move = (id: string) =>
        ctx().request("PATCH", `/api/properties/${pid}/reservations/${id}`, {
          as: user,
          body: { roomId: target.id },
        });
      const statuses = (await Promise.all([move(a.id), move(b.id)])).map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
    }
  });
});
