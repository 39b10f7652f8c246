/**
 * A guest's emails and invoice PDFs in the guest's language, their profile's (`guests.language`, decision
 * 047), through the real routes and the outbox: the front desk's booking confirmation and "Email invoice"
 * with the PDF the mail worker attaches; the PDF download in it too, or in a language the clerk asks for.
 */
import { sql } from "drizzle-orm";
import { extractText } from "unpdf";
import { expect, it } from "vitest";
import { queryRows } from "../../db/rows.js";
import type { AttachmentRef } from "../../mail/outbox.js";
import { describeBackends } from "../../test/harness.js";
import { reservationApi } from "../../test/reservation-api.js";
import { invoiceAttachment } from "../invoices/index.js";

type Outbox = { subject: string; text: string; html: string; attachment: AttachmentRef | null };

/** PDF.js detaches the buffer it is given: each read gets its own copy. */
const textOf = async (pdf: Buffer) => (await extractText(new Uint8Array(pdf), { mergePages: true })).text;

describeBackends("emails in the guest's language", (ctx) => {
  const { hotel, post } = reservationApi(ctx);

  async function guestWithLanguage(language: string) {
    const h = await hotel();
    const api = (method: "GET" | "POST" | "PATCH", path: string, body?: unknown) =>
      ctx().request(method, `/api/properties/${h.pid}${path}`, { as: h.user, body });
    const guest = await api("POST", "/guests", { name: "राहुल शर्मा", email: "rahul@example.com", language });
    expect(guest.statusCode, guest.body).toBe(201);
    const outbox = () =>
      queryRows<Outbox>(
        ctx().database.db,
        sql`select subject, text_body as text, html_body as html, attachment from emails
            where property_id = ${h.pid} order by created_at`,
      );
    return { ...h, api, guestId: guest.json().id as string, outbox };
  }

  /** Books two nights for a guest of `language` with a confirmation; the stay and the email it queued. */
  async function bookedWithConfirmation(language: string) {
    const { user, pid, room, guestId, outbox } = await guestWithLanguage(language);
    const booked = await post(user, pid, {
      roomId: room.id,
      checkInDate: "2030-05-01",
      checkOutDate: "2030-05-03",
      guestId,
      sendConfirmation: true,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [message] = await outbox();
    return { booked, message };
  }

  it("confirms a front-desk booking to a Hindi guest in Hindi", async () => {
    const { booked, message } = await bookedWithConfirmation("hi-IN");
    const { code } = booked.json();
    expect(message?.subject).toMatch(new RegExp(` में आपकी बुकिंग ${code}$`));
    expect(message?.text).toContain("प्रिय राहुल शर्मा,");
    expect(message?.text).toContain(`बुकिंग ${code}: Deluxe, `);
    expect(message?.text).toContain("1 मई 2030 से 3 मई 2030 तक, 2 वयस्क।");
    expect(message?.text).toContain("कुल राशि: ₹2,000.00।");
    expect(message?.html).toContain('<html lang="hi">');
  });

  it("emails a Hindi guest's invoice in Hindi, with a Hindi PDF, which the clerk can download in English", async () => {
    const { api, user, pid, room, guestId, outbox } = await guestWithLanguage("hi");
    const stay = await post(user, pid, {
      roomId: room.id,
      checkInDate: "2030-06-01",
      checkOutDate: "2030-06-02",
      guestId,
    });
    expect(stay.statusCode, stay.body).toBe(201);
    const invoice = (await api("POST", `/reservations/${stay.json().id}/invoices`, {})).json();
    const kept = await api("POST", `/invoices/${invoice.id}/email`, { to: "rahul@example.com" });
    expect(kept.statusCode, kept.body).toBe(202);
    const [message] = await outbox();
    expect(message?.subject).toBe(`${invoice.seller.name} की ओर से आपका इनवॉइस ${invoice.number}`);
    expect(message?.text).toContain(`इनवॉइस ${invoice.number}, दिनांक `);
    expect(message?.text).toContain("राशि ₹1,000.00, इस ईमेल के साथ संलग्न है।");
    // The PDF is made when the message is sent, in the language the message was written in.
    expect(message?.attachment).toEqual({ invoiceId: invoice.id, language: "hi" });
    const attached = await invoiceAttachment(ctx().database.db)(pid, message?.attachment as AttachmentRef);
    expect(attached.filename).toBe(`${invoice.number}.pdf`);
    const attachedText = await textOf(attached.content);
    expect(attachedText).toContain("इनवॉइस");
    expect(attachedText).not.toContain("Balance due");

    const download = (query = "") => api("GET", `/invoices/${invoice.id}/pdf${query}`);
    const hindi = await download();
    expect(hindi.statusCode).toBe(200);
    expect(hindi.rawPayload.equals(attached.content)).toBe(true);
    const english = await download("?language=en");
    expect(english.statusCode).toBe(200);
    expect(await textOf(english.rawPayload)).toContain("Balance due");
    const spanish = await textOf((await download("?language=es")).rawPayload);
    expect(spanish).toContain("Pendiente de pago");
    for (const bad of ["fr", "HI", ""]) {
      const refused = await download(`?language=${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.fields[0].field).toBe("language");
    }
  });

  it("writes to a guest whose language Innkeep is not written in in English, as before", async () => {
    const { booked, message } = await bookedWithConfirmation("fr");
    expect(message?.subject).toMatch(new RegExp(`^Your booking ${booked.json().code} at `));
    expect(message?.text).toContain("from 2030-05-01 to 2030-05-03, 2 adults.");
  });
});
