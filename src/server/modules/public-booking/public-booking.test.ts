/**
 * The booking engine's public API, as a guest's browser uses it: offers by the front desk's rules, a booking
 * at the offered price once per Idempotency-Key, the manage link's view and cancellation window, 404 while the
 * engine is off, and never more than the inventory under a crowd.
 */
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { describeBackends, TEST_NOW } from "../../test/harness.js";
import { GUEST, publicApi, STAY } from "./public-api.js";

describeBackends(
  "booking engine",
  (ctx) => {
    const { hotel, offers, book } = publicApi(ctx);

    it("answers 404 on every public route while the engine is off, exactly like an unknown code", async () => {
      const { code, staff } = await hotel(1, { enabled: false });
      const token = "A".repeat(43);
      const answers = [
        await ctx().request("GET", `/api/public/properties/${code}`),
        await offers(code),
        await book(code, { roomTypeId: randomUUID(), ratePlanId: randomUUID(), expectedTotal: 1 }),
        await ctx().request("GET", `/api/public/bookings/${token}`),
        await ctx().request("POST", `/api/public/bookings/${token}/cancel`),
        await ctx().request("GET", "/api/public/properties/NO-SUCH-HOTEL"),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
      expect((await staff("GET", "/reservations")).json()).toHaveLength(0);
      await staff("PATCH", "", { bookingEngineEnabled: true });
      const shown = await ctx().request("GET", `/api/public/properties/${code}`);
      expect(shown.statusCode).toBe(200);
      expect(Object.keys(shown.json()).sort()).toEqual(["currency", "name", "roomTypes", "timeZone"]);
      expect(shown.json().roomTypes.map((type: { name: string }) => type.name)).toEqual(["Deluxe", "Family"]);
    });

    it("offers what the front desk could sell: inventory, stop-sell, minimum stay and capacity", async () => {
      const { code, deluxe, family, staff, override } = await hotel(2);
      const first = await offers(code);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject([
        {
          roomTypeName: "Deluxe",
          capacity: 2,
          plans: [{ name: "Standard", total: 4000, cancellationDays: 2 }],
        },
        { roomTypeName: "Family", plans: [{ name: "Standard", total: 6000, depositDue: 0 }] },
      ]);
      expect(first.json()[0].plans[0].nights).toEqual([
        { date: "2029-03-10", price: 2000 },
        { date: "2029-03-11", price: 2000 },
      ]);
      // Both Deluxe rooms sold for one of the nights: Deluxe is gone.
      for (let i = 0; i < 2; i++) {
        const sold = await staff("POST", "/reservations", {
          roomTypeId: deluxe.id,
          checkInDate: "2029-03-11",
          checkOutDate: "2029-03-12",
        });
        expect(sold.statusCode, sold.body).toBe(201);
      }
      expect((await offers(code)).json().map((o: { roomTypeName: string }) => o.roomTypeName)).toEqual([
        "Family",
      ]);
      // Stop-sell on a night of the stay: Family is gone too.
      await override({ date: "2029-03-10", roomTypeId: family.id, price: null, stopSell: true });
      expect((await offers(code)).json()).toEqual([]);
      // A minimum stay of 3 nights from the arrival.
      await override({ date: "2029-04-01", roomTypeId: null, price: null, minLOS: 3 });
      const short = { ...STAY, checkIn: "2029-04-01", checkOut: "2029-04-03" };
      expect((await offers(code, short)).json()).toEqual([]);
      expect((await offers(code, { ...short, checkOut: "2029-04-04" })).json()).toHaveLength(2);
      // Three guests fit only the Family room.
      const three = (await offers(code, { ...short, checkOut: "2029-04-04", adults: 3 })).json();
      expect(three.map((o: { roomTypeName: string }) => o.roomTypeName)).toEqual(["Family"]);
      // Past dates sell nothing; bad input is 400.
      expect((await offers(code, { ...STAY, checkIn: "2028-12-01", checkOut: "2028-12-02" })).json()).toEqual(
        [],
      );
      expect((await offers(code, { ...STAY, checkOut: STAY.checkIn })).statusCode).toBe(400);
      expect((await offers(code, { ...STAY, adults: 0 })).statusCode).toBe(400);
      // A stay is at most a year: one night more is refused, on the offers and on a booking.
      const year = { ...STAY, checkIn: "2029-03-01", checkOut: "2030-03-02" };
      expect((await offers(code, year)).json().error.fields[0].field).toBe("checkOut");
      const long = await book(code, {
        ...year,
        roomTypeId: deluxe.id,
        ratePlanId: deluxe.id,
        expectedTotal: 1,
      });
      expect(long.statusCode).toBe(400);
      expect((await offers(code, { ...year, checkOut: "2030-03-01" })).statusCode).toBe(200);
    });

    it("lists each public plan on sale for the room type, priced by the plan", async () => {
      const { code, family, staff } = await hotel(1);
      const plan = (body: Record<string, unknown>) => staff("POST", "/rate-plans", body);
      await plan({
        name: "Non-refundable",
        adjustmentPercent: -10,
        cancellationDays: null,
        depositPercent: 100,
      });
      await plan({ name: "Breakfast", perAdultPerNight: 300, roomTypeIds: [family.id], depositPercent: 25 });
      await plan({ name: "Staff rate", adjustmentPercent: -50, public: false });
      await plan({ name: "Old offer", adjustmentPercent: -20, active: false });
      const [deluxe, familyOffer] = (await offers(code)).json();
      expect(deluxe.plans.map((p: { name: string; total: number }) => [p.name, p.total])).toEqual([
        ["Standard", 4000],
        ["Non-refundable", 3600],
      ]);
      expect(deluxe.plans[1]).toMatchObject({ cancellationDays: null, depositDue: 3600 });
      // (3000 + 2 × 300) × 2 nights, a quarter of it as deposit.
      expect(familyOffer.plans[2]).toMatchObject({ name: "Breakfast", total: 7200, depositDue: 1800 });
    });

    it("books once per Idempotency-Key, at the offered price, unassigned, as the booking engine", async () => {
      const { code, staff, deluxe } = await hotel(2);
      const [offer] = (await offers(code)).json();
      const planId = offer.plans[0].ratePlanId;
      const key = randomUUID();
      const body = { roomTypeId: deluxe.id, ratePlanId: planId, expectedTotal: 4000 };
      const booked = await book(code, body, key);
      expect(booked.statusCode, booked.body).toBe(201);
      const { code: stayCode, manageToken, total } = booked.json();
      expect(total).toBe(4000);
      expect(manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const again = await book(code, body, key);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toContain(stayCode);
      const stays = (await staff("GET", "/reservations")).json();
      expect(stays).toHaveLength(1);
      expect(stays[0]).toMatchObject({
        code: stayCode,
        status: "booked",
        roomId: null,
        roomTypeId: deluxe.id,
        ratePlanId: planId,
        source: "booking_engine",
        guestName: GUEST.name,
        guestEmail: GUEST.email,
        total: 4000,
      });
      const guest = (await staff("GET", `/guests/${stays[0].guestId}`)).json();
      expect(guest).toMatchObject({ name: GUEST.name, country: "ES", phone: GUEST.phone });
      const activity = (await staff("GET", "/activity?entityType=reservation")).json();
      expect(activity.items ?? activity).toContainEqual(
        expect.objectContaining({ action: "reservation.created", actorName: "Booking engine" }),
      );
      // Without a key nothing is booked.
      const keyless = await book(code, body, null);
      expect(keyless.statusCode).toBe(400);
      expect(keyless.json().error.code).toBe("validation");
      // Without a mail server the confirmation is kept, with the manage link, for Settings → Emails.
      const [kept] = (await staff("GET", "/emails")).json();
      expect(kept).toMatchObject({ to: GUEST.email, status: "kept", kind: "booking_confirmation" });
      expect((await staff("GET", "/reservations")).json()).toHaveLength(1);
    });

    it("refuses a total that moved since the offer (price_changed), a hidden plan and a bad guest, writing nothing", async () => {
      const { code, deluxe, staff, override } = await hotel(2);
      const [offer] = (await offers(code)).json();
      await override({ date: "2029-03-10", roomTypeId: deluxe.id, price: 2500 });
      const moved = await book(code, {
        roomTypeId: deluxe.id,
        ratePlanId: offer.plans[0].ratePlanId,
        expectedTotal: offer.plans[0].total,
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json().error.code).toBe("price_changed");
      expect(moved.json().error.message).toContain("4,500");
      const hidden = (await staff("POST", "/rate-plans", { name: "Staff rate", public: false })).json();
      const staffRate = await book(code, {
        roomTypeId: deluxe.id,
        ratePlanId: hidden.id,
        expectedTotal: 4500,
      });
      expect(staffRate.statusCode).toBe(400);
      for (const guest of [
        { ...GUEST, email: "" },
        { ...GUEST, email: "not-an-address" },
        { ...GUEST, name: "" },
      ]) {
        const answer = await book(code, {
          roomTypeId: deluxe.id,
          ratePlanId: offer.plans[0].ratePlanId,
          expectedTotal: 4500,
          guest,
        });
        expect(answer.statusCode).toBe(400);
      }
      expect((await staff("GET", "/reservations")).json()).toHaveLength(0);
      expect((await staff("GET", "/guests")).json()).toHaveLength(0);
    });

    it("sells the last 5 rooms of a type exactly once under 50 concurrent bookings", async () => {
      const { code, deluxe, staff } = await hotel(5);
      const [offer] = (await offers(code)).json();
      const body = { roomTypeId: deluxe.id, ratePlanId: offer.plans[0].ratePlanId, expectedTotal: 4000 };
      const answers = await Promise.all(Array.from({ length: 50 }, () => book(code, body)));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      const refused = answers.filter((answer) => answer.statusCode !== 201);
      expect(refused).toHaveLength(45);
      for (const answer of refused) {
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json().error.code).toBe("sold_out");
      }
      expect((await staff("GET", "/reservations")).json()).toHaveLength(5);
      expect((await offers(code)).json().map((o: { roomTypeName: string }) => o.roomTypeName)).toEqual([
        "Family",
      ]);
    });

    it("shows the stay by its manage link and cancels it inside the plan's window only", async () => {
      const { code, deluxe, staff } = await hotel(2);
      const [offer] = (await offers(code)).json();
      const [standard] = offer.plans;
      const booked = (
        await book(code, { roomTypeId: deluxe.id, ratePlanId: standard.ratePlanId, expectedTotal: 4000 })
      ).json();
      const url = `/api/public/bookings/${booked.manageToken}`;
      const shown = await ctx().request("GET", url);
      expect(shown.json()).toEqual({
        code: booked.code,
        status: "booked",
        checkIn: STAY.checkIn,
        checkOut: STAY.checkOut,
        adults: 2,
        children: 0,
        roomTypeName: "Deluxe",
        ratePlanName: "Standard",
        total: 4000,
        currency: "INR",
        hotelName: expect.any(String),
        cancellable: true,
      });
      // A day before arrival is inside the 2 days the Standard plan keeps: too late.
      ctx().setNow("2029-03-09T06:00:00Z");
      try {
        expect((await ctx().request("GET", url)).json().cancellable).toBe(false);
        const late = await ctx().request("POST", `${url}/cancel`);
        expect(late.statusCode).toBe(409);
        expect(late.json().error.code).toBe("invalid_transition");
        expect(late.json().error.message).toContain("2029-03-08");
      } finally {
        ctx().setNow(TEST_NOW);
      }
      const cancelled = await ctx().request("POST", `${url}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: "cancelled", cancellable: false });
      const [stay] = (await staff("GET", "/reservations")).json();
      expect(stay.status).toBe("cancelled");
      const activity = (await staff("GET", "/activity?entityType=reservation")).json();
      expect(activity.items ?? activity).toContainEqual(
        expect.objectContaining({ action: "reservation.cancelled", actorName: "Guest" }),
      );
      const emails = (await staff("GET", "/emails")).json();
      expect(emails.map((email: { kind: string }) => email.kind).sort()).toEqual([
        "booking_confirmation",
        "cancellation",
      ]);
      expect((await ctx().request("POST", `${url}/cancel`)).statusCode).toBe(409);
      // A non-refundable plan never cancels online; an unknown link is 404.
      const nonRefundable = (
        await staff("POST", "/rate-plans", { name: "Saver", cancellationDays: null })
      ).json();
      const saver = (
        await book(code, { roomTypeId: deluxe.id, ratePlanId: nonRefundable.id, expectedTotal: 4000 })
      ).json();
      const refused = await ctx().request("POST", `/api/public/bookings/${saver.manageToken}/cancel`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toContain("non-refundable");
      expect((await ctx().request("GET", `/api/public/bookings/${"B".repeat(43)}`)).statusCode).toBe(404);
      expect((await ctx().request("GET", "/api/public/bookings/short")).statusCode).toBe(400);
    });

    it("keeps other sites out: no CORS approval, a foreign Origin refused, bodies bounded", async () => {
      const { code, deluxe } = await hotel(1);
      const url = `/api/public/properties/${code}/bookings`;
      const preflight = await ctx().app.inject({
        method: "OPTIONS",
        url,
        headers: {
          host: new URL(ctx().config.publicUrl).host,
          origin: "https://evil.invalid",
          "access-control-request-method": "POST",
        },
      });
      expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
      const foreign = await ctx().request("POST", url, {
        body: { ...STAY, roomTypeId: deluxe.id, ratePlanId: randomUUID(), expectedTotal: 1, guest: GUEST },
        headers: { origin: "https://evil.invalid", "idempotency-key": randomUUID() },
      });
      expect(foreign.statusCode).toBe(403);
      const huge = await book(code, {
        roomTypeId: deluxe.id,
        guest: { ...GUEST, phone: "9".repeat(20_000) },
      });
      expect(huge.statusCode).toBe(400);
      expect(huge.json().error.message).toBe("The request body is too large");
    });
  },
  // The crowd test sends 50 bookings from one address; the limit itself is tested below.
  { PUBLIC_RATE_LIMIT_PER_MINUTE: "1000" },
);

describeBackends(
  "booking engine rate limit",
  (ctx) => {
    const { hotel } = publicApi(ctx);

    it("counts every public POST per client address, whatever its answer", async () => {
      const { code } = await hotel(1);
      const post = (remoteAddress: string) =>
        ctx().app.inject({
          method: "POST",
          url: `/api/public/properties/${code}/bookings`,
          remoteAddress,
          headers: {
            host: new URL(ctx().config.publicUrl).host,
            "content-type": "application/json",
            "idempotency-key": randomUUID(),
          },
          payload: "{}",
        });
      const first = await Promise.all([post("127.0.0.7"), post("127.0.0.7"), post("127.0.0.7")]);
      expect(first.map((answer) => answer.statusCode)).toEqual([400, 400, 400]);
      const fourth = await post("127.0.0.7");
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error.code).toBe("rate_limited");
      expect(fourth.headers["retry-after"]).toBeDefined();
      expect((await post("127.0.0.8")).statusCode).toBe(400);
      // Reading offers is not limited.
      const read = await ctx().app.inject({
        method: "GET",
        url: `/api/public/properties/${code}`,
        remoteAddress: "127.0.0.7",
        headers: { host: new URL(ctx().config.publicUrl).host },
      });
      expect(read.statusCode).toBe(200);
    });
  },
  { PUBLIC_RATE_LIMIT_PER_MINUTE: "3" },
);
