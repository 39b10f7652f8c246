/**
 * The language a guest books in on the booking engine (decision 047): their new profile keeps it, so what is
 * sent to them later is written in it; a client that does not say gets English, as before; a language
 * Innkeep is not written in is refused before anything is written.
 */
import { expect, it } from "vitest";
import { describeBackends } from "../../test/harness.js";
import { GUEST, publicApi } from "./public-api.js";

describeBackends(
  "booking engine guest language",
  (ctx) => {
    const { hotel, offers, book } = publicApi(ctx);

    it("keeps the language the guest booked in on their profile, English when none is sent", async () => {
      const { code, deluxe, staff } = await hotel(3);
      const [offer] = (await offers(code)).json();
      const body = { roomTypeId: deluxe.id, ratePlanId: offer.plans[0].ratePlanId, expectedTotal: 4000 };
      const languageOf = async (guest: typeof GUEST, language?: string) => {
        const booked = await book(code, { ...body, guest, ...(language ? { language } : {}) });
        expect(booked.statusCode, booked.body).toBe(201);
        const stays = (await staff("GET", "/reservations")).json();
        const stay = stays.find((s: { code: string }) => s.code === booked.json().code);
        return (await staff("GET", `/guests/${stay.guestId}`)).json().language;
      };
      expect(await languageOf({ ...GUEST, email: "asha@example.com" }, "hi")).toBe("hi");
      expect(await languageOf({ ...GUEST, email: "lucia@example.com" }, "es")).toBe("es");
      expect(await languageOf({ ...GUEST, email: "sam@example.com" })).toBe("en");
    });

    it("refuses a language the booking engine does not speak with a 400 that writes nothing", async () => {
      const { code, deluxe, staff } = await hotel(1);
      const [offer] = (await offers(code)).json();
      const body = { roomTypeId: deluxe.id, ratePlanId: offer.plans[0].ratePlanId, expectedTotal: 4000 };
      for (const language of ["fr", "HI", "", 7, null]) {
        const refused = await book(code, { ...body, language });
        expect(refused.statusCode, `${language}: ${refused.body}`).toBe(400);
        expect(refused.json().error.code).toBe("validation");
        expect(refused.json().error.fields.map((f: { field: string }) => f.field)).toEqual(["language"]);
      }
      expect((await staff("GET", "/reservations")).json()).toHaveLength(0);
      expect((await staff("GET", "/guests")).json()).toHaveLength(0);
      expect((await staff("GET", "/emails")).json()).toHaveLength(0);
    });
  },
  { PUBLIC_RATE_LIMIT_PER_MINUTE: "1000" },
);
