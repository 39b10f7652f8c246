import { z } from "zod";
import { propertyParams, rateOverride, rateOverrideCreateInput } from "../../../domain/schemas.js";
import type { Module } from "../../context.js";
import { actorOf, created, withActivity } from "../activity/record.js";
import { presentRateOverride } from "./presenter.js";
import { listRateOverrides, saveRateOverride } from "./service.js";

const tags = ["rate-overrides"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const rateOverrideRoutes: Module = (app, { db }) => {
  app.get(
    "/rate-overrides",
    { schema: { tags, params: propertyParams, response: { 200: z.array(rateOverride) } } },
    async (request) => (await listRateOverrides(db, request.params.pid)).map(presentRateOverride),
  );

  // Saving the same (date, room type or All) again replaces that override; the answer is the saved row.
  app.post(
    "/rate-overrides",
    {
      schema: {
        tags,
        params: propertyParams,
        body: rateOverrideCreateInput,
        response: { 201: rateOverride },
      },
    },
    async (request, reply) => {
      const { pid } = request.params;
      const saved = await withActivity(
        db,
        pid,
        actorOf(request),
        (tx) => saveRateOverride(tx, pid, request.body),
        (row) => ({
          action: "rate_override.saved",
          entityType: "rate_override",
          entityId: row.override.id,
          changes: created(presentRateOverride(row), ["date", "roomTypeId", "price", "minLOS", "stopSell"]),
        }),
      );
      return reply.status(201).send(presentRateOverride(saved));
    },
  );
};
