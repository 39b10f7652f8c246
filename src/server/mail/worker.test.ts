/**
 * The mail worker against a real SMTP server on loopback (smtp-server): each queued message arrives once with
 * its attachment; a refusing server is retried until it accepts, without losing or duplicating the message;
 * a message is given up after its attempts; two workers at once send each message once; a kept message is
 * never sent.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Db } from "../db/connect.js";
import { queryRows } from "../db/rows.js";
import { describeBackends } from "../test/harness.js";
import { LoopbackSmtp } from "../test/smtp.js";
import { type OutgoingEmail, queueEmail } from "./outbox.js";
import { MailWorker, type MailWorkerOptions } from "./worker.js";

const silent = { warn: () => {}, error: () => {} };
const message = (n: number, extra: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  kind: "booking_confirmation",
  // A stay's id: the outbox keeps it without a foreign key (a message outlives what it names).
  reservationId: "00000000-0000-4000-8000-000000000001",
  to: `guest${n}@example.com`,
  subject: `Your booking ${n}`,
  text: `Booking ${n} is confirmed.`,
  html: `<p>Booking ${n} is confirmed.</p>`,
  ...extra,
});

describeBackends("mail worker", (ctx) => {
  const smtp = new LoopbackSmtp();
  let db: Db;
  let pid: string;
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());
  beforeEach(async () => {
    smtp.received.length = 0;
    smtp.refusals = 0;
    db = ctx().database.db;
    pid = await ctx().propertyOf(await ctx().signIn());
  });

  const worker = (options: Partial<MailWorkerOptions> = {}) =>
    new MailWorker(
      db,
      { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: "Innkeep Hotel <hotel@innkeep.test>" },
      {
        log: silent,
        retryBaseMs: 1,
        maxBackoffMs: 1,
        attachmentFor: async (_pid, { invoiceId }) => ({
          filename: `${invoiceId}.pdf`,
          content: Buffer.from("%PDF-1.7 test"),
          contentType: "application/pdf",
        }),
        ...options,
      },
    );
  const rows = () =>
    queryRows<{ to: string; status: string; attempts: number; last_error: string | null }>(
      db,
      sql`select to_address as "to", status, attempts, last_error from emails where property_id = ${pid}
          order by to_address`,
    );

  it("sends each queued message once, with its attachment, and records it sent", async () => {
    await queueEmail(db, pid, message(1), true);
    await queueEmail(db, pid, message(2, { kind: "invoice", invoiceId: "inv-7" }), true);
    const sender = worker();
    try {
      expect(await sender.runOnce()).toBe(2);
      expect(await sender.runOnce()).toBe(0);
    } finally {
      await sender.stop();
    }
    expect(smtp.received.map((r) => r.to).sort()).toEqual([["guest1@example.com"], ["guest2@example.com"]]);
    const invoice = smtp.received.find((r) => r.to[0] === "guest2@example.com");
    expect(invoice?.data).toContain("filename=inv-7.pdf");
    expect(invoice?.data).toContain("From: Innkeep Hotel <hotel@innkeep.test>");
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
    ]);
  });

  it("retries a refusing server until it takes the message: none lost, none twice", async () => {
    await queueEmail(db, pid, message(3), true);
    smtp.refusals = 2;
    const sender = worker();
    try {
      expect(await sender.runOnce()).toBe(0);
      const [refused] = await rows();
      expect(refused).toMatchObject({ status: "queued", attempts: 1 });
      expect(refused?.last_error).toContain("451");
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await sender.runOnce()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await sender.runOnce()).toBe(1);
    } finally {
      await sender.stop();
    }
    expect(smtp.received).toHaveLength(1);
    expect(await rows()).toEqual([
      { to: "guest3@example.com", status: "sent", attempts: 3, last_error: null },
    ]);
  });

  it("gives a message up after its attempts, with the server's last answer", async () => {
    await queueEmail(db, pid, message(4), true);
    smtp.refusals = 10;
    const sender = worker({ maxAttempts: 2 });
    try {
      await sender.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await sender.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await sender.runOnce()).toBe(0);
    } finally {
      await sender.stop();
    }
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: "failed", attempts: 2 });
    expect(failed?.last_error).toContain("Mailbox busy");
    expect(smtp.received).toHaveLength(0);
  });

  it("sends each message once when two workers run at once, and never a kept one", async () => {
    for (let n = 10; n < 18; n++) await queueEmail(db, pid, message(n), true);
    await queueEmail(db, pid, message(99), false);
    const a = worker({ batch: 8 });
    const b = worker({ batch: 8 });
    try {
      const sent = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      expect(sent.reduce((x, y) => x + y, 0)).toBe(8);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(smtp.received).toHaveLength(8);
    expect(new Set(smtp.received.map((r) => r.to[0])).size).toBe(8);
    const kept = (await rows()).find((r) => r.to === "guest99@example.com");
    expect(kept).toMatchObject({ status: "kept", attempts: 0 });
  });
});
