/**
 * The email outbox (docs/product.md#email): a message is written in the transaction of the change it tells of
 * and sent afterwards by the mail worker (src/server/mail/worker.ts), which holds a short lease on it while
 * sending, so two instances never send one message at once.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, recordId } from "./columns.js";
import { propertyRef } from "./properties.js";

export const emails = pgTable(
  "emails",
  {
    id: recordId(),
    propertyId: propertyRef(),
    kind: text("kind").notNull(),
    /** The stay it tells of (no foreign key: a message outlives what it names); anonymizing its guest erases it. */
    reservationId: uuid("reservation_id"),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** What to attach, made when sending (an invoice's PDF: `{ "invoiceId": … }`); null: nothing. */
    attachment: jsonb("attachment"),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "string" })
      .notNull()
      .defaultNow(),
    leaseOwner: uuid("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "string" }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    primaryKey({ name: "emails_pkey", columns: [t.propertyId, t.id] }),
    // Settings → Emails: newest first.
    index("emails_property_created_idx").on(t.propertyId, t.createdAt.desc(), t.id.desc()),
    index("emails_reservation_idx").on(t.propertyId, t.reservationId),
    // The worker's due messages, across properties.
    index("emails_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    check("emails_status_check", sql`${t.status} in ('queued', 'sent', 'failed', 'kept')`),
    check("emails_kind_check", sql`${t.kind} in ('booking_confirmation', 'cancellation', 'invoice')`),
    check("emails_attempts_check", sql`${t.attempts} >= 0`),
  ],
);
