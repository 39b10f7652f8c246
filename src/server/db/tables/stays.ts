/** Stays and the money taken against them. */
import { sql } from "drizzle-orm";
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { amount, createdAt, money, recordId } from "./columns.js";
import { guests } from "./guests.js";
import { rooms, roomTypes } from "./inventory.js";
import { propertyRef, users } from "./properties.js";
import { ratePlans } from "./rate-plans.js";

export const reservations = pgTable(
  "reservations",
  {
    id: recordId(),
    propertyId: propertyRef(),
    code: text("code").notNull(),
    /** The guest's profile; the three fields below are the database's copies of its name, phone and email. */
    guestId: uuid("guest_id").notNull(),
    guestName: text("guest_name").notNull().default(""),
    guestPhone: text("guest_phone").notNull().default(""),
    guestEmail: text("guest_email").notNull().default(""),
    roomTypeId: uuid("room_type_id"),
    roomId: uuid("room_id"),
    /**
     * The room's number and the room type's name as they were when that room or type was deleted (its id
     * is then set to NULL); NULL while it exists, since the live record names it (migration 0011).
     */
    roomNumber: text("room_number"),
    roomTypeName: text("room_type_name"),
    adults: integer("adults").notNull(),
    children: integer("children").notNull(),
    checkInDate: date("check_in_date", { mode: "string" }).notNull(),
    checkOutDate: date("check_out_date", { mode: "string" }).notNull(),
    nights: integer("nights").notNull(),
    status: text("status").notNull().default("booked"),
    total: money("total"),
    /** What each night was sold for, in stay order; `total` is their sum (checked by the database). */
    nightlyRates: numeric("nightly_rates", { precision: 12, scale: 2 }).array().notNull(),
    /**
     * The gross of the folio's lines that are not void (nights, city tax, charges), and that minus the
     * payments that are not void (refunds count back): both kept by the database (migration 0022).
     */
    folioTotal: amount("folio_total").default("0"),
    balance: amount("balance"),
    /**
     * The rate plan it is sold on; the database fills in the property's Standard plan when none is given
     * (migration 0026), and the check below makes sure one always is.
     */
    ratePlanId: uuid("rate_plan_id"),
    /** Who booked it: the front desk, the public booking engine, or an API client. */
    source: text("source").notNull().default("front_desk"),
    /** SHA-256 of the guest's manage link's token (a booking engine stay); the token itself is never kept. */
    manageTokenHash: text("manage_token_hash"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    // Keyed by tenant first, so the data can be distributed by property
    // (docs/architecture.md#business-rules-and-where-they-are-enforced).
    primaryKey({ name: "reservations_pkey", columns: [t.propertyId, t.id] }),
    // No ON DELETE action: a plan that stays were sold on is refused (409 in_use); deactivate it instead.
    foreignKey({
      name: "reservations_rate_plan_fk",
      columns: [t.propertyId, t.ratePlanId],
      foreignColumns: [ratePlans.propertyId, ratePlans.id],
    }),
    check("reservations_rate_plan_check", sql`${t.ratePlanId} is not null`),
    check("reservations_source_check", sql`${t.source} in ('front_desk', 'booking_engine', 'api')`),
    // The manage link finds its stay by the token's hash alone (it names no property).
    index("reservations_manage_token_idx").on(t.manageTokenHash).where(sql`${t.manageTokenHash} is not null`),
    unique("reservations_property_id_code_key").on(t.propertyId, t.code),
    // No ON DELETE action: the delete triggers of rooms and room types clear the id first, keeping the number
    // or name in the copies above (Citus refuses SET NULL on a key that holds property_id; migration 0018).
    foreignKey({
      name: "reservations_room_fk",
      columns: [t.propertyId, t.roomId],
      foreignColumns: [rooms.propertyId, rooms.id],
    }),
    foreignKey({
      name: "reservations_guest_fk",
      columns: [t.propertyId, t.guestId],
      foreignColumns: [guests.propertyId, guests.id],
    }),
    // A profile's stays, and the moves of a merge.
    index("reservations_property_guest_idx").on(t.propertyId, t.guestId),
    foreignKey({
      name: "reservations_room_type_fk",
      columns: [t.propertyId, t.roomTypeId],
      foreignColumns: [roomTypes.propertyId, roomTypes.id],
    }),
    // Serves the list newest first and its keyset pages: the same order, ties broken by id.
    index("reservations_property_created_idx").on(
      t.propertyId,
      // `desc()` alone would add NULLS LAST, which ORDER BY … DESC (NULLS FIRST) cannot use.
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The list's filters (docs/product.md#search-and-filters): arrivals and departures of a date, and one
    // status newest first. The search's trigram index and the in-house index are hand-written in migration
    // 0010.
    index("reservations_property_check_in_idx").on(t.propertyId, t.checkInDate),
    index("reservations_property_check_out_idx").on(t.propertyId, t.checkOutDate),
    // The day close's no-shows: arrivals still booked on or before the day, without reading every future stay.
    index("reservations_booked_arrival_idx")
      .on(t.propertyId, t.checkInDate)
      .where(sql`${t.status} = 'booked'`),
    index("reservations_property_status_idx").on(
      t.propertyId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check("reservations_dates_check", sql`${t.checkInDate} < ${t.checkOutDate}`),
    check(
      "reservations_status_check",
      sql`${t.status} in ('booked', 'checked_in', 'checked_out', 'cancelled', 'no_show')`,
    ),
    check("reservations_guests_check", sql`${t.adults} >= 1 and ${t.children} >= 0`),
    // One stored amount per night, and the total is exactly their sum (innkeep_sum is defined in 0009).
    check(
      "reservations_nightly_rates_check",
      sql`cardinality(${t.nightlyRates}) = ${t.checkOutDate} - ${t.checkInDate} and ${t.total} = innkeep_sum(${t.nightlyRates})`,
    ),
  ],
);

/** Money taken against a stay. Never edited: a mistake is voided (kept, with who voided it and when). */
export const payments = pgTable(
  "payments",
  {
    id: recordId(),
    propertyId: propertyRef(),
    reservationId: uuid("reservation_id").notNull(),
    amount: money("amount"),
    kind: text("kind").notNull().default("payment"),
    method: text("method").notNull(),
    /** The property's date when it was recorded: what a day close freezes. */
    date: date("date", { mode: "string" }).notNull(),
    note: text("note").notNull().default(""),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    voidedAt: timestamp("voided_at", { withTimezone: true, mode: "string" }),
    voidedBy: uuid("voided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ name: "payments_pkey", columns: [t.propertyId, t.id] }),
    foreignKey({
      name: "payments_reservation_fk",
      columns: [t.propertyId, t.reservationId],
      foreignColumns: [reservations.propertyId, reservations.id],
    }).onDelete("cascade"),
    index("payments_reservation_idx").on(t.propertyId, t.reservationId),
    // A day's payments, for the day close's report (src/server/modules/day-close/report.ts).
    index("payments_property_date_idx").on(t.propertyId, t.date),
    check("payments_amount_check", sql`${t.amount} > 0`),
    check("payments_kind_check", sql`${t.kind} in ('payment', 'refund')`),
    check("payments_method_check", sql`${t.method} in ('cash', 'card', 'bank_transfer', 'other')`),
  ],
);
