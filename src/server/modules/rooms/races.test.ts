import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { createRoom, createRoomType } from "../../test/factories.js";
import { describeBackends } from "../../test/harness.js";
import { queryRows } from "../../test/manager.js";

describeBackends("rooms: retypes and deletes racing bookings", (ctx) => {
  const db = () => ctx().database.db;

  it("never leaves a booked stay in a room of another type or without its room, however bookings interleave", async () => {
    const user = await ctx().signIn();
    const own = await ctx().propertyOf(user);
    const twin = await createRoomType(db(), own, { name: "Twin" });
    const king = await createRoomType(db(), own, { name: "King" });
    const rooms = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createRoom(db(), own, { number: `C-${i}`, roomType: twin })),
    );
    const answers = await Promise.all(
      rooms.flatMap((room, i) => [
        ctx().request("POST", `/api/properties/${own}/reservations`, {
          as: user,
          body: { roomId: room.id, checkInDate: "2030-11-01", checkOutDate: "2030-11-03" },
        }),
        i % 2
          ? ctx().request("DELETE", `/api/properties/${own}/rooms/${room.id}`, { as: user })
          : ctx().request("PATCH", `/api/properties/${own}/rooms/${room.id}`, {
              as: user,
              body: { roomTypeId: king.id },
            }),
      ]),
    );
    // A booking that comes after the delete finds no room (404).
    for (const answer of answers) expect([200, 201, 404, 409], answer.body).toContain(answer.statusCode);
    const mismatched = await queryRows(
      db(),
      sql`select s.code from reservations s join rooms r on r.property_id = s.property_id and r.id = s.room_id
          where s.property_id = ${own} and s.room_type_id is distinct from r.room_type_id`,
    );
    expect(mismatched).toEqual([]);
    const roomless = await queryRows(
      db(),
      sql`select code from reservations where property_id = ${own} and room_id is null and status = 'booked'`,
    );
    expect(roomless).toEqual([]);
  });
});
