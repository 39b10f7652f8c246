/** What other systems use: API tokens, webhook subscriptions and their deliveries, and the answers kept for idempotency keys. */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, recordId } from "./columns.js";
import { propertyMembers, propertyRef, users } from "./properties.js";

/** A property's API token (docs/product.md#api-tokens): only the SHA-256 of its secret is kept. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: recordId(),
    propertyId: propertyRef(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    /**
     * The member whose rights bound the token's (docs/product.md#api-tokens); a token made by a token names
     * the same one.
     */
    createdBy: uuid("created_by").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    primaryKey({ name: "api_tokens_pkey", columns: [t.propertyId, t.id] }),
    unique("api_tokens_token_hash_key").on(t.propertyId, t.tokenHash),
    index("api_tokens_token_hash_idx").on(t.tokenHash),
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
    id: recordId(),
    propertyId: propertyRef(),
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
    check("webhooks_events_check", sql`cardinality(${t.events}) >= 1`),
  ],
);

/** One event for one subscription: written with the event (0012), then attempted in event order. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: recordId(),
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
    unique("webhook_deliveries_event_key").on(t.propertyId, t.webhookId, t.eventSeq),
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
