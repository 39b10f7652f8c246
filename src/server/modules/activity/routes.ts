import { z } from "zod";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import { can } from "../../../domain/permissions.js";
import { type ActivityEntry, activityEntry, activityQuery } from "../../../domain/schemas/activity.js";
import { propertyParams } from "../../../domain/schemas/fields.js";
import type { Module } from "../../context.js";
import { requireRole } from "../../http/property-scope.js";
import { presentActivityEntry } from "./presenter.js";
import { isStay, listActivity } from "./service.js";
import { nameEntries } from "./subjects.js";

const tags = ["activity"];

/**
 * Mounted under /api/properties/:pid: the log, newest first, a page at a time (keyset on `seq`). The whole
 * log is for those who run the team ("team"); the front desk ("stays") may read one stay's history, the
 * `entityId` of one of the property's reservations, and nothing else.
 */
export const activityRoutes: Module = (app, { db }) => {
  app.get(
    "/activity",
    {
      schema: {
        operationId: "listActivity",
        summary: "The activity log (or one stay's history), newest first, a page at a time",
        tags,
        params: propertyParams,
        querystring: activityQuery,
        response: { 200: z.array(activityEntry) },
      },
    },
    async (request): Promise<ActivityEntry[]> => {
      const { pid } = request.params;
      let query = request.query;
      if (!can(requireRole(request), "team")) {
        const { entityId } = query;
        if (!entityId || !(await isStay(db, pid, entityId))) {
          throw new AppError("forbidden", MESSAGES.forbidden);
        }
        query = { ...query, entityType: "reservation" };
      }
      const rows = await listActivity(db, pid, query);
      const named = await nameEntries(db, pid, rows);
      return rows.map((row) => presentActivityEntry(row, named.get(row.id)));
    },
  );
};
