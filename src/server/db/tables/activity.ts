/** The activity log, which is also the outbox of events (decision 014). */
import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { recordId } from "./columns.js";
import { propertyRef, users } from "./properties.js";

/**
 * The activity log: one entry per accepted change, written in the change's own transaction. Never updated.
 * `property_seq` orders a property's entries (newest first, keyset paging); `id` is what the API shows.
 * `seq` numbers entries across properties in insertion order on one PostgreSQL only (on Citus each node
 * draws from its own range), so nothing orders by it.
 */
export const activity = pgTable(
  "activity",
  {
    id: recordId(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    propertyId: propertyRef(),
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
    // Keyed by tenant first, so the data can be distributed by property
    // (docs/architecture.md#business-rules-and-where-they-are-enforced).
    primaryKey({ name: "activity_pkey", columns: [t.propertyId, t.id] }),
    // The unique key below serves the newest-first pages of the whole log.
    index("activity_property_entity_idx").on(t.propertyId, t.entityId, t.propertySeq.desc().nullsFirst()),
    // The log's filters (a kind of record, a person, the hotel's days) read a page without scanning the log.
    index("activity_property_type_idx").on(t.propertyId, t.entityType, t.propertySeq.desc().nullsFirst()),
    index("activity_property_actor_idx").on(t.propertyId, t.actorId, t.propertySeq.desc().nullsFirst()),
    index("activity_property_at_idx").on(t.propertyId, t.at),
    unique("activity_property_seq_key").on(t.propertyId, t.propertySeq),
  ],
);
