/**
 * A rejected request lists every invalid field at once (`error.fields`), so a form can mark each; the
 * message still names them for API clients, and nothing is written.
 */
import { expect, it } from "vitest";
import { countReservations } from "../test/factories.js";
import { describeBackends } from "../test/harness.js";
import { reservationApi } from "../test/reservation-api.js";

describeBackends("validation errors name every field", (ctx) => {
  const { hotel, post } = reservationApi(ctx);

  it("reports each invalid field of a request once, with a message that does not repeat the field", async () => {
    const { user, pid, db } = await hotel();
    const response = await post(user, pid, {
      checkInDate: "2030-02-30",
      checkOutDate: "tomorrow",
      adults: 0,
      guestEmail: 7,
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe("validation");
    const fields = error.fields.map((issue: { field: string }) => issue.field);
    expect(fields).toEqual(expect.arrayContaining(["checkInDate", "checkOutDate", "adults", "guestEmail"]));
    expect(new Set(fields).size).toBe(fields.length);
    for (const issue of error.fields) {
      expect(issue.message).not.toContain(`${issue.field}:`);
      expect(error.message).toContain(`${issue.field}: ${issue.message}`);
    }
    expect(await countReservations(db, pid)).toBe(0);
  });

  it("carries a rule's field from the service too (a stay that starts before today)", async () => {
    const { user, pid, room, db } = await hotel();
    const response = await post(user, pid, {
      roomId: room.id,
      checkInDate: "2001-03-05",
      checkOutDate: "2001-03-06",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      { field: "checkInDate", message: expect.stringContaining("before today") },
    ]);
    expect(await countReservations(db, pid)).toBe(0);
  });

  it("keeps the product's own sentence as the whole answer", async () => {
    const { user, pid, room } = await hotel();
    const response = await post(user, pid, {
      roomId: room.id,
      checkInDate: "2030-03-05",
      checkOutDate: "2030-03-05",
    });
    expect(response.json()).toEqual({
      error: { code: "validation", message: "Check-out must be after check-in" },
    });
  });

  it("keeps the message short when many fields are wrong, and lists them all in `fields`", async () => {
    const { user, pid, db } = await hotel();
    const response = await ctx().request("POST", `/api/properties/${pid}/rooms/bulk`, {
      as: user,
      body: { numbers: Array.from({ length: 40 }, () => false) },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.message.length).toBeLessThan(300);
    expect(error.message).toMatch(/; and \d+ more$/);
    expect(error.fields.length).toBeGreaterThan(5);
    expect(await countReservations(db, pid)).toBe(0);
  });

  it("leaves `fields` out of errors that are not about fields", async () => {
    const { user } = await hotel();
    const response = await ctx().request(
      "GET",
      "/api/properties/00000000-0000-4000-8000-000000000000/rooms",
      {
        as: user,
      },
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error.fields).toBeUndefined();
  });
});
