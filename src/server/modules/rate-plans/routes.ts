/** `…/rate-plans`: the plans stays are sold on (owner and manager write; the front desk reads). */
import { z } from "zod";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import { ratePlan, ratePlanCreateInput, ratePlanUpdateInput } from "../../../domain/schemas/rate-plans.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { actorOf, recordTarget } from "../activity/index.js";
import { createRatePlan, deleteRatePlan, listRatePlans, updateRatePlan } from "./service.js";

const tags = ["rate-plans"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const ratePlanRoutes: Module = (app, { db }) => {
  app.get(
    "/rate-plans",
    {
      schema: {
        operationId: "listRatePlans",
        summary: "The rate plans: the Standard plan first, then oldest first",
        tags,
        params: propertyParams,
        response: { 200: z.array(ratePlan) },
      },
    },
    async (request) => listRatePlans(db, request.params.pid),
  );

  app.post(
    "/rate-plans",
    {
      schema: {
        operationId: "createRatePlan",
        summary: "Create a rate plan",
        tags,
        params: propertyParams,
        body: ratePlanCreateInput,
        response: { 201: ratePlan, ...errorResponses(409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRatePlan(db, request.params.pid, actorOf(request), request.body)),
  );

  app.patch(
    "/rate-plans/:id",
    {
      schema: {
        operationId: "updateRatePlan",
        summary: "Change a rate plan (stays keep the prices they were sold at)",
        tags,
        params: resourceParams,
        body: ratePlanUpdateInput,
        response: { 200: ratePlan },
      },
    },
    async (request) => updateRatePlan(db, recordTarget(request), request.body),
  );

  app.delete(
    "/rate-plans/:id",
    {
      schema: {
        operationId: "deleteRatePlan",
        summary: "Delete a rate plan no stay was sold on (the Standard plan never)",
        tags,
        params: resourceParams,
        response: { 200: ratePlan, ...errorResponses(409) },
      },
    },
    async (request) => deleteRatePlan(db, recordTarget(request)),
  );
};
