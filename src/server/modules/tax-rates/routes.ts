import { z } from "zod";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import { taxRate, taxRateCreateInput, taxRateUpdateInput } from "../../../domain/schemas/tax-rates.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { actorOf, recordTarget } from "../activity/index.js";
import { createTaxRate, deleteTaxRate, listTaxRates, updateTaxRate } from "./service.js";

const tags = ["tax-rates"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const taxRateRoutes: Module = (app, { db }) => {
  app.get(
    "/tax-rates",
    {
      schema: {
        operationId: "listTaxRates",
        summary: "The property's tax rates",
        tags,
        params: propertyParams,
        response: { 200: z.array(taxRate) },
      },
    },
    async (request) => listTaxRates(db, request.params.pid),
  );

  app.post(
    "/tax-rates",
    {
      schema: {
        operationId: "createTaxRate",
        summary: "Create a tax rate",
        tags,
        params: propertyParams,
        body: taxRateCreateInput,
        response: { 201: taxRate },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTaxRate(db, request.params.pid, actorOf(request), request.body)),
  );

  app.patch(
    "/tax-rates/:id",
    {
      schema: {
        operationId: "updateTaxRate",
        summary: "Change a tax rate (posted lines keep the percentage they were posted with)",
        tags,
        params: resourceParams,
        body: taxRateUpdateInput,
        response: { 200: taxRate },
      },
    },
    async (request) => updateTaxRate(db, recordTarget(request), request.body),
  );

  app.delete(
    "/tax-rates/:id",
    {
      schema: {
        operationId: "deleteTaxRate",
        summary: "Delete a tax rate (409 in_use while a room type or product is taxed at it)",
        tags,
        params: resourceParams,
        response: { 200: taxRate, ...errorResponses(409) },
      },
    },
    async (request) => deleteTaxRate(db, recordTarget(request)),
  );
};
