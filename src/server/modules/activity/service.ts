/**
 * Reading the activity log: newest first, a page at a time (keyset on the property's own `property_seq`),
 * narrowed by record, kind of record, person and the hotel's calendar days.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import { addDays, endOfDayIn } from "../../../domain/dates.js";
import { AppError } from "../../../domain/errors.js";
import type { activityQuery } from "../../../domain/schemas/activity.js";
import type { Db } from "../../db/connect.js";
import { activity, properties, reservations } from "../../db/schema.js";

export type ActivityRow = typeof activity.$inferSelect;
export type ActivityQuery = z.output<typeof activityQuery>;

/** The instant the hotel's calendar day `date` starts, in its time zone (ISO, UTC). */
function startOfDayIn(date: string, timeZone: string): string {
  const lastSecondBefore = Date.parse(endOfDayIn(addDays(date, -1), timeZone));
  return new Date(lastSecondBefore + 1000).toISOString();
}

async function timeZoneOf(db: Db, propertyId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: properties.timeZone })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!row) throw new AppError("not_found", "Property not found");
  return row.timeZone;
}

/** A page of the property's entries, newest first; with `before`, only entries older than that one. */
export async function listActivity(db: Db, propertyId: string, query: ActivityQuery): Promise<ActivityRow[]> {
  const { limit, before, entityId, entityType, actorId, from, to } = query;
  const where = [eq(activity.propertyId, propertyId)];
  if (entityId) where.push(eq(activity.entityId, entityId));
  if (entityType) where.push(eq(activity.entityType, entityType));
  if (actorId) where.push(eq(activity.actorId, actorId));
  if (from || to) {
    const timeZone = await timeZoneOf(db, propertyId);
    if (from) where.push(gte(activity.at, startOfDayIn(from, timeZone)));
    if (to) where.push(lt(activity.at, startOfDayIn(addDays(to, 1), timeZone)));
  }
  if (before) {
    const [cursor] = await db
      .select({ seq: activity.propertySeq })
      .from(activity)
      .where(and(eq(activity.propertyId, propertyId), eq(activity.id, before)));
    if (!cursor) throw new AppError("validation", "before: no such activity entry");
    where.push(sql`${activity.propertySeq} < ${cursor.seq}`);
  }
  return (
    db
      .select()
      .from(activity)
      .where(and(...where))
      // The indexes' order read backwards, so a page is an index scan.
      .orderBy(sql`${activity.propertySeq} desc`)
      .limit(limit)
  );
}

/** Whether `id` is one of the property's stays (the one history a front-desk clerk may read). */
export async function isStay(db: Db, propertyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.propertyId, propertyId), eq(reservations.id, id)));
  return row !== undefined;
}
