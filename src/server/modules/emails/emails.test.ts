/**
 * "Email invoice" and Settings → Emails (docs/product.md#email): without a mail server the message is kept and
 * listed; with one (a real SMTP server on loopback) the running server sends it once with the invoice's PDF;
 * a bad address is refused and writes nothing.
 */
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { queryRows } from "../../db/rows.js";
import type { TestContext } from "../../test/harness.js";
import { describeBackends } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";
import { LoopbackSmtp } from "../../test/smtp.js";

const smtp = new LoopbackSmtp();
await smtp.start();
afterAll(() => smtp.stop());

function invoiceFixture(ctx: () => TestContext) {
  const { hotel, post } = reservationApi(ctx);
  return async () => {
    const h = await hotel();
    const created = await post(h.user, h.pid, {
      roomId: h.room.id,
      checkInDate: "2030-06-01",
      checkOutDate: "2030-06-02",
      guestName: "Zoë O'Brien",
      guestEmail: "zoe@example.com",
    });
    expect(created.statusCode, created.body).toBe(201);
    const api = (method: "GET" | "POST" | "PATCH", path: string, body?: unknown) =>
      ctx().request(method, `/api/properties/${h.pid}${path}`, { as: h.user, body });
    const invoice = (await api("POST", `/reservations/${created.json().id}/invoices`, {})).json();
    return { api, invoice, stay: created.json() };
  };
}

describeBackends("emails without a mail server", (ctx) => {
  const stay = invoiceFixture(ctx);

  it("keeps an emailed invoice, lists it newest first, and refuses a bad address writing nothing", async () => {
    const { api, invoice } = await stay();
    const bad = await api("POST", `/invoices/${invoice.id}/email`, { to: "not an address" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0]).toMatchObject({ field: "to", message: "must be an email address" });
    expect((await api("GET", "/emails")).json()).toEqual([]);

    const kept = await api("POST", `/invoices/${invoice.id}/email`, { to: "zoe@example.com" });
    expect(kept.statusCode, kept.body).toBe(202);
    expect(kept.json()).toMatchObject({ status: "kept" });
    const list = (await api("GET", "/emails")).json();
    expect(list).toEqual([
      expect.objectContaining({
        id: kept.json().id,
        to: "zoe@example.com",
        subject: `Your invoice ${invoice.number} from ${invoice.seller.name}`,
        kind: "invoice",
        status: "kept",
        attempts: 0,
        sentAt: null,
      }),
    ]);
    const log = (await api("GET", "/activity")).json();
    expect(log.some((entry: { action: string }) => entry.action === "invoice.emailed")).toBe(true);
    expect((await api("GET", `/invoices/${crypto.randomUUID()}/email`)).statusCode).toBe(404);
    expect((await api("POST", `/invoices/${crypto.randomUUID()}/email`, { to: "a@b.co" })).statusCode).toBe(
      404,
    );
  });
});

describeBackends("emails of an anonymized guest", (ctx) => {
  const stay = invoiceFixture(ctx);

  it("loses the guest's address and name when the guest is anonymized", async () => {
    const { api, invoice, stay: booked } = await stay();
    expect((await api("POST", `/invoices/${invoice.id}/email`, { to: "zoe@example.com" })).statusCode).toBe(
      202,
    );
    ctx().setNow("2030-06-01T06:30:00Z");
    expect((await api("PATCH", `/reservations/${booked.id}`, { status: "checked_in" })).statusCode).toBe(200);
    expect((await api("PATCH", `/reservations/${booked.id}`, { status: "checked_out" })).statusCode).toBe(
      200,
    );
    const erased = await api("POST", `/guests/${booked.guestId}/anonymize`);
    expect(erased.statusCode, erased.body).toBe(200);
    const [listed] = (await api("GET", "/emails")).json();
    expect(listed.to).toBe("");
    const [row] = await queryRows<{ text: string; html: string }>(
      ctx().database.db,
      sql`select text_body as text, html_body as html from emails where id = ${listed.id}`,
    );
    expect(row?.text).toContain(invoice.number);
    for (const part of [row?.text, row?.html]) {
      expect(part).not.toContain("Zoë");
      expect(part).not.toContain("O&#39;Brien");
    }
  });
});

describeBackends(
  "emails through a mail server",
  (ctx) => {
    const stay = invoiceFixture(ctx);

    it("sends an emailed invoice once, with its PDF, and lists it sent", async () => {
      const { api, invoice } = await stay();
      smtp.received.length = 0;
      const queued = await api("POST", `/invoices/${invoice.id}/email`, { to: "zoe@example.com" });
      expect(queued.statusCode, queued.body).toBe(202);
      expect(queued.json().status).toBe("queued");
      for (let waited = 0; smtp.received.length === 0 && waited < 15_000; waited += 100)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.to).toEqual(["zoe@example.com"]);
      expect(mail?.data).toContain("Content-Type: application/pdf");
      expect(mail?.data).toContain(`${invoice.number}.pdf`);
      for (let waited = 0; waited < 5_000; waited += 100) {
        const [listed] = (await api("GET", "/emails")).json();
        if (listed.status === "sent") break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const [sent] = (await api("GET", "/emails")).json();
      expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      expect(sent.sentAt).not.toBeNull();
    });
  },
  { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Innkeep Hotel <hotel@innkeep.test>" },
);
