/**
 * The hotel's money beyond the nights (docs/product.md#folio-taxes-and-invoices): tax rates, products, the
 * charges posted to stays, and invoices with their gapless numbering.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { amount, createdAt, recordId } from "./columns.js";
import { propertyRef, users } from "./properties.js";
import { reservations } from "./stays.js";

/** A percentage with up to three decimals (GST 12, VAT 7.7). */
const percent = (name: string) => numeric(name, { precision: 6, scale: 3 });

export const taxRates = pgTable(
  "tax_rates",
  {
    id: recordId(),
    propertyId: propertyRef(),
    name: text("name").notNull(),
    percent: percent("percent").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "tax_rates_pkey", columns: [t.propertyId, t.id] }),
    check("tax_rates_percent_check", sql`${t.percent} between 0 and 100`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: recordId(),
    propertyId: propertyRef(),
    name: text("name").notNull(),
    price: amount("price"),
    taxRateId: uuid("tax_rate_id"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "products_pkey", columns: [t.propertyId, t.id] }),
    // No ON DELETE action: a rate that products are taxed at is refused (409 in_use).
    foreignKey({
      name: "products_tax_rate_fk",
      columns: [t.propertyId, t.taxRateId],
      foreignColumns: [taxRates.propertyId, taxRates.id],
    }),
    check("products_price_check", sql`${t.price} >= 0`),
  ],
);

/**
 * Lines posted to a stay's folio: never edited, only voided (kept, with who and when). Each keeps what it was
 * posted with (its tax rate's name and percentage, and its net, tax and gross under the property's tax mode
 * then), so a later change of a rate or a product never changes a posted line.
 */
export const folioCharges = pgTable(
  "folio_charges",
  {
    id: recordId(),
    propertyId: propertyRef(),
    reservationId: uuid("reservation_id").notNull(),
    kind: text("kind").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    productId: uuid("product_id"),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: amount("unit_price"),
    taxRateId: uuid("tax_rate_id"),
    taxName: text("tax_name").notNull().default(""),
    percent: percent("percent").notNull().default("0"),
    net: amount("net"),
    tax: amount("tax"),
    gross: amount("gross"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    voidedAt: timestamp("voided_at", { withTimezone: true, mode: "string" }),
    voidedBy: uuid("voided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ name: "folio_charges_pkey", columns: [t.propertyId, t.id] }),
    foreignKey({
      name: "folio_charges_reservation_fk",
      columns: [t.propertyId, t.reservationId],
      foreignColumns: [reservations.propertyId, reservations.id],
    }).onDelete("cascade"),
    index("folio_charges_reservation_idx").on(t.propertyId, t.reservationId),
    // A day's lines, for the day close's report (src/server/modules/day-close/report.ts).
    index("folio_charges_property_date_idx").on(t.propertyId, t.date),
    check("folio_charges_kind_check", sql`${t.kind} in ('extra', 'adjustment')`),
    check("folio_charges_quantity_check", sql`${t.quantity} >= 1`),
    check("folio_charges_amounts_check", sql`${t.net} + ${t.tax} = ${t.gross}`),
    check("folio_charges_percent_check", sql`${t.percent} between 0 and 100`),
  ],
);

/**
 * Invoices and credit notes: a frozen snapshot (`document`, as the API answers it but for id, status and the
 * credit note's id), never edited or deleted but for marking an invoice credited (migration 0022). Not tied
 * to the stay by a foreign key: a document outlives anything it names.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: recordId(),
    propertyId: propertyRef(),
    number: text("number").notNull(),
    kind: text("kind").notNull(),
    status: text("status").notNull().default("issued"),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    reservationId: uuid("reservation_id").notNull(),
    creditedInvoiceId: uuid("credited_invoice_id"),
    creditNoteId: uuid("credit_note_id"),
    /** What the register searches: the number, the bill-to name and the stay's code, folded. */
    searchText: text("search_text").notNull(),
    gross: amount("gross"),
    /** The payments this document settles (netted of refunds), so several invoices of a stay never count one twice. */
    payments: amount("payments"),
    document: jsonb("document").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "invoices_pkey", columns: [t.propertyId, t.id] }),
    unique("invoices_property_number_key").on(t.propertyId, t.number),
    // The register newest first, in an issue-date window.
    index("invoices_property_issue_idx").on(
      t.propertyId,
      // `desc()` alone would add NULLS LAST, which ORDER BY … DESC (NULLS FIRST) cannot use.
      t.issueDate.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("invoices_property_reservation_idx").on(t.propertyId, t.reservationId),
    check("invoices_kind_check", sql`${t.kind} in ('invoice', 'credit_note')`),
    check("invoices_status_check", sql`${t.status} in ('issued', 'credited')`),
  ],
);

/**
 * The folio lines on an invoice that stands, one row per line (`room:2026-11-27`, `city_tax`,
 * `charge:<id>`): the primary key is what stops a line going on two invoices, whatever runs at once. A
 * credit note deletes its invoice's rows, so the lines can be invoiced again.
 */
export const invoicedLines = pgTable(
  "invoiced_lines",
  {
    propertyId: propertyRef(),
    reservationId: uuid("reservation_id").notNull(),
    lineKey: text("line_key").notNull(),
    invoiceId: uuid("invoice_id").notNull(),
  },
  (t) => [
    primaryKey({ name: "invoiced_lines_pkey", columns: [t.propertyId, t.reservationId, t.lineKey] }),
    foreignKey({
      name: "invoiced_lines_reservation_fk",
      columns: [t.propertyId, t.reservationId],
      foreignColumns: [reservations.propertyId, reservations.id],
    }).onDelete("cascade"),
    index("invoiced_lines_invoice_idx").on(t.propertyId, t.invoiceId),
  ],
);

/**
 * The last number of each series (invoice, credit_note) per property and year. Taking a number increments
 * the row in the issuing transaction, which holds its lock until commit: numbers are gapless (a rolled-back
 * issue rolls its number back) and never shared.
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    propertyId: propertyRef(),
    series: text("series").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [
    primaryKey({ name: "invoice_counters_pkey", columns: [t.propertyId, t.series, t.year] }),
    check("invoice_counters_series_check", sql`${t.series} in ('invoice', 'credit_note')`),
  ],
);

/**
 * Closed days (docs/product.md#day-close): one row per property and date, written by the close that froze
 * it, with its report, which never changes. The primary key is what makes a day close once, whatever runs
 * at once: a second closer of the day waits on it and is refused.
 */
export const dayCloses = pgTable(
  "day_closes",
  {
    propertyId: propertyRef(),
    date: date("date", { mode: "string" }).notNull(),
    report: jsonb("report").notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    /** The manager who closed it; null for the automatic close. */
    closedBy: uuid("closed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ name: "day_closes_pkey", columns: [t.propertyId, t.date] })],
);
