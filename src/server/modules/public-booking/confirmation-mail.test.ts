/**
 * Booking engine emails through a real SMTP server on loopback (smtp-server): the confirmation of each
 * booking arrives once, with the manage link; a server that refuses at first gets the message again until it
 * takes it, never twice; a cancellation tells the guest too. The mail worker runs in the app, as deployed,
 * with short back-off so the retries happen within the test.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeEach, expect, it } from "vitest";
import { queryRows } from "../../db/rows.js";
import { describeBackends } from "../../test/harness.js";
import { LoopbackSmtp } from "../../test/smtp.js";
import { GUEST, publicApi } from "./public-api.js";

const smtp = new LoopbackSmtp();
await smtp.start();
afterAll(() => smtp.stop());

async function until(done: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  for (let waited = 0; !(await done()) && waited < ms; waited += 50)
    await new Promise((r) => setTimeout(r, 50));
}

describeBackends(
  "booking engine emails",
  (ctx) => {
    const { hotel, offers, book } = publicApi(ctx);
    beforeEach(() => {
      smtp.received.length = 0;
      smtp.refusals = 0;
    });

    async function bookDeluxe() {
      const h = await hotel(2);
      const [offer] = (await offers(h.code)).json();
      const booked = await book(h.code, {
        roomTypeId: h.deluxe.id,
        ratePlanId: offer.plans[0].ratePlanId,
        expectedTotal: 4000,
      });
      expect(booked.statusCode, booked.body).toBe(201);
      return { ...h, booked: booked.json() as { code: string; manageToken: string } };
    }

    it("sends each booking's confirmation once, with the manage link", async () => {
      const { booked } = await bookDeluxe();
      await until(() => smtp.received.length > 0);
      // Long enough for a second send, were there one.
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.to).toEqual([GUEST.email]);
      const text = mail?.data.replace(/=\r?\n/g, "") ?? "";
      expect(text).toContain(booked.code);
      expect(text).toContain(`/book/manage/${booked.manageToken}`);
      expect(text).toContain("Free cancellation until 2029-03-08");
    });

    it("retries a refusing mail server until it takes the confirmation, without losing or repeating it", async () => {
      smtp.refusals = 2;
      const { booked, pid } = await bookDeluxe();
      const row = async () => {
        const [email] = await queryRows<{ status: string; attempts: number }>(
          ctx().database.db,
          sql`select status, attempts from emails where property_id = ${pid}`,
        );
        return email;
      };
      await until(async () => (await row())?.status === "sent");
      expect(await row()).toEqual({ status: "sent", attempts: 3 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.data).toContain(booked.code);
    });

    it("tells the guest when they cancel", async () => {
      const { booked } = await bookDeluxe();
      await until(() => smtp.received.length > 0);
      const cancelled = await ctx().request("POST", `/api/public/bookings/${booked.manageToken}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await until(() => smtp.received.length > 1);
      expect(smtp.received).toHaveLength(2);
      expect(smtp.received[1]?.data).toContain(`Booking ${booked.code}`);
      expect(smtp.received[1]?.data).toContain("is cancelled");
    });
  },
  {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: "Innkeep Hotel <hotel@innkeep.test>",
    PUBLIC_RATE_LIMIT_PER_MINUTE: "1000",
  },
  { mailer: { retryBaseMs: 100, maxBackoffMs: 200, pollMs: 50 } },
);
