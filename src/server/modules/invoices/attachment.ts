/** An invoice's PDF as the mail worker attaches it ("Email invoice", src/server/mail/worker.ts). */
import type { Db } from "../../db/connect.js";
import type { Attachment } from "../../mail/worker.js";
import { pdfFileName, renderInvoicePdf } from "./pdf.js";
import { getInvoice } from "./service.js";

export const invoiceAttachment =
  (db: Db) =>
  async (propertyId: string, { invoiceId }: { invoiceId: string }): Promise<Attachment> => {
    const invoice = await getInvoice(db, propertyId, invoiceId);
    return {
      filename: pdfFileName(invoice),
      content: await renderInvoicePdf(invoice),
      contentType: "application/pdf",
    };
  };
