/**
 * "Email invoice" (docs/product.md#email): the message, with the invoice's PDF to be attached when it is sent,
 * goes to the outbox in the same transaction as its activity entry. Without a mail server it is kept. Both
 * are in the guest's language, read with the invoice; the PDF's is kept with the message (src/server/mail/outbox.ts).
 */

import type { Db } from "../../db/connect.js";
import { queueEmail } from "../../mail/outbox.js";
import { invoiceMessage } from "../../mail/templates.js";
import { type Actor, withActivity } from "../activity/index.js";
import { getInvoiceForGuest } from "./guest-language.js";

export async function emailInvoice(
  db: Db,
  propertyId: string,
  invoiceId: string,
  to: string,
  actor: Actor,
  sending: boolean,
): Promise<{ id: string; status: "queued" | "kept" }> {
  return withActivity(
    db,
    propertyId,
    actor,
    async (tx) => {
      const { invoice, language } = await getInvoiceForGuest(tx, propertyId, invoiceId);
      const message = invoiceMessage(invoice, language);
      const id = await queueEmail(
        tx,
        propertyId,
        { kind: "invoice", reservationId: invoice.reservationId, to, invoiceId, language, ...message },
        sending,
      );
      return { id, status: sending ? ("queued" as const) : ("kept" as const), invoice };
    },
    ({ invoice }) => ({
      action: "invoice.emailed",
      entityType: "reservation",
      entityId: invoice.reservationId,
      changes: { number: { before: null, after: invoice.number } },
    }),
  ).then(({ id, status }) => ({ id, status }));
}
