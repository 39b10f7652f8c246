/** What a property sells: room types, rooms, their nightly rates and restrictions, blocks, and the per-night rollup the triggers keep. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, money, recordId } from "./columns.js";
import { propertyRef, users } from "./properties.js";

export const roomTypes = pgTable(
  "room_types",
  {
    id: recordId(),
    propertyId: propertyRef(),
    name: text("name").notNull(),
    capacity: integer("capacity").notNull(),
    baseRate: money("base_rate"),
    /** Its nights' tax rate (tax_rates; the foreign key is added in migration 0022); null: untaxed. */
    taxRateId: uuid("tax_rate_id"),
    createdAt: createdAt(),
  },
  (t) => [
    // Keyed by tenant first, so the data can be distributed by property
    // (docs/architecture.md#business-rules-and-where-they-are-enforced).
    primaryKey({ name: "room_types_pkey", columns: [t.propertyId, t.id] }),
    check("room_types_capacity_check", sql`${t.capacity} >= 0`),
    check("room_types_base_rate_check", sql`${t.baseRate} >= 0`),
  ],
);

export const rooms = pgTable(
  "rooms",
  {
    id: recordId(),
    propertyId: propertyRef(),
    number: text("number").notNull(),
    floor: integer("floor").notNull(),
    roomTypeId: uuid("room_type_id"),
    roomTypeName: text("room_type_name"),
    status: text("status").notNull().default("vacant"),
    hkStatus: text("hk_status").notNull().default("clean"),
    createdAt: createdAt(),
  },
  (t) => [
    // Keyed by tenant first, so the data can be distributed by property
    // (docs/architecture.md#business-rules-and-where-they-are-enforced).
    primaryKey({ name: "rooms_pkey", columns: [t.propertyId, t.id] }),
    unique("rooms_property_id_number_key").on(t.propertyId, t.number),
    foreignKey({
      name: "rooms_room_type_fk",
      columns: [t.propertyId, t.roomTypeId],
      foreignColumns: [roomTypes.propertyId, roomTypes.id],
    }),
    check("rooms_status_check", sql`${t.status} in ('vacant', 'occupied')`),
    check("rooms_hk_status_check", sql`${t.hkStatus} in ('dirty', 'in_progress', 'clean', 'inspected')`),
  ],
);

export const rateOverrides = pgTable(
  "rate_overrides",
  {
    id: recordId(),
    propertyId: propertyRef(),
    date: date("date", { mode: "string" }).notNull(),
    roomTypeId: uuid("room_type_id"),
    // Null: the override only carries restrictions and the night keeps its price.
    price: numeric("price", { precision: 12, scale: 2 }),
    stopSell: boolean("stop_sell").notNull().default(false),
    minLos: integer("min_los").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    // Keyed by tenant first, so the data can be distributed by property
    // (docs/architecture.md#business-rules-and-where-they-are-enforced).
    primaryKey({ name: "rate_overrides_pkey", columns: [t.propertyId, t.id] }),
    // One override per date and room type; NULL (all room types) counts as one value.
    unique("rate_overrides_property_date_type_key").on(t.propertyId, t.date, t.roomTypeId).nullsNotDistinct(),
    // A room type's overrides go with it; stays keep the prices they were sold at.
    foreignKey({
      name: "rate_overrides_room_type_fk",
      columns: [t.propertyId, t.roomTypeId],
      foreignColumns: [roomTypes.propertyId, roomTypes.id],
    }).onDelete("cascade"),
    check("rate_overrides_price_check", sql`${t.price} >= 0`),
    check("rate_overrides_min_los_check", sql`${t.minLos} >= 1`),
  ],
);

/** A room out of order for the nights [startDate, endDate); never overlaps a stay of the room (0009). */
export const roomBlocks = pgTable(
  "room_blocks",
  {
    id: recordId(),
    propertyId: propertyRef(),
    roomId: uuid("room_id").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    reason: text("reason").notNull().default(""),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "room_blocks_pkey", columns: [t.propertyId, t.id] }),
    foreignKey({
      name: "room_blocks_room_fk",
      columns: [t.propertyId, t.roomId],
      foreignColumns: [rooms.propertyId, rooms.id],
    }),
    check("room_blocks_dates_check", sql`${t.startDate} < ${t.endDate}`),
  ],
);

/**
 * Derived data per night and room type (NULL: stays or rooms without one), kept in the writing transaction
 * by triggers (migrations `0002_room_nights.sql`, `0009_stays.sql`); never written by the application.
 * `sold` and `revenue` count the stays that were sold (booked, checked in or out) and what each night was
 * sold for, so the occupancy report never expands stays nor re-prices them. `held` counts the stays that
 * hold inventory (booked, checked in) and `blocked` the out-of-order rooms: the triggers refuse a change
 * that leaves `held + blocked` above the type's rooms.
 */
export const roomNights = pgTable(
  "room_nights",
  {
    propertyId: propertyRef(),
    night: date("night", { mode: "string" }).notNull(),
    roomTypeId: uuid("room_type_id"),
    sold: integer("sold").notNull(),
    held: integer("held").notNull().default(0),
    blocked: integer("blocked").notNull().default(0),
    revenue: numeric("revenue", { precision: 14, scale: 2 }).notNull().default("0"),
  },
  (t) => [
    unique("room_nights_property_night_type_key").on(t.propertyId, t.night, t.roomTypeId).nullsNotDistinct(),
    foreignKey({
      name: "room_nights_room_type_fk",
      columns: [t.propertyId, t.roomTypeId],
      foreignColumns: [roomTypes.propertyId, roomTypes.id],
    }).onDelete("cascade"),
    check("room_nights_sold_check", sql`${t.sold} >= 0`),
    check("room_nights_held_check", sql`${t.held} >= 0 and ${t.blocked} >= 0`),
  ],
);
