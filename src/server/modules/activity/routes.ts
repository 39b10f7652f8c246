import { z } from "zod";
import { type ActivityEntry, activityEntry, activityQuery } from "../../../domain/schemas/activity.js";
import { propertyParams } from "../../../domain/schemas/fields.js";
import type { Module } from "../../context.js";
import { presentActivityEntry } from "./presenter.js";
import { listActivity } from "./service.js";

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
    async (request): Promise<ActivityEntry[]> =>
      (await listActivity(db, request.params.pid, request.query)).map(presentActivityEntry),
  );
};
