/**
 * An invoice with its guest's language (`guests.language`), read in one query: the email and the PDF a guest
 * gets are written in it (src/server/mail/templates.ts, pdf.ts).
 */
import { and, eq } from "drizzle-orm";
import { AppError } from "../../../domain/errors.js";
import type { Language } from "../../../domain/languages.js";
import type { Invoice } from "../../../domain/schemas/invoices.js";
import type { Db } from "../../db/connect.js";
import { guests, invoices, reservations } from "../../db/schema.js";
import { guestLanguage } from "../../i18n/formats.js";
import { INVOICE_NOT_FOUND, presentInvoice } from "./service.js";

export async function getInvoiceForGuest(
  db: Db,
  propertyId: string,
  invoiceId: string,
): Promise<{ invoice: Invoice; language: Language }> {
  const [row] = await db
    .select({ invoice: invoices, language: guests.language })
    .from(invoices)
    // Outer joins: an invoice is answered even were its stay or profile not found (then in English).
    .leftJoin(
      reservations,
      and(eq(reservations.propertyId, invoices.propertyId), eq(reservations.id, invoices.reservationId)),
    )
    .leftJoin(
      guests,
      and(eq(guests.propertyId, reservations.propertyId), eq(guests.id, reservations.guestId)),
    )
    .where(and(eq(invoices.propertyId, propertyId), eq(invoices.id, invoiceId)));
  if (!row) throw new AppError("not_found", INVOICE_NOT_FOUND);
  return { invoice: presentInvoice(row.invoice), language: guestLanguage(row.language) };
}
