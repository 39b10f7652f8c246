/**
 * "Send confirmation" at the front desk: the guest's confirmation is queued with the booking, in the same
 * call (kept without a mail server, readable in Settings → Emails); without the guest's email the booking is
 * refused on that field and nothing is written.
 */
import { expect, it } from "vitest";
import { describeBackends } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";

describeBackends("front desk booking confirmations", (ctx) => {
  const { hotel, post } = reservationApi(ctx);
  const stay = { checkInDate: "2030-05-01", checkOutDate: "2030-05-03" };

  it("queues the confirmation with the booking when the clerk asks for it", async () => {
    const { user, pid, room } = await hotel();
    const booked = await post(user, pid, {
      ...stay,
      roomId: room.id,
      guestName: "Asha Rao",
      guestEmail: "asha@example.com",
      sendConfirmation: true,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const emails = (await ctx().request("GET", `/api/properties/${pid}/emails`, { as: user })).json();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      to: "asha@example.com",
      kind: "booking_confirmation",
      status: "kept",
      subject: expect.stringContaining(booked.json().code),
    });
    // Without the tick, no message.
    await post(user, pid, {
      checkInDate: "2030-06-01",
      checkOutDate: "2030-06-02",
      roomId: room.id,
      guestEmail: "b@example.com",
    });
    expect((await ctx().request("GET", `/api/properties/${pid}/emails`, { as: user })).json()).toHaveLength(
      1,
    );
  });

  it("refuses to confirm to a guest without an email, writing nothing", async () => {
    const { user, pid, room } = await hotel();
    const refused = await post(user, pid, {
      ...stay,
      roomId: room.id,
      guestName: "Walk-in",
      sendConfirmation: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual([
      { field: "guestEmail", message: "is needed to send the guest a confirmation" },
    ]);
    const list = await ctx().request("GET", `/api/properties/${pid}/reservations`, { as: user });
    expect(list.json()).toHaveLength(0);
  });
});
