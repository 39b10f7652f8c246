/**
 * The cancellation a guest makes from the manage link is written in their profile's language
 * (`guests.language`, decision 047), read with the stay in the manage link's one query (manage.ts).
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { queryRows } from "../../db/rows.js";
import { describeBackends } from "../../test/harness.js";
import { publicApi } from "./public-api.js";

describeBackends(
  "manage link cancellation in the guest's language",
  (ctx) => {
    const { hotel, offers, book } = publicApi(ctx);

    it("tells a guest whose profile says es-MX, in Spanish, that the stay is cancelled", async () => {
      const { code, deluxe, staff, pid } = await hotel(1);
      const [offer] = (await offers(code)).json();
      const booked = await book(code, {
        roomTypeId: deluxe.id,
        ratePlanId: offer.plans[0].ratePlanId,
        expectedTotal: 4000,
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const [stay] = (await staff("GET", "/reservations")).json();
      const changed = await staff("PATCH", `/guests/${stay.guestId}`, { language: "es-MX" });
      expect(changed.statusCode, changed.body).toBe(200);

      const cancelled = await ctx().request(
        "POST",
        `/api/public/bookings/${booked.json().manageToken}/cancel`,
      );
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const [message] = await queryRows<{ subject: string; text: string }>(
        ctx().database.db,
        sql`select subject, text_body as text from emails
            where property_id = ${pid} and kind = 'cancellation'`,
      );
      expect(message?.subject).toMatch(new RegExp(`^Su reserva ${stay.code} en .+ ha sido cancelada$`));
      expect(message?.text.split("\n\n").slice(0, 3)).toEqual([
        "Estimado/a Lucía Pérez:",
        `Su reserva ${stay.code}, del 10 de marzo de 2029 al 12 de marzo de 2029, ha sido cancelada.`,
        "Esperamos tener el placer de recibirle en otra ocasión.",
      ]);
    });
  },
  { PUBLIC_RATE_LIMIT_PER_MINUTE: "1000" },
);
