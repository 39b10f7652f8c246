/**
 * Writing a message to the outbox (docs/product.md#email), in the transaction of the change it tells of: the
 * change and its message commit together or not at all. Without a mail server (`SMTP_URL`) nothing leaves the
 * machine: the message is kept, readable in Settings → Emails.
 */
import { randomUUID } from "node:crypto";
import type { Language } from "../../domain/languages.js";
import type { EmailKind } from "../../domain/schemas/emails.js";
import type { Db } from "../db/connect.js";
import { emails } from "../db/schema.js";

export type OutgoingEmail = {
  kind: EmailKind;
  /** The stay it tells of. */
  reservationId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** An invoice whose PDF goes with the message, made when it is sent. */
  invoiceId?: string;
  /** The message's language: the attached PDF is made in it too, whatever the profile says by then. */
  language?: Language;
};

/** What the mail worker attaches: an invoice's PDF, in the message's language (none: the guest's at sending). */
export type AttachmentRef = { invoiceId: string; language?: Language };

/** The outbox row of `message`: queued to send, or kept when `sending` is false (no mail server). */
export function outboxRow(propertyId: string, message: OutgoingEmail, sending: boolean) {
  return {
    id: randomUUID(),
    propertyId,
    kind: message.kind,
    reservationId: message.reservationId,
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    attachment: message.invoiceId
      ? ({
          invoiceId: message.invoiceId,
          ...(message.language ? { language: message.language } : {}),
        } satisfies AttachmentRef)
      : null,
    status: sending ? ("queued" as const) : ("kept" as const),
  };
}

/** Queues `message` (or keeps it, when `sending` is false) and answers its id. */
export async function queueEmail(
  tx: Db,
  propertyId: string,
  message: OutgoingEmail,
  sending: boolean,
): Promise<string> {
  const [row] = await tx
    .insert(emails)
    .values(outboxRow(propertyId, message, sending))
    .returning({ id: emails.id });
  if (!row) throw new Error("the outbox did not take the message");
  return row.id;
}
