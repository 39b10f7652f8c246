/** Reading the activity log: newest first, a page at a time (keyset on the property's own `property_seq`). */
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "../../../domain/errors.js";
import type { activityQuery } from "../../../domain/schemas/activity.js";
import type { Db } from "../../db/connect.js";
import { activity } from "../../db/schema.js";

export type ActivityRow = typeof activity.$inferSelect;
export type ActivityQuery = z.output<typeof activityQuery>;

/** A page of the property's entries, newest first; with `before`, only entries older than that one. */
export async function listActivity(db: Db, propertyId: string, query: ActivityQuery): Promise<ActivityRow[]> {
  const { limit, before, entityId } = query;
  const where = [eq(activity.propertyId, propertyId)];
  if (entityId) where.push(eq(activity.entityId, entityId));
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
