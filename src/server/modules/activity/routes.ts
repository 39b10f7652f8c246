import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../../../domain/errors.js";
import { type ActivityEntry, activityEntry, activityQuery } from "../../../domain/schemas/activity.js";
import { propertyParams } from "../../../domain/schemas/fields.js";
import type { Module } from "../../context.js";
import { activity } from "../../db/schema.js";
import { toIso } from "../../http/present.js";
import type { Changes } from "./record.js";

const tags = ["activity"];

/** Mounted under /api/properties/:pid: the log, newest first, a page at a time (keyset on `seq`). */
export const activityRoutes: Module = (app, { db }) => {
  app.get(
    "/activity",
    {
      schema: {
        operationId: "listActivity",
        summary: "The activity log, newest first, a page at a time",
        tags,
        params: propertyParams,
        querystring: activityQuery,
        response: { 200: z.array(activityEntry) },
      },
    },
    async (request): Promise<ActivityEntry[]> => {
      const { pid } = request.params;
      const { limit, before, entityId } = request.query;
      const where = [eq(activity.propertyId, pid)];
      if (entityId) where.push(eq(activity.entityId, entityId));
      if (before) {
        const [cursor] = await db
          .select({ seq: activity.seq })
          .from(activity)
          .where(and(eq(activity.propertyId, pid), eq(activity.id, before)));
        if (!cursor) throw new AppError("validation", "before: no such activity entry");
        where.push(sql`${activity.seq} < ${cursor.seq}`);
      }
      const rows = await db
        .select()
        .from(activity)
        .where(and(...where))
        // Matches the indexes' order (DESC NULLS LAST), so a page is an index scan.
        .orderBy(sql`${activity.seq} desc nulls last`)
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        at: toIso(row.at),
        actorId: row.actorId,
        actorName: row.actorName,
        action: row.action,
        entityType: row.entityType,
        entityId: row.entityId,
        changes: row.changes as Changes,
      }));
    },
  );
};
