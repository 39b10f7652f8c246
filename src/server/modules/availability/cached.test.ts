import { expect, it } from "vitest";
import { createRoom, createRoomType } from "../../test/factories.js";
import { describeBackends } from "../../test/harness.js";
import { availabilityJson, compactAvailabilityJson } from "./service.js";

/**
 * The grid is kept between changes (src/server/http/kept-answers.ts, decision 021): after every kind of change the screens
 * make, the answer must be exactly what building it afresh gives, in both forms.
 */
describeBackends("availability, kept between changes", (ctx) => {
  const START = "2030-03-10";

  it("answers as a fresh build after each change to stays, blocks, rooms and room types", async () => {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const db = ctx().database.db;
    const twin = await createRoomType(db, pid, { name: "Twin" });
    const r1 = await createRoom(db, pid, { number: "1", roomType: twin });
    const r2 = await createRoom(db, pid, { number: "2", roomType: twin });
    const api = async (method: "POST" | "PATCH" | "DELETE", path: string, body?: object) => {
      const response = await ctx().request(method, `/api/properties/${pid}${path}`, { as: user, body });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json() as { id: string };
    };
    const grids = async () => {
      const read = (format: string) =>
        ctx().request("GET", `/api/properties/${pid}/availability?start=${START}&format=${format}`, {
          as: user,
        });
      const [compact, full] = [await read("compact"), await read("full")];
      // Read twice: the second answer comes from the cache.
      const [compactAgain, fullAgain] = [await read("compact"), await read("full")];
      expect(compactAgain.body).toBe(compact.body);
      expect(fullAgain.body).toBe(full.body);
      // A compact answer read after a change is the kept one brought up to date (compact-patch.ts), written
      // by JSON.stringify rather than by the database: the same value, not the same spacing.
      expect(compact.json()).toEqual(JSON.parse((await compactAvailabilityJson(db, pid, START, 15)).json));
      expect(full.body).toBe((await availabilityJson(db, pid, START, 15)).json);
      return full.json() as {
        rooms: { number: string; hkStatus: string; roomTypeName: string }[];
        stays: { id: string; roomId: string | null; status: string; checkOutDate: string }[];
        blocks: { id: string }[];
      };
    };

    expect((await grids()).stays).toEqual([]);
    const stay = await api("POST", "/reservations", {
      guestName: "Ada",
      roomId: r1.id,
      checkInDate: "2030-03-11",
      checkOutDate: "2030-03-13",
    });
    expect((await grids()).stays.map((s) => s.id)).toEqual([stay.id]);
    await api("PATCH", `/reservations/${stay.id}`, { roomId: r2.id, checkOutDate: "2030-03-14" });
    expect((await grids()).stays[0]).toMatchObject({ roomId: r2.id, checkOutDate: "2030-03-14" });
    await api("PATCH", `/reservations/${stay.id}`, { status: "cancelled" });
    expect((await grids()).stays).toEqual([]);

    const block = await api("POST", "/room-blocks", {
      roomId: r1.id,
      startDate: START,
      endDate: "2030-03-12",
    });
    expect((await grids()).blocks.map((b) => b.id)).toEqual([block.id]);
    await api("DELETE", `/room-blocks/${block.id}`);
    expect((await grids()).blocks).toEqual([]);

    await api("PATCH", `/rooms/${r1.id}`, { hkStatus: "dirty" });
    expect((await grids()).rooms[0]).toMatchObject({ number: "1", hkStatus: "dirty" });
    await api("PATCH", `/room-types/${twin.id}`, { name: "Garden Twin" });
    expect((await grids()).rooms.map((r) => r.roomTypeName)).toEqual(["Garden Twin", "Garden Twin"]);
    await api("DELETE", `/rooms/${r2.id}`);
    expect((await grids()).rooms.map((r) => r.number)).toEqual(["1"]);
    await api("POST", "/rooms", { number: "3", floor: 1, roomTypeId: twin.id });
    expect((await grids()).rooms.map((r) => r.number)).toEqual(["1", "3"]);
  });

  it("keeps one property's answer apart from another's", async () => {
    const answers = [];
    for (const number of ["A-1", "B-1"]) {
      const user = await ctx().signIn();
      const pid = await ctx().propertyOf(user);
      await createRoom(ctx().database.db, pid, { number });
      const response = await ctx().request("GET", `/api/properties/${pid}/availability?start=${START}`, {
        as: user,
      });
      answers.push(response.json().rooms.map((r: { number: string }) => r.number));
    }
    expect(answers).toEqual([["A-1"], ["B-1"]]);
  });
});
