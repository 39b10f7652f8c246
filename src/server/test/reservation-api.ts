/** What the reservation API suites share: a small hotel and the requests they make against it. */
import { createRoom, createRoomType } from "./factories.js";
import type { TestContext, TestUser } from "./harness.js";

export const ROOM_UNAVAILABLE = {
  error: { code: "room_unavailable", message: "Room not available for selected dates." },
};

export function reservationApi(ctx: () => TestContext) {
  const url = (pid: string) => `/api/properties/${pid}/reservations`;
  const post = (user: TestUser, pid: string, body: unknown) =>
    ctx().request("POST", url(pid), { as: user, body });
  return {
    url,
    /** A signed-in user with a property, one room type (base rate 1000, sleeps 4) and room 101 of that type. */
    async hotel() {
      const user = await ctx().signIn();
      const pid = await ctx().propertyOf(user);
      const db = ctx().database.db;
      const type = await createRoomType(db, pid, { name: "Deluxe", baseRate: 1000, capacity: 4 });
      const room = await createRoom(db, pid, { number: "101", roomType: type });
      return { user, pid, type, room, db };
    },
    post,
    /** Books a stay in a room (`{ roomId }`) or of a type (`{ roomTypeId }`) from one date to another. */
    book: (
      user: TestUser,
      pid: string,
      where: { roomId: string } | { roomTypeId: string },
      checkInDate: string,
      checkOutDate: string,
    ) => post(user, pid, { ...where, checkInDate, checkOutDate }),
    patch: (user: TestUser, pid: string, id: string, status: string) =>
      ctx().request("PATCH", `${url(pid)}/${id}`, { as: user, body: { status } }),
  };
}
