import { z } from "zod";
import { apiToken, apiTokenInput, createdApiToken } from "../../../domain/schemas/api-tokens.js";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { requireGrantor } from "../../http/property-scope.js";
import { actorOf, recordTarget } from "../activity/index.js";
import { createApiToken, listApiTokens, revokeApiToken } from "./service.js";

const tags = ["api-tokens"];

/** Mounted under /api/properties/:pid; the route table allows these to owners and managers only. */
export const apiTokenRoutes: Module = (app, { db, now }) => {
  app.get(
    "/api-tokens",
    {
      schema: {
        tags,
        operationId: "listApiTokens",
        summary: "List the property's API tokens, newest first (never their secrets)",
        params: propertyParams,
        response: { 200: z.array(apiToken) },
      },
    },
    async (request) => listApiTokens(db, request.params.pid),
  );

  app.post(
    "/api-tokens",
    {
      schema: {
        tags,
        operationId: "createApiToken",
        summary: "Create an API token; the answer carries its secret, shown this once",
        params: propertyParams,
        body: apiTokenInput,
        response: { 201: createdApiToken, ...errorResponses(400) },
      },
      config: {
        answerCarriesSecret: { record: "API token", ifLost: "revoke this token and create another" },
      },
    },
    async (request, reply) => {
      const { pid } = request.params;
      const token = await createApiToken(
        db,
        pid,
        actorOf(request),
        requireGrantor(request),
        request.body,
        now(),
      );
      return reply.status(201).send(token);
    },
  );

  app.delete(
    "/api-tokens/:id",
    {
      schema: {
        tags,
        operationId: "revokeApiToken",
        summary: "Revoke an API token: it is refused from the next request on",
        params: resourceParams,
        response: { 200: apiToken },
      },
    },
    async (request) => {
      return revokeApiToken(db, recordTarget(request));
    },
  );
};
