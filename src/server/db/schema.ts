/**
 * Drizzle schema for every table. The exclusion constraint against overlapping stays and the
 * change-notification triggers cannot be expressed here; they live in the hand-written migration
 * `0001_constraints_and_triggers.sql`.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
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
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    emailVerified: boolean("email_verified").notNull().default(false),
    displayName: text("display_name"),
    createdAt: createdAt(),
  },
  (t) => [unique("users_issuer_subject_key").on(t.issuer, t.subject)],
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
  },
  (t) => [
    unique("properties_owner_id_key").on(t.ownerId),
    index("properties_created_at_idx").on(t.createdAt),
    check("properties_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export const propertyMembers = pgTable(
  "property_members",
  {
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
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
    id: uuid("id").notNull().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // Keyed by tenant first, so the data can be distributed by property (DESIGN §9.2).
    primaryKey({ name: "invitations_pkey", columns: [t.propertyId, t.id] }),
    unique("invitations_property_email_key").on(t.propertyId, t.email),
    index("invitations_email_idx").on(t.email),
    check("invitations_role_check", sql`${t.role} in ('manager', 'front_desk', 'housekeeping')`),
    check("invitations_email_check", sql`${t.email} = lower(btrim(${t.email}))`),
  ],
);

/**
 * The activity log: one entry per accepted change, written in the change's own transaction. Never updated.
 * `seq` orders entries (newest first, keyset paging); `id` is what the API shows.
 */
export const activity = pgTable(
  "activity",
  {
    id: uuid("id").notNull().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: uuid("entity_id"),
    changes: jsonb("changes").notNull().default({}),
    /** The entry's place in its property's event order: 1, 2, 3 … without gaps, in commit order (0012). */
    // The trigger assigns it whatever is sent; the placeholder only satisfies the insert type.
    propertySeq: bigint("property_seq", { mode: "number" })
      .notNull()
      .$defaultFn(() => 0),
  },
  (t) => [
    // Keyed by tenant first, so the data can be distributed by property (DESIGN §9.2).
    primaryKey({ name: "activity_pkey", columns: [t.propertyId, t.id] }),
    index("activity_property_seq_idx").on(t.propertyId, t.seq.desc()),
    index("activity_property_entity_idx").on(t.propertyId, t.entityId, t.seq.desc()),
    unique("activity_property_seq_key").on(t.propertyId, t.propertySeq),
  ],
);

export const roomTypes = pgTable(
  "room_types",
  {
    id: uuid("id").notNull().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    capacity: integer("capacity").notNull(),
    baseRate: money("base_rate"),
    createdAt: createdAt(),
  },
  (t) => [
    // Keyed by tenant first, so the data can be distributed by property (DESIGN §9.2).
    primaryKey({ name: "room_types_pkey", columns: [t.propertyId, t.id] }),
    check("room_types_capacity_check", sql`${t.capacity} >= 0`),
    check("room_types_base_rate_check", sql`${t.baseRate} >= 0`),
  ],
);

export const rooms = pgTable(
  "rooms",
  {
    id: uuid("id").notNull().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    floor: integer("floor").notNull(),
    roomTypeId: uuid("room_type_id"),
    roomTypeName: text("room_type_name"),
    status: text("status").notNull().default("vacant"),
    hkStatus: text("hk_status").notNull().default("clean"),
    createdAt: createdAt(),
  },
  (t) => [
    // Keyed by tenant first, so the data can be distributed by property (DESIGN §9.2).
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

export const reservations = pgTable(
  "reservations",
  {
    id: uuid("id").notNull().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
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
    /** `total` minus the payments that are not void; kept by the database (migration 0009). */
    balance: money("balance"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    // Keyed by tenant first, so the data can be distributed by property (DESIGN §9.2).
    primaryKey({ name: "reservations_pkey", columns: [t.propertyId, t.id] }),
    unique("reservations_property_id_code_key").on(t.propertyId, t.code),
    // ON DELETE SET NULL of the id column only (property_id stays): hand-written in migration 0011, since
    // drizzle-kit cannot name the columns. A deleted room or type leaves its stays, named by the copies above.
    foreignKey({
      name: "reservations_room_fk",
      columns: [t.propertyId, t.roomId],
      foreignColumns: [rooms.propertyId, rooms.id],
    }).onDelete("set null"),
    foreignKey({
      name: "reservations_room_type_fk",
      columns: [t.propertyId, t.roomTypeId],
      foreignColumns: [roomTypes.propertyId, roomTypes.id],
    }).onDelete("set null"),
    // Serves the list newest first and its keyset pages: the same order, ties broken by id.
    index("reservations_property_created_idx").on(
      t.propertyId,
      // `desc()` alone would add NULLS LAST, which ORDER BY … DESC (NULLS FIRST) cannot use.
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The list's filters (DESIGN §9.3): arrivals and departures of a date, and one status newest first. The
    // search's trigram index and the in-house index are hand-written in migration 0010.
    index("reservations_property_check_in_idx").on(t.propertyId, t.checkInDate),
    index("reservations_property_check_out_idx").on(t.propertyId, t.checkOutDate),
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

export const rateOverrides = pgTable(
  "rate_overrides",
  {
    id: uuid("id").notNull().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    roomTypeId: uuid("room_type_id"),
    // Null: the override only carries restrictions and the night keeps its price.
    price: numeric("price", { precision: 12, scale: 2 }),
    stopSell: boolean("stop_sell").notNull().default(false),
    minLos: integer("min_los").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    // Keyed by tenant first, so the data can be distributed by property (DESIGN §9.2).
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
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
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

/** A room out of order for the nights [startDate, endDate); never overlaps a stay of the room (0009). */
export const roomBlocks = pgTable(
  "room_blocks",
  {
    id: uuid("id").notNull().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
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

/** Money taken against a stay. Never edited: a mistake is voided (kept, with who voided it and when). */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").notNull().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    reservationId: uuid("reservation_id").notNull(),
    amount: money("amount"),
    method: text("method").notNull(),
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
    check("payments_amount_check", sql`${t.amount} > 0`),
    check("payments_method_check", sql`${t.method} in ('cash', 'card', 'bank_transfer', 'other')`),
  ],
);

/** A property's API token (DESIGN §9.5): only the SHA-256 of its secret is kept. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").notNull().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The member whose rights bound the token's (DESIGN §9.5); a token made by a token names the same one. */
    createdBy: uuid("created_by").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    primaryKey({ name: "api_tokens_pkey", columns: [t.propertyId, t.id] }),
    unique("api_tokens_token_hash_key").on(t.tokenHash),
    // Removing the creator from the property removes their tokens, whoever deletes the membership.
    foreignKey({
      name: "api_tokens_creator_fk",
      columns: [t.propertyId, t.createdBy],
      foreignColumns: [propertyMembers.propertyId, propertyMembers.userId],
    }).onDelete("cascade"),
    check("api_tokens_role_check", sql`${t.role} in ('manager', 'front_desk', 'housekeeping')`),
    check("api_tokens_name_check", sql`length(btrim(${t.name})) between 1 and 100`),
  ],
);

/** A webhook subscription; `leaseOwner`/`leaseUntil` make one server instance at a time deliver its events. */
export const webhooks = pgTable(
  "webhooks",
  {
    id: uuid("id").notNull().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    active: boolean("active").notNull().default(true),
    secret: text("secret").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    primaryKey({ name: "webhooks_pkey", columns: [t.propertyId, t.id] }),
    unique("webhooks_id_key").on(t.id),
    check("webhooks_events_check", sql`cardinality(${t.events}) >= 1`),
  ],
);

/** One event for one subscription: written with the event (0012), then attempted in event order. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").notNull().defaultRandom(),
    propertyId: uuid("property_id").notNull(),
    webhookId: uuid("webhook_id").notNull(),
    eventId: uuid("event_id").notNull(),
    eventSeq: bigint("event_seq", { mode: "number" }).notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "string" }).defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true, mode: "string" }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "string" }),
    responseStatus: integer("response_status"),
    error: text("error"),
  },
  (t) => [
    primaryKey({ name: "webhook_deliveries_pkey", columns: [t.propertyId, t.id] }),
    foreignKey({
      name: "webhook_deliveries_webhook_fk",
      columns: [t.propertyId, t.webhookId],
      foreignColumns: [webhooks.propertyId, webhooks.id],
    }).onDelete("cascade"),
    unique("webhook_deliveries_event_key").on(t.webhookId, t.eventSeq),
    index("webhook_deliveries_pending_idx").on(t.webhookId, t.eventSeq).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_log_idx").on(t.propertyId, t.webhookId, t.eventSeq.desc()),
    check("webhook_deliveries_status_check", sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

/**
 * The first answer to a POST that carried an `Idempotency-Key`, per caller (a user or a token) and key.
 * `responseStatus` is null while the first request is still being worked on.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    principal: text("principal").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "idempotency_keys_pkey", columns: [t.principal, t.key] }),
    index("idempotency_keys_created_at_idx").on(t.createdAt),
  ],
);
