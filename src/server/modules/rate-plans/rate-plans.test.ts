/**
 * Rate plans: the Standard plan every property has, the plans a manager adds, and a stay priced on its plan
 * by the one rule (adjustment, then the per-adult supplement) wherever it is priced: the booking, the quote,
 * an edit. Stays sold before a plan changes keep their prices.
 */
import { expect, it } from "vitest";
// Who may read and write them is the permission matrix's (src/server/hardening/permissions.test.ts).
import { describeBackends } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";

describeBackends("rate plans", (ctx) => {
  const { hotel, post } = reservationApi(ctx);
  const plans = (pid: string) => `/api/properties/${pid}/rate-plans`;

  async function hotelWithPlan(body: Record<string, unknown> = {}) {
    const h = await hotel();
    const created = await ctx().request("POST", plans(h.pid), {
      as: h.user,
      body: { name: "Bed and breakfast", adjustmentPercent: 10, perAdultPerNight: 250, ...body },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { ...h, plan: created.json() as { id: string; name: string } };
  }

  it("gives every property a Standard plan that cannot be deleted or turned off", async () => {
    const { user, pid } = await hotel();
    const list = await ctx().request("GET", plans(pid), { as: user });
    expect(list.statusCode).toBe(200);
    const [standard, ...others] = list.json();
    expect(others).toEqual([]);
    expect(standard).toMatchObject({
      name: "Standard",
      adjustmentPercent: 0,
      perAdultPerNight: 0,
      cancellationDays: 2,
      depositPercent: 0,
      roomTypeIds: [],
      public: true,
      active: true,
      standard: true,
    });
    const deleted = await ctx().request("DELETE", `${plans(pid)}/${standard.id}`, { as: user });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.code).toBe("in_use");
    const off = await ctx().request("PATCH", `${plans(pid)}/${standard.id}`, {
      as: user,
      body: { active: false },
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().error.fields[0].field).toBe("active");
    // Its terms can change: the hotel's own cancellation window.
    const terms = await ctx().request("PATCH", `${plans(pid)}/${standard.id}`, {
      as: user,
      body: { cancellationDays: 7 },
    });
    expect(terms.json()).toMatchObject({ cancellationDays: 7, standard: true });
  });

  it("books on the Standard plan by default, and on a chosen plan at its price", async () => {
    const { user, pid, room, plan } = await hotelWithPlan();
    const standard = await post(user, pid, {
      roomId: room.id,
      checkInDate: "2030-05-01",
      checkOutDate: "2030-05-03",
    });
    expect(standard.statusCode).toBe(201);
    expect(standard.json()).toMatchObject({ total: 2000, source: "front_desk" });
    const list = await ctx().request("GET", plans(pid), { as: user });
    expect(standard.json().ratePlanId).toBe(list.json()[0].id);
    // 1000 × 1.1 + 250 × 3 adults = 1850 a night.
    const planned = await post(user, pid, {
      roomId: room.id,
      checkInDate: "2030-05-10",
      checkOutDate: "2030-05-12",
      adults: 3,
      ratePlanId: plan.id,
    });
    expect(planned.statusCode, planned.body).toBe(201);
    expect(planned.json()).toMatchObject({ total: 3700, ratePlanId: plan.id });
    const detail = await ctx().request("GET", `/api/properties/${pid}/reservations/${planned.json().id}`, {
      as: user,
    });
    expect(detail.json().folioTotal).toBe(3700);
    // The quote prices it the same way.
    const quote = await ctx().request(
      "GET",
      `/api/properties/${pid}/quote?roomId=${room.id}&checkInDate=2030-06-01&checkOutDate=2030-06-03&adults=3&ratePlanId=${plan.id}`,
      { as: user },
    );
    expect(quote.json()).toMatchObject({ nightlyRates: [1850, 1850], total: 3700 });
  });

  it("re-prices a stay moved to another plan, and one whose adults change on a per-adult plan", async () => {
    const { user, pid, room, plan } = await hotelWithPlan();
    const booked = await post(user, pid, {
      roomId: room.id,
      checkInDate: "2030-05-01",
      checkOutDate: "2030-05-02",
    });
    const url = `/api/properties/${pid}/reservations/${booked.json().id}`;
    const moved = await ctx().request("PATCH", url, { as: user, body: { ratePlanId: plan.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ ratePlanId: plan.id, total: 1600 });
    const more = await ctx().request("PATCH", url, { as: user, body: { adults: 3 } });
    expect(more.json().total).toBe(1850);
    // Taken off sale, the plan stays the stay's: its edit is still quoted on it, a new stay's quote is refused.
    await ctx().request("PATCH", `${plans(pid)}/${plan.id}`, { as: user, body: { active: false } });
    const query = `roomId=${room.id}&checkInDate=2030-05-01&checkOutDate=2030-05-03&adults=3&ratePlanId=${plan.id}`;
    const editQuote = await ctx().request(
      "GET",
      `/api/properties/${pid}/quote?${query}&stayId=${booked.json().id}`,
      {
        as: user,
      },
    );
    expect(editQuote.json().total).toBe(3700);
    const newQuote = await ctx().request("GET", `/api/properties/${pid}/quote?${query}`, { as: user });
    expect(newQuote.statusCode).toBe(400);
    // The log names the plans, never their ids.
    const log = await ctx().request("GET", `/api/properties/${pid}/activity?entityType=reservation`, {
      as: user,
    });
    const entries = log.json().items ?? log.json();
    const change = entries.find(
      (entry: { changes: Record<string, unknown> }) => "ratePlanId" in entry.changes,
    );
    expect(change.names[plan.id]).toBe("Bed and breakfast");
  });

  it("refuses a plan that is off, another property's, or not for the room type, writing nothing", async () => {
    const { user, pid, room, type, plan } = await hotelWithPlan();
    await ctx().request("PATCH", `${plans(pid)}/${plan.id}`, { as: user, body: { active: false } });
    const stay = { roomId: room.id, checkInDate: "2030-05-01", checkOutDate: "2030-05-02" };
    const off = await post(user, pid, { ...stay, ratePlanId: plan.id });
    expect(off.statusCode).toBe(400);
    expect(off.json().error.fields[0]).toEqual({
      field: "ratePlanId",
      message: "Bed and breakfast is not on sale",
    });
    const other = await hotelWithPlan();
    const foreign = await post(user, pid, { ...stay, ratePlanId: other.plan.id });
    expect(foreign.statusCode).toBe(400);
    const narrow = await ctx().request("POST", plans(pid), {
      as: user,
      body: { name: "Suites only", roomTypeIds: [other.type.id] },
    });
    expect(narrow.statusCode).toBe(400);
    const suites = await ctx().request("POST", plans(pid), {
      as: user,
      body: { name: "Deluxe only", roomTypeIds: [type.id] },
    });
    expect(suites.statusCode).toBe(201);
    const list = await ctx().request("GET", `/api/properties/${pid}/reservations`, { as: user });
    expect(list.json().items ?? list.json()).toHaveLength(0);
  });

  it("keeps a plan stays were sold on (turn it off instead), and deletes an unused one", async () => {
    const { user, pid, room, plan } = await hotelWithPlan();
    await post(user, pid, {
      roomId: room.id,
      checkInDate: "2030-05-01",
      checkOutDate: "2030-05-02",
      ratePlanId: plan.id,
    });
    const kept = await ctx().request("DELETE", `${plans(pid)}/${plan.id}`, { as: user });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error).toMatchObject({ code: "in_use" });
    expect(kept.json().error.message).toContain("Bed and breakfast");
    const unused = await ctx().request("POST", plans(pid), { as: user, body: { name: "Weekly" } });
    const gone = await ctx().request("DELETE", `${plans(pid)}/${unused.json().id}`, { as: user });
    expect(gone.statusCode).toBe(200);
  });

  it("refuses bad terms with the field named", async () => {
    const { user, pid } = await hotel();
    for (const [field, value] of [
      ["adjustmentPercent", -101],
      ["adjustmentPercent", 10.555],
      ["depositPercent", 101],
      ["cancellationDays", -1],
      ["cancellationDays", 1.5],
      ["perAdultPerNight", -5],
      ["name", ""],
    ] as const) {
      const answer = await ctx().request("POST", plans(pid), {
        as: user,
        body: { name: "P", [field]: value },
      });
      expect(answer.statusCode, `${field} ${value}`).toBe(400);
      expect(answer.json().error.fields[0].field).toBe(field);
    }
    const list = await ctx().request("GET", plans(pid), { as: user });
    expect(list.json()).toHaveLength(1);
  });
});
