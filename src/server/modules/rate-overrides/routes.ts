import { z } from "zod";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import {
  rateBulkInput,
  rateBulkResult,
  rateOverride,
  rateOverrideCreateInput,
  rateOverrideListQuery,
  rateOverrideUpdateInput,
} from "../../../domain/schemas/rate-overrides.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { actorOf, recordTarget } from "../activity/index.js";
import { bulkSaveRateOverrides } from "./bulk.js";
import { presentRateOverride } from "./presenter.js";
import { deleteRateOverride, listRateOverrides, saveRateOverride, updateRateOverride } from "./service.js";

const tags = ["rate-overrides"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const rateOverrideRoutes: Module = (app, { db }) => {
  app.get(
    "/rate-overrides",
    {
      schema: {
        operationId: "listRateOverrides",
        summary: "Rate overrides in a date window",
        tags,
        params: propertyParams,
        querystring: rateOverrideListQuery,
        response: { 200: z.array(rateOverride) },
      },
    },
    async (request) =>
      (await listRateOverrides(db, request.params.pid, request.query)).map(presentRateOverride),
  );

  // Saving the same (date, room type or All) again replaces that override; the answer is the saved row.
  app.post(
    "/rate-overrides",
    {
      schema: {
        operationId: "createRateOverride",
        summary: "Set one night's price or restrictions for a room type (or all)",
        tags,
        params: propertyParams,
        body: rateOverrideCreateInput,
        response: { 201: rateOverride },
      },
    },
    async (request, reply) => {
      const { pid } = request.params;
      const saved = await saveRateOverride(db, pid, actorOf(request), request.body);
      return reply.status(201).send(presentRateOverride(saved));
    },
  );

  app.post(
    "/rate-overrides/bulk",
    {
      schema: {
        operationId: "bulkUpdateRateOverrides",
        summary: "Set or clear prices and restrictions over a date range and weekdays",
        tags,
        params: propertyParams,
        body: rateBulkInput,
        response: { 200: rateBulkResult },
      },
    },
    async (request) => {
      const { pid } = request.params;
      const { saved } = await bulkSaveRateOverrides(db, pid, actorOf(request), request.body);
      return { saved };
    },
  );

  app.patch(
    "/rate-overrides/:id",
    {
      schema: {
        operationId: "updateRateOverride",
        summary: "Change a rate override",
        tags,
        params: resourceParams,
        body: rateOverrideUpdateInput,
        response: { 200: rateOverride, ...errorResponses(409) },
      },
    },
    async (request) => presentRateOverride(await updateRateOverride(db, recordTarget(request), request.body)),
  );

  // Always allowed: stays already sold keep their prices (docs/product.md#pricing-and-rate-overrides).
  app.delete(
    "/rate-overrides/:id",
    {
      schema: {
        operationId: "deleteRateOverride",
        summary: "Delete a rate override",
        tags,
        params: resourceParams,
        response: { 200: rateOverride },
      },
    },
    async (request) => presentRateOverride(await deleteRateOverride(db, recordTarget(request))),
  );
};
