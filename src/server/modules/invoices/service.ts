/**
 * Invoices and credit notes (docs/product.md#folio-taxes-and-invoices): an invoice freezes every folio line
 * of a stay not on an invoice that stands; a credit note negates an invoice in full and frees its lines.
 * Documents are never changed in the database (migration 0022 `invoices_immutable`).
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, gte, like, lte, sql } from "drizzle-orm";
import { CREDIT_NOTE_PREFIX } from "../../../domain/constants.js";
import { todayIn } from "../../../domain/dates.js";
import { AppError } from "../../../domain/errors.js";
import { lineKey, summarizeLines } from "../../../domain/folio.js";
import type { Invoice, InvoiceCreateInput, InvoiceLine, Party } from "../../../domain/schemas/invoices.js";
import { fromMinorUnits, toMinorUnits } from "../../../domain/tax.js";
import { foldForSearch } from "../../../domain/text.js";
import type { Db } from "../../db/connect.js";
import { guests, invoicedLines, invoices, properties, reservations } from "../../db/schema.js";
import { toIso } from "../../http/present.js";
import { type Actor, withActivity } from "../activity/index.js";
import { loadFolio } from "../folio/index.js";
import { escapeLike, RESERVATION_NOT_FOUND } from "../reservations/index.js";
import { invoiceNumber, takeNumber } from "./numbering.js";

export const INVOICE_NOT_FOUND = "Invoice not found";

type InvoiceRow = typeof invoices.$inferSelect;
/** What the row's `document` holds: the invoice as answered, but for what may change (status, credit note). */
type InvoiceDocument = Omit<Invoice, "id" | "status" | "creditNoteId" | "createdAt">;

export function presentInvoice(row: InvoiceRow): Invoice {
  return {
    ...(row.document as InvoiceDocument),
    id: row.id,
    status: row.status as Invoice["status"],
    creditNoteId: row.creditNoteId,
    createdAt: toIso(row.createdAt),
  };
}

function searchText(number: string, billTo: Party, code: string): string {
  return [number, billTo.name, code].map(foldForSearch).join("\u001f");
}

/** The stay locked against a second issue at once, with its property's seller details and the guest. */
async function lockStay(tx: Db, propertyId: string, reservationId: string) {
  const [row] = await tx
    .select({
      property: properties,
      guest: { name: guests.name, address: guests.address, taxId: guests.taxId },
    })
    .from(reservations)
    .innerJoin(properties, eq(properties.id, reservations.propertyId))
    .innerJoin(
      guests,
      and(eq(guests.propertyId, reservations.propertyId), eq(guests.id, reservations.guestId)),
    )
    .where(and(eq(reservations.propertyId, propertyId), eq(reservations.id, reservationId)))
    .for("no key update", { of: reservations });
  if (!row) throw new AppError("not_found", RESERVATION_NOT_FOUND);
  return row;
}

/** Payments settled by the stay's invoices that stand: each payment counts once, on the first to take it. */
async function settledByInvoices(tx: Db, propertyId: string, reservationId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${invoices.payments}), 0)` })
    .from(invoices)
    .where(
      and(
        eq(invoices.propertyId, propertyId),
        eq(invoices.reservationId, reservationId),
        eq(invoices.kind, "invoice"),
        eq(invoices.status, "issued"),
      ),
    );
  return Number(row?.sum ?? 0);
}

async function insertInvoice(
  tx: Db,
  propertyId: string,
  reservationId: string,
  userId: string | null,
  input: InvoiceCreateInput,
  now: Date,
): Promise<InvoiceRow> {
  const { property, guest } = await lockStay(tx, propertyId, reservationId);
  const { folio, stay } = await loadFolio(tx, propertyId, reservationId);
  const open = folio.lines.filter((line) => line.voidedAt === null && line.invoiceId === null);
  if (open.length === 0) {
    throw new AppError("nothing_to_invoice", `Every line of stay ${stay.code} is already invoiced`);
  }
  const { currency } = folio;
  const minor = (value: number) => toMinorUnits(value, currency);
  const names = new Map<string, string>();
  for (const row of folio.taxes) if (row.taxRateId) names.set(row.taxRateId, row.name);
  const totals = summarizeLines(open, names, currency);
  const settled = await settledByInvoices(tx, propertyId, reservationId);
  const payments = fromMinorUnits(minor(folio.payments) - minor(settled), currency);
  const issueDate = todayIn(property.timeZone, now);
  const year = Number(issueDate.slice(0, 4));
  // The lines are claimed before the number is taken: the counter's lock is then held only for the
  // invoice's insert, its activity entry and the commit.
  const id = randomUUID();
  await tx
    .insert(invoicedLines)
    .values(open.map((line) => ({ propertyId, reservationId, lineKey: lineKey(line), invoiceId: id })));
  const number = invoiceNumber(
    property.invoicePrefix,
    year,
    await takeNumber(tx, propertyId, "invoice", year),
  );
  const billTo: Party = {
    name: input.billTo?.name ?? guest.name,
    address: input.billTo?.address ?? guest.address,
    taxId: input.billTo?.taxId ?? guest.taxId,
  };
  const document: InvoiceDocument = {
    number,
    kind: "invoice",
    issueDate,
    reservationId,
    reservationCode: stay.code,
    creditedInvoiceId: null,
    seller: { name: property.legalName || property.name, address: property.address, taxId: property.taxId },
    billTo,
    lines: open.map(toInvoiceLine),
    ...totals,
    payments,
    balance: fromMinorUnits(minor(totals.gross) - minor(payments), currency),
    currency,
  };
  const [row] = await tx
    .insert(invoices)
    .values({
      id,
      propertyId,
      number,
      kind: "invoice",
      issueDate,
      reservationId,
      searchText: searchText(number, billTo, stay.code),
      gross: String(totals.gross),
      payments: String(payments),
      document,
      createdBy: userId,
    })
    .returning();
  if (!row) throw new Error("invoice insert returned no row");
  return row;
}

function toInvoiceLine(line: InvoiceLine): InvoiceLine {
  const { kind, date, description, quantity, unitPrice, net, tax, gross, taxRateId, percent } = line;
  return { kind, date, description, quantity, unitPrice, net, tax, gross, taxRateId, percent };
}

/** Issues an invoice of the stay's lines not yet on one, and writes its entry, in one transaction. */
export async function issueInvoice(
  db: Db,
  propertyId: string,
  reservationId: string,
  actor: Actor,
  input: InvoiceCreateInput,
  now: Date,
): Promise<Invoice> {
  const row = await withActivity(
    db,
    propertyId,
    actor,
    (tx) => insertInvoice(tx, propertyId, reservationId, actor.id, input, now),
    (row) => ({
      action: "invoice.issued",
      entityType: "reservation",
      entityId: reservationId,
      changes: {
        number: { before: null, after: row.number },
        gross: { before: null, after: Number(row.gross) },
      },
    }),
  );
  return presentInvoice(row);
}

/** A document's figures with the opposite sign (a credit note of it). */
function negated(
  document: InvoiceDocument,
): Pick<InvoiceDocument, "lines" | "taxes" | "net" | "tax" | "gross" | "payments" | "balance"> {
  const minus = (value: number) => (value === 0 ? 0 : -value);
  return {
    lines: document.lines.map((line) => ({
      ...line,
      unitPrice: minus(line.unitPrice),
      net: minus(line.net),
      tax: minus(line.tax),
      gross: minus(line.gross),
    })),
    taxes: document.taxes.map((row) => ({ ...row, net: minus(row.net), tax: minus(row.tax) })),
    net: minus(document.net),
    tax: minus(document.tax),
    gross: minus(document.gross),
    payments: minus(document.payments),
    balance: minus(document.balance),
  };
}

async function insertCreditNote(
  tx: Db,
  propertyId: string,
  invoiceId: string,
  userId: string | null,
  now: Date,
): Promise<{ creditNote: InvoiceRow; invoice: InvoiceRow }> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.propertyId, propertyId), eq(invoices.id, invoiceId)))
    .for("update");
  if (!invoice) throw new AppError("not_found", INVOICE_NOT_FOUND);
  if (invoice.kind !== "invoice") {
    throw new AppError(
      "invalid_transition",
      `${invoice.number} is a credit note: only an invoice can be credited`,
    );
  }
  if (invoice.status === "credited") {
    throw new AppError("invalid_transition", `Invoice ${invoice.number} is already credited`);
  }
  const [property] = await tx
    .select({ timeZone: properties.timeZone })
    .from(properties)
    .where(eq(properties.id, propertyId));
  const issueDate = todayIn(property?.timeZone ?? "UTC", now);
  const year = Number(issueDate.slice(0, 4));
  const number = invoiceNumber(
    CREDIT_NOTE_PREFIX,
    year,
    await takeNumber(tx, propertyId, "credit_note", year),
  );
  const source = invoice.document as InvoiceDocument;
  const document: InvoiceDocument = {
    ...source,
    ...negated(source),
    number,
    kind: "credit_note",
    issueDate,
    creditedInvoiceId: invoice.id,
  };
  const [creditNote] = await tx
    .insert(invoices)
    .values({
      propertyId,
      number,
      kind: "credit_note",
      issueDate,
      reservationId: invoice.reservationId,
      creditedInvoiceId: invoice.id,
      searchText: searchText(number, source.billTo, source.reservationCode),
      gross: String(document.gross),
      payments: String(document.payments),
      document,
      createdBy: userId,
    })
    .returning();
  if (!creditNote) throw new Error("credit note insert returned no row");
  const [credited] = await tx
    .update(invoices)
    .set({ status: "credited", creditNoteId: creditNote.id })
    .where(and(eq(invoices.propertyId, propertyId), eq(invoices.id, invoice.id)))
    .returning();
  if (!credited) throw new AppError("not_found", INVOICE_NOT_FOUND);
  // Its lines may go on a new invoice.
  await tx
    .delete(invoicedLines)
    .where(and(eq(invoicedLines.propertyId, propertyId), eq(invoicedLines.invoiceId, invoice.id)));
  return { creditNote, invoice: credited };
}

/** Credits an invoice in full with a credit note, and writes its entry (logged on the stay), in one transaction. */
export async function creditInvoice(
  db: Db,
  propertyId: string,
  invoiceId: string,
  actor: Actor,
  now: Date,
): Promise<Invoice> {
  const { creditNote } = await withActivity(
    db,
    propertyId,
    actor,
    (tx) => insertCreditNote(tx, propertyId, invoiceId, actor.id, now),
    ({ creditNote, invoice }) => ({
      action: "invoice.credited",
      entityType: "reservation",
      entityId: invoice.reservationId,
      changes: {
        number: { before: null, after: creditNote.number },
        invoice: { before: invoice.number, after: invoice.number },
        gross: { before: null, after: Number(creditNote.gross) },
      },
    }),
  );
  return presentInvoice(creditNote);
}

export async function getInvoice(db: Db, propertyId: string, invoiceId: string): Promise<Invoice> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.propertyId, propertyId), eq(invoices.id, invoiceId)));
  if (!row) throw new AppError("not_found", INVOICE_NOT_FOUND);
  return presentInvoice(row);
}

/** A stay's invoices and credit notes, oldest first (as they were issued). */
export async function listStayInvoices(
  db: Db,
  propertyId: string,
  reservationId: string,
): Promise<Invoice[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.propertyId, propertyId), eq(invoices.reservationId, reservationId)))
    .orderBy(invoices.createdAt, invoices.id);
  return rows.map(presentInvoice);
}

/** The register's filters: an issue-date window (inclusive) and a search of number, bill-to name or stay code. */
export type InvoiceFilter = { from?: string; to?: string; q?: string };

/** A row of the register, and where the next page starts after it. */
export type RegisterRow = InvoiceRow;

/**
 * One page of the register, newest first (issue date, then issue time): the list's and the CSV export's one
 * query, `after` a row for the next page (the index `invoices_property_issue_idx` serves both).
 */
export async function registerPage(
  db: Db,
  propertyId: string,
  filter: InvoiceFilter,
  limit: number,
  after?: RegisterRow,
): Promise<RegisterRow[]> {
  const folded = filter.q ? foldForSearch(filter.q) : "";
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.propertyId, propertyId),
        filter.from ? gte(invoices.issueDate, filter.from) : undefined,
        filter.to ? lte(invoices.issueDate, filter.to) : undefined,
        folded ? like(invoices.searchText, `%${escapeLike(folded)}%`) : undefined,
        after
          ? sql`(${invoices.issueDate}, ${invoices.createdAt}, ${invoices.id}) < (${after.issueDate}::date, ${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(invoices.issueDate), desc(invoices.createdAt), desc(invoices.id))
    .limit(limit);
}

/** The register: newest first, in an issue-date window, matching `q` on number, bill-to name or stay code. */
export async function listInvoices(
  db: Db,
  propertyId: string,
  query: InvoiceFilter & { limit: number },
): Promise<Invoice[]> {
  return (await registerPage(db, propertyId, query, query.limit)).map(presentInvoice);
}
