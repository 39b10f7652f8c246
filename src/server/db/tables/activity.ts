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
 * `seq` orders entries (newest first, keyset paging); `id` is what the API shows.
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
    index("activity_property_seq_idx").on(t.propertyId, t.seq.desc()),
    index("activity_property_entity_idx").on(t.propertyId, t.entityId, t.seq.desc()),
    unique("activity_property_seq_key").on(t.propertyId, t.propertySeq),
  ],
);
