import { z } from "zod";
import { WEEKDAY_LABELS } from "../../../domain/dates.js";
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
import { actorOf, type Changes, created, deleteRecord, editRecord, withActivity } from "../activity/index.js";
import { bulkSaveRateOverrides } from "./bulk.js";
import { presentRateOverride } from "./presenter.js";
import { deleteRateOverride, listRateOverrides, saveRateOverride, updateRateOverride } from "./service.js";

const tags = ["rate-overrides"];
const LOGGED = ["date", "roomTypeId", "price", "minLOS", "stopSell"] as const;
const logged = {
  type: "rate_override",
  present: presentRateOverride,
  fields: LOGGED,
};

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
      const saved = await withActivity(
        db,
        pid,
        actorOf(request),
        (tx) => saveRateOverride(tx, pid, request.body),
        (row) => ({
          action: "rate_override.saved",
          entityType: "rate_override",
          entityId: row.override.id,
          changes: created(presentRateOverride(row), LOGGED),
        }),
      );
      return reply.status(201).send(presentRateOverride(saved));
    },
  );

  // One request, one transaction, one activity entry, however many overrides it saves.
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
      const input = request.body;
      const { saved } = await withActivity(
        db,
        pid,
        actorOf(request),
        (tx) => bulkSaveRateOverrides(tx, pid, input),
        (result) => {
          const applied = { price: input.price, minLOS: input.minLOS, stopSell: input.stopSell };
          const changes: Changes = {
            from: { before: null, after: input.from },
            to: { before: null, after: input.to },
            weekdays: { before: null, after: input.weekdays.map((day) => WEEKDAY_LABELS[day]) },
            roomTypes: { before: null, after: result.roomTypeNames.map((name) => name ?? "All") },
            saved: { before: null, after: result.saved },
          };
          for (const [field, value] of Object.entries(applied)) {
            if (value !== undefined) changes[field] = { before: null, after: value };
          }
          return { action: "rate_override.bulk_saved", entityType: "rate_override", entityId: null, changes };
        },
      );
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
    async (request) =>
      editRecord(db, request, "rate_override.updated", logged, (tx, { pid, id }) =>
        updateRateOverride(tx, pid, id, request.body),
      ),
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
    async (request) =>
      deleteRecord(db, request, "rate_override.deleted", logged, (tx, { pid, id }) =>
        deleteRateOverride(tx, pid, id),
      ),
  );
};
