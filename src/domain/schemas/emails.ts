/**
 * The property's outgoing email (docs/product.md#email): every message is written to an outbox in the same
 * transaction as the change it tells of, then sent by a worker with retries; without a mail server configured
 * it is kept, readable in Settings → Emails.
 */
import { z } from "zod";
import { id } from "./fields.js";

/** queued: waiting or being retried; sent; failed: given up after its retries; kept: no mail server set. */
export const EMAIL_STATUSES = ["queued", "sent", "failed", "kept"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** What a message is: each has its template (src/server/mail/templates.ts). */
export const EMAIL_KINDS = ["booking_confirmation", "cancellation", "invoice"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** Messages one page of `GET …/emails` lists at most. */
export const EMAIL_PAGE_MAX = 100;

/** `GET …/emails?limit=&before=`: newest first; `before` is the `createdAt` of the last message seen. */
export const emailListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(EMAIL_PAGE_MAX).default(50),
  before: z.iso.datetime({ offset: true }).optional(),
});
export type EmailListQuery = z.infer<typeof emailListQuery>;

export const email = z.object({
  id,
  to: z.string(),
  subject: z.string(),
  kind: z.enum(EMAIL_KINDS),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type Email = z.infer<typeof email>;
