/** Guest profiles: the person across stays (docs/product.md#guests). */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, recordId } from "./columns.js";
import { propertyRef } from "./properties.js";

/**
 * One person, keyed by property first like every property table. The stays' guest name, phone and email are
 * copies of `name`, `phone` and `email` that the database keeps (migration 0021): written here, never there.
 */
export const guests = pgTable(
  "guests",
  {
    id: recordId(),
    propertyId: propertyRef(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    language: text("language").notNull().default("en"),
    country: text("country").notNull().default(""),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    documentType: text("document_type"),
    documentNumber: text("document_number").notNull().default(""),
    address: text("address").notNull().default(""),
    taxId: text("tax_id").notNull().default(""),
    notes: text("notes").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    anonymizedAt: timestamp("anonymized_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    primaryKey({ name: "guests_pkey", columns: [t.propertyId, t.id] }),
    // The list newest first and its keyset pages. The search's trigram index is hand-written in 0021.
    index("guests_property_created_idx").on(
      t.propertyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check(
      "guests_document_type_check",
      sql`${t.documentType} in ('passport', 'id_card', 'driving_licence', 'other')`,
    ),
    check("guests_country_check", sql`${t.country} ~ '^([A-Z]{2})?$'`),
  ],
);
