import { expect, it } from "vitest";
import { API_PATHS } from "../../../domain/api-paths.js";
import { expandAvailability } from "../../../domain/availability-compact.js";
import { compactAvailability } from "../../../domain/schemas/availability.js";
import { roomBlocks } from "../../db/schema.js";
import { createReservation, createRoom, createRoomType } from "../../test/factories.js";
import { describeBackends } from "../../test/harness.js";

describeBackends("availability, compact form", (ctx) => {
  const url = (pid: string, query: string) => `/api/properties/${pid}/availability?${query}`;

  /** A property with every kind of row the grid shows, in a window starting 2030-03-10. */
  async function furnishedProperty() {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const db = ctx().database.db;
    const deluxe = await createRoomType(db, pid, { name: "Deluxe" });
    const twin = await createRoomType(db, pid, { name: "Twin" });
    const suite = await createRoomType(db, pid, { name: "Suite" });
    await createRoom(db, pid, { number: "S-1", roomType: suite });
    // A type without rooms is listed too; no room or stay points at it.
    await createRoomType(db, pid, { name: "Penthouse" });
    const rooms = [];
    for (const number of ["10", "2", "G-1", "1"])
      rooms.push(await createRoom(db, pid, { number, roomType: deluxe }));
    const twinRoom = await createRoom(db, pid, { number: "T-1", roomType: twin });
    const untyped = await createRoom(db, pid, { number: "X", roomType: null });
    const [r10, r2, , r1] = rooms;
    if (!r10 || !r2 || !r1) throw new Error("rooms missing");
    const stays = [
      await createReservation(db, pid, { room: r1, checkInDate: "2030-02-01", checkOutDate: "2030-04-30" }),
      await createReservation(db, pid, { room: r2, checkInDate: "2030-03-24", checkOutDate: "2030-03-25" }),
      await createReservation(db, pid, {
        room: r10,
        checkInDate: "2030-03-12",
        checkOutDate: "2030-03-14",
        status: "checked_in",
        guestName: 'Zoë "Q" O\'Neil',
      }),
      await createReservation(db, pid, {
        room: twinRoom,
        checkInDate: "2030-03-15",
        checkOutDate: "2030-03-17",
      }),
      await createReservation(db, pid, {
        room: untyped,
        checkInDate: "2030-03-10",
        checkOutDate: "2030-03-11",
      }),
      await createReservation(db, pid, {
        room: null,
        roomTypeId: suite.id,
        checkInDate: "2030-03-11",
        checkOutDate: "2030-03-13",
      }),
      await createReservation(db, pid, { room: null, checkInDate: "2030-03-11", checkOutDate: "2030-03-12" }),
    ];
    await db.insert(roomBlocks).values([
      {
        propertyId: pid,
        roomId: twinRoom.id,
        startDate: "2030-03-05",
        endDate: "2030-03-12",
        reason: "Paint",
      },
      { propertyId: pid, roomId: r2.id, startDate: "2030-03-20", endDate: "2030-03-22", reason: "" },
    ]);
    return { user, pid, stays, suite };
  }

  it("expands to exactly the full form of the same window", async () => {
    const { user, pid, stays, suite } = await furnishedProperty();
    for (const query of ["start=2030-03-10", "start=2030-03-12&days=3", "start=2031-01-01&days=2"]) {
      const full = await ctx().request("GET", url(pid, query), { as: user });
      const compact = await ctx().request("GET", url(pid, `${query}&format=compact`), { as: user });
      expect(compact.statusCode).toBe(200);
      expect(compact.headers["content-type"]).toBe("application/json; charset=utf-8");
      const body = compact.json();
      // Written as JSON text by the database, not by the schema's serializer: it must still be the schema.
      expect(compactAvailability.parse(body)).toEqual(body);
      expect(expandAvailability(body)).toEqual(full.json());
    }
    const body = (
      await ctx().request("GET", url(pid, "start=2030-03-10&format=compact"), { as: user })
    ).json();
    expect(body.stays).toHaveLength(stays.length);
    // No uuid but the stay's own in a stay: room and type by position, dates as days from the start.
    const unassigned = body.stays.find((s: string[]) => s[0] === stays[5]?.id);
    const suiteAt = body.roomTypes.findIndex((type: string[]) => type[0] === suite.id);
    expect(body.roomTypes[suiteAt]).toEqual([suite.id, "Suite"]);
    expect(unassigned).toEqual([
      stays[5]?.id,
      stays[5]?.code,
      stays[5]?.guestName,
      "booked",
      null,
      suiteAt,
      1,
      2,
    ]);
    const longStay = body.stays.find((s: string[]) => s[0] === stays[0]?.id);
    expect(longStay.slice(6)).toEqual([-37, 88]);
  });

  it("is the form the web app requests", async () => {
    const { user, pid } = await furnishedProperty();
    const response = await ctx().request("GET", API_PATHS.availability(pid, "2030-03-10", 15), { as: user });
    expect(response.json().format).toBe("compact");
  });

  it("answers 400 for an unknown format", async () => {
    const { user, pid } = await furnishedProperty();
    const response = await ctx().request("GET", url(pid, "start=2030-03-10&format=tuples"), { as: user });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation");
  });
});
