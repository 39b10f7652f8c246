/**
 * Reading the transactional outbox: the activity log, numbered per property in commit order
 * (`property_seq`, migration 0012). The live feed and the webhook relay both read events from here; a
 * NOTIFY only tells them to look (docs/decisions/014-outbox.md).
 */
import { sql } from "drizzle-orm";
import type { LiveEvent } from "../../domain/schemas/live-feed.js";
import type { WebhookEvent } from "../../domain/schemas/webhooks.js";
import type { Db } from "../db/connect.js";
import { queryRows } from "../db/rows.js";

type EventRow = {
  id: string;
  property_id: string;
  property_seq: string | number;
  action: string;
  entity_type: string;
  entity_id: string | null;
  at: string | Date;
};

const instant = (at: string | Date) => new Date(at).toISOString();

function liveEventOf(row: EventRow): LiveEvent {
  return {
    seq: Number(row.property_seq),
    type: row.action,
    propertyId: row.property_id,
    entityType: row.entity_type,
    entityId: row.entity_id,
    occurredAt: instant(row.at),
  };
}

/** The property's events after `afterSeq`, oldest first, at most `limit`. */
export async function readLiveEvents(
  db: Db,
  propertyId: string,
  afterSeq: number,
  limit: number,
): Promise<LiveEvent[]> {
  const rows = await queryRows<EventRow>(
    db,
    sql`
    select id, property_id, property_seq, action, entity_type, entity_id, at from activity
    where property_id = ${propertyId} and property_seq > ${afterSeq}
    order by property_seq limit ${limit}`,
  );
  return rows.map(liveEventOf);
}

/** For each (property, cursor) pair, the events after the cursor, oldest first, at most `limit` each. */
export async function readLiveEventsOfMany(
  db: Db,
  cursors: ReadonlyMap<string, number>,
  limit: number,
): Promise<LiveEvent[]> {
  if (cursors.size === 0) return [];
  const ids = `{${[...cursors.keys()].join(",")}}`;
  const seqs = `{${[...cursors.values()].join(",")}}`;
  // A window rather than a LATERAL … LIMIT per property: Citus runs this in each shard holding one of the
  // properties (a lateral subquery with a LIMIT it refuses).
  const rows = await queryRows<EventRow>(
    db,
    sql`
    select id, property_id, property_seq, action, entity_type, entity_id, at from (
      select a.id, a.property_id, a.property_seq, a.action, a.entity_type, a.entity_id, a.at,
        row_number() over (partition by a.property_id order by a.property_seq) as n
      from activity a
      join unnest(${ids}::uuid[], ${seqs}::bigint[]) as c(pid, after)
        on a.property_id = c.pid and a.property_seq > c.after
      where a.property_id = any(${ids}::uuid[])) e
    where n <= ${limit}
    order by property_id, property_seq`,
  );
  return rows.map(liveEventOf);
}

/** The number of the property's latest event (0 before the first), or null for an unknown property. */
export async function latestEventSeq(db: Db, propertyId: string): Promise<number | null> {
  const [row] = await queryRows<{ event_seq: string | number }>(
    db,
    sql`select event_seq from properties where id = ${propertyId}`,
  );
  return row ? Number(row.event_seq) : null;
}

/** The event as webhooks receive it (docs/product.md#webhooks). */
export function webhookEventOf(row: EventRow & { actor_name: string; changes: unknown }): WebhookEvent {
  return {
    id: row.id,
    type: row.action,
    propertyId: row.property_id,
    occurredAt: instant(row.at),
    data: {
      sequence: Number(row.property_seq),
      entityType: row.entity_type,
      entityId: row.entity_id,
      actorName: row.actor_name,
      changes: (row.changes ?? {}) as Record<string, unknown>,
    },
  };
}
export type OutboxRow = EventRow & { actor_name: string; changes: unknown };
