/**
 * The housekeeping day: rooms whose guest leaves today (still in, or gone) and rooms with an arrival today,
 * in the property's time zone, for every role including housekeeping, and never another property's rooms.
 */
import { afterEach, expect, it } from "vitest";
import { addMember } from "../../hardening/support.js";
import { createRoom } from "../../test/factories.js";
import { describeBackends, TEST_NOW } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";

describeBackends("housekeeping day", (ctx) => {
  const { hotel, book, patch } = reservationApi(ctx);
  const today = (pid: string) => `/api/properties/${pid}/housekeeping/today`;
  afterEach(() => ctx().setNow(TEST_NOW));

  it("names the rooms with a departure (guest in or gone) and an arrival today, for a housekeeper too", async () => {
    const { user, pid, room, type, db } = await hotel();
    const [r102, r103, r104, r105] = await Promise.all(
      ["102", "103", "104", "105"].map((number) => createRoom(db, pid, { number, roomType: type })),
    );
    if (!r102 || !r103 || !r104 || !r105) throw new Error("rooms expected");
    const staying = await book(user, pid, { roomId: room.id }, "2030-04-01", "2030-04-03");
    const leaving = await book(user, pid, { roomId: r102.id }, "2030-04-01", "2030-04-03");
    await book(user, pid, { roomId: r103.id }, "2030-04-03", "2030-04-05");
    await book(user, pid, { roomId: r104.id }, "2030-04-02", "2030-04-05"); // in house, leaves later
    await book(user, pid, { roomTypeId: type.id }, "2030-04-03", "2030-04-04"); // no room: not a room's task
    ctx().setNow("2030-04-01T12:00:00Z");
    expect((await patch(user, pid, staying.json().id, "checked_in")).statusCode).toBe(200);
    expect((await patch(user, pid, leaving.json().id, "checked_in")).statusCode).toBe(200);
    ctx().setNow("2030-04-03T09:00:00Z");
    expect((await patch(user, pid, leaving.json().id, "checked_out")).statusCode).toBe(200);
    // One night from today, in and out the same day: the stay keeps its night, the guest is gone.
    const brief = await book(user, pid, { roomId: r105.id }, "2030-04-03", "2030-04-04");
    expect((await patch(user, pid, brief.json().id, "checked_in")).statusCode).toBe(200);
    expect((await patch(user, pid, brief.json().id, "checked_out")).statusCode).toBe(200);

    const housekeeper = await addMember(ctx(), user, pid, "housekeeping");
    const day = await ctx().request("GET", today(pid), { as: housekeeper });
    expect(day.statusCode).toBe(200);
    expect(day.json().date).toBe("2030-04-03");
    expect(day.json().departures).toEqual(
      expect.arrayContaining([
        { roomId: room.id, left: false },
        { roomId: r102.id, left: true },
        { roomId: r105.id, left: true },
      ]),
    );
    expect(day.json().departures).toHaveLength(3);
    expect(day.json().arrivals).toEqual([r103.id]);

    // Two days on nothing is due. (The day after, 105's one-night stay reads as a departure that day: a
    // stay keeps its one night whenever the guest left.)
    ctx().setNow("2030-04-05T09:00:00Z");
    const later = (await ctx().request("GET", today(pid), { as: housekeeper })).json();
    expect(later).toEqual({ date: "2030-04-05", departures: [], arrivals: [] });
  });

  it("answers 404 for a property the caller is not a member of", async () => {
    const { pid } = await hotel();
    const stranger = await ctx().signIn();
    expect((await ctx().request("GET", today(pid), { as: stranger })).statusCode).toBe(404);
  });
});
