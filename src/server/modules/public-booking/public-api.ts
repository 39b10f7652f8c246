/** What the booking engine suites share: a hotel with its engine on, and the guest's requests. */
import { randomUUID } from "node:crypto";
import { createRoom, createRoomType } from "../../test/factories.js";
import type { TestContext } from "../../test/harness.js";

export const STAY = { checkIn: "2029-03-10", checkOut: "2029-03-12", adults: 2, children: 0 };
export const GUEST = {
  name: "Lucía Pérez",
  email: "lucia@example.com",
  phone: "+34 600 000 000",
  country: "ES",
};

export function publicApi(ctx: () => TestContext) {
  /** A hotel with `rooms` Deluxe rooms (2,000 a night, sleeps 2) and one Family room, its engine on. */
  async function hotel(rooms = 3, { enabled = true } = {}) {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const db = ctx().database.db;
    const deluxe = await createRoomType(db, pid, { name: "Deluxe", baseRate: 2000, capacity: 2 });
    const family = await createRoomType(db, pid, { name: "Family", baseRate: 3000, capacity: 4 });
    for (let i = 0; i < rooms; i++) await createRoom(db, pid, { number: `${101 + i}`, roomType: deluxe });
    await createRoom(db, pid, { number: "201", roomType: family });
    const property = await ctx().request("PATCH", `/api/properties/${pid}`, {
      as: user,
      body: { bookingEngineEnabled: enabled },
    });
    const code = property.json().code as string;
    const staff = (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) =>
      ctx().request(method, `/api/properties/${pid}${path}`, { as: user, body });
    // As a manager sets it on the rate calendar: the change every kept answer must see.
    const override = async (body: Record<string, unknown>) => {
      const saved = await staff("POST", "/rate-overrides", body);
      if (saved.statusCode !== 201) throw new Error(`saving an override answered ${saved.statusCode}`);
    };
    return { user, pid, db, code, deluxe, family, staff, override };
  }

  const offers = (code: string, query: Record<string, string | number> = STAY) =>
    ctx().request(
      "GET",
      `/api/public/properties/${code}/offers?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    );

  /** A guest's booking of the first offer of `roomTypeId` (or the one given), as the booking page sends it. */
  const book = (code: string, body: Record<string, unknown>, key: string | null = randomUUID()) =>
    ctx().request("POST", `/api/public/properties/${code}/bookings`, {
      body: { ...STAY, guest: GUEST, ...body },
      headers: key === null ? {} : { "idempotency-key": key },
    });

  return { hotel, offers, book };
}
