/** Who uses Innkeep and where: users and their sessions, properties, their members and pending invitations. */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, recordId } from "./columns.js";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    emailVerified: boolean("email_verified").notNull().default(false),
    displayName: text("display_name"),
    /** The language the user chose in the header; null: the browser's (src/domain/languages.ts). */
    language: text("language"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("users_issuer_subject_key").on(t.issuer, t.subject),
    check("users_language_check", sql`${t.language} in ('en', 'es', 'hi')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const properties = pgTable(
  "properties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    code: text("code").notNull(),
    currency: text("currency").notNull(),
    timeZone: text("time_zone").notNull(),
    createdAt: createdAt(),
    /** The last event's number (activity.property_seq); taken by each new entry, in commit order (0012). */
    eventSeq: bigint("event_seq", { mode: "number" }).notNull().default(0),
    /** Guests whose last stay ended longer ago are anonymized at day close; null keeps them (0021). */
    guestRetentionMonths: integer("guest_retention_months"),
    /** Folio and invoice settings (docs/product.md#folio-taxes-and-invoices; migration 0022). */
    pricesIncludeTax: boolean("prices_include_tax").notNull().default(true),
    legalName: text("legal_name").notNull().default(""),
    address: text("address").notNull().default(""),
    taxId: text("tax_id").notNull().default(""),
    invoicePrefix: text("invoice_prefix").notNull().default("INV-"),
    cityTaxPerAdultPerNight: numeric("city_tax_per_adult_per_night", { precision: 12, scale: 2 })
      .notNull()
      .default("0"),
    cityTaxName: text("city_tax_name").notNull().default(""),
    /**
     * The currency's minor digits (ISO 4217, as the runtime's Intl reads them: money.ts `minorDigits`),
     * written with the currency, for the database's folio arithmetic; null until the server first fills it.
     */
    currencyDigits: smallint("currency_digits"),
    /** Day close (docs/product.md#day-close; migration 0023): when it runs, what it does. */
    dayCloseTime: text("day_close_time").notNull().default("03:00"),
    autoNoShow: boolean("auto_no_show").notNull().default(true),
    stayoverDirty: boolean("stayover_dirty").notNull().default(true),
    /** The last closed day: nothing dated on or before it changes (the database refuses). Null: none yet. */
    closedThrough: date("closed_through", { mode: "string" }),
    /** Whether guests can book on the public booking engine (docs/product.md#booking-engine; migration 0026). */
    bookingEngineEnabled: boolean("booking_engine_enabled").notNull().default(false),
  },
  (t) => [
    // One own property per user: its id is derived from the owner's (properties/service.ts), so the primary
    // key enforces it on every backend (Citus cannot check a unique key without the distribution column).
    index("properties_owner_id_idx").on(t.ownerId),
    index("properties_created_at_idx").on(t.createdAt),
    // The booking engine finds the hotel by its code on every public request (public-booking/property.ts).
    index("properties_code_idx").on(t.code, t.createdAt, t.id),
    check("properties_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("properties_day_close_time_check", sql`${t.dayCloseTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("properties_city_tax_check", sql`${t.cityTaxPerAdultPerNight} >= 0`),
    check("properties_currency_digits_check", sql`${t.currencyDigits} between 0 and 4`),
    check("properties_guest_retention_check", sql`${t.guestRetentionMonths} between 1 and 1200`),
  ],
);

/** The column that ties a row to its property, deleted with it. */
export const propertyRef = () =>
  uuid("property_id")
    .notNull()
    .references(() => properties.id, { onDelete: "cascade" });

export const propertyMembers = pgTable(
  "property_members",
  {
    propertyId: propertyRef(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.userId] }),
    index("property_members_user_id_idx").on(t.userId),
    check(
      "property_members_role_check",
      sql`${t.role} in ('owner', 'manager', 'front_desk', 'housekeeping')`,
    ),
    // Exactly one owner per property (the creator; "owner" can never be granted).
    uniqueIndex("property_members_one_owner").on(t.propertyId).where(sql`${t.role} = 'owner'`),
  ],
);

/**
 * Pending invitations: `email` (lower-cased, trimmed) becomes a member with `role` when a user whose provider
 * verified that email signs in or makes a request. Accepting deletes the row.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: recordId(),
    propertyId: propertyRef(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // Keyed by tenant first, so the data can be distributed by property
    // (docs/architecture.md#business-rules-and-where-they-are-enforced).
    primaryKey({ name: "invitations_pkey", columns: [t.propertyId, t.id] }),
    unique("invitations_property_email_key").on(t.propertyId, t.email),
    index("invitations_email_idx").on(t.email),
    check("invitations_role_check", sql`${t.role} in ('manager', 'front_desk', 'housekeeping')`),
    check("invitations_email_check", sql`${t.email} = lower(btrim(${t.email}))`),
  ],
);
