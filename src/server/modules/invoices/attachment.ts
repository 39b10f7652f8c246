/** An invoice's PDF as the mail worker attaches it ("Email invoice", src/server/mail/worker.ts). */
import type { Db } from "../../db/connect.js";
import type { AttachmentRef } from "../../mail/outbox.js";
import type { Attachment } from "../../mail/worker.js";
import { getInvoiceForGuest } from "./guest-language.js";
import { pdfFileName, renderInvoicePdf } from "./pdf.js";

export const invoiceAttachment =
  (db: Db) =>
  async (propertyId: string, { invoiceId, language }: AttachmentRef): Promise<Attachment> => {
    const found = await getInvoiceForGuest(db, propertyId, invoiceId);
    return {
      filename: pdfFileName(found.invoice),
      // The message's language (email.ts); a message queued before it was kept, the guest's now.
      content: await renderInvoicePdf(found.invoice, language ?? found.language),
      contentType: "application/pdf",
    };
  };
