/**
 * The mail worker: sends the outbox's queued messages (src/server/mail/outbox.ts) through `SMTP_URL`.
 *
 * - One instance at a time sends a message: it takes a short lease on the row first (two steps, as the webhook
 *   relay does, so it works on Citus), and records the outcome only while it still holds it.
 * - A failure (the server refuses or cannot be reached) is retried with exponential back-off up to
 *   `maxAttempts`, then the message is marked failed with the server's answer; nothing is lost, and a
 *   message is sent again only if an instance stopped between the server's acceptance and its record (the
 *   Message-ID, made from the message's id, is the same each time, so a mailbox can tell).
 * - Every error is logged with the message's id and property, never its address or contents.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/connect.js";
import { arrayLiteral, queryRows } from "../db/rows.js";
import type { AttachmentRef } from "./outbox.js";

export type MailConfig = { smtpUrl: string; from: string };
export type Attachment = { filename: string; content: Buffer; contentType: string };
export type MailLog = {
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

export type MailWorkerOptions = {
  log: MailLog;
  /** Makes a message's attachment when it is sent (an invoice's PDF). */
  attachmentFor: (propertyId: string, attachment: AttachmentRef) => Promise<Attachment>;
  /** First retry delay; doubles per attempt up to `maxBackoffMs`. */
  retryBaseMs?: number;
  maxBackoffMs?: number;
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
  pollMs?: number;
  /** How long a lease lasts: how soon another instance takes over a message a stopped one was sending. */
  leaseMs?: number;
  /** Messages claimed at a time. */
  batch?: number;
};

type Timing = Required<
  Pick<MailWorkerOptions, "retryBaseMs" | "maxBackoffMs" | "maxAttempts" | "pollMs" | "leaseMs" | "batch">
>;

const DEFAULTS: Timing = {
  // A mail server that blinked gets the message again within seconds; an outage backs off to hourly, and
  // ten attempts span about a day.
  retryBaseMs: 30_000,
  maxBackoffMs: 3_600_000,
  maxAttempts: 10,
  pollMs: 2_000,
  leaseMs: 60_000,
  batch: 10,
};

type Claimed = {
  property_id: string;
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attachment: AttachmentRef | null;
  attempts: number;
};

/** A short, single-line account of a failure for the log and the Emails screen (no address or contents). */
function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").slice(0, 300);
}

export class MailWorker {
  private readonly timing: Timing;
  private readonly owner = randomUUID();
  private readonly transport: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly mail: MailConfig,
    private readonly options: MailWorkerOptions,
  ) {
    this.timing = { ...DEFAULTS, ...options };
    this.transport = nodemailer.createTransport(mail.smtpUrl);
  }

  start(): void {
    const tick = () => {
      if (this.stopped) return;
      this.running = this.runOnce()
        .catch((err: unknown) => this.options.log.error({ err }, "the mail worker could not read the outbox"))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.timing.pollMs);
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }

  /** Claims the due messages and sends each; answers how many it sent. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    let sent = 0;
    for (const message of claimed) if (await this.send(message)) sent++;
    return sent;
  }

  private async claim(): Promise<Claimed[]> {
    const free = sql`(lease_until is null or lease_until < now())`;
    const due = await queryRows<{ property_id: string; id: string }>(
      this.db,
      sql`select property_id, id from emails
          where status = 'queued' and next_attempt_at <= now() and ${free}
          order by next_attempt_at limit ${this.timing.batch}`,
    );
    if (due.length === 0) return [];
    // Re-checked on each row it locks: of two instances racing for a message, the second finds it taken.
    return queryRows<Claimed>(
      this.db,
      sql`update emails set lease_owner = ${this.owner},
            lease_until = now() + ${`${this.timing.leaseMs} milliseconds`}::interval
          where property_id = any(${arrayLiteral(due.map((d) => d.property_id))}::uuid[])
            and id = any(${arrayLiteral(due.map((d) => d.id))}::uuid[])
            and status = 'queued' and ${free}
          returning property_id, id, to_address, subject, text_body, html_body, attachment, attempts`,
    );
  }

  private async send(message: Claimed): Promise<boolean> {
    const where = sql`property_id = ${message.property_id} and id = ${message.id} and lease_owner = ${this.owner}`;
    try {
      const attachments = message.attachment
        ? [await this.options.attachmentFor(message.property_id, message.attachment)]
        : [];
      await this.transport.sendMail({
        from: this.mail.from,
        to: message.to_address,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        messageId: `<${message.id}@innkeep>`,
        attachments,
      });
    } catch (error) {
      const attempts = message.attempts + 1;
      const gaveUp = attempts >= this.timing.maxAttempts;
      const delay = Math.min(this.timing.maxBackoffMs, this.timing.retryBaseMs * 2 ** (attempts - 1));
      this.options.log.warn(
        { emailId: message.id, propertyId: message.property_id, attempts, gaveUp, reason: describe(error) },
        gaveUp
          ? "an email could not be sent and was given up"
          : "an email could not be sent; it will be retried",
      );
      await this.db.execute(
        sql`update emails set attempts = ${attempts}, last_error = ${describe(error)},
              status = ${gaveUp ? "failed" : "queued"},
              next_attempt_at = now() + ${`${delay} milliseconds`}::interval,
              lease_owner = null, lease_until = null
            where ${where}`,
      );
      return false;
    }
    await this.db.execute(
      sql`update emails set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null,
            lease_owner = null, lease_until = null
          where ${where}`,
    );
    return true;
  }
}
