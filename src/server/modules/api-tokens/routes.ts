import { z } from "zod";
import { apiToken, apiTokenInput, createdApiToken } from "../../../domain/schemas/api-tokens.js";
import { propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { requireGrantor } from "../../http/property-scope.js";
import { actorOf, created, removed, withActivity } from "../activity/index.js";
import { createApiToken, listApiTokens, revokeApiToken } from "./service.js";

const tags = ["api-tokens"];
const LOGGED = ["name", "role", "expiresAt"] as const;

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
      const actor = actorOf(request);
      const token = await withActivity(
        db,
        pid,
        actor,
        (tx) => createApiToken(tx, pid, requireGrantor(request), request.body, now()),
        (made) => ({
          action: "api_token.created",
          entityType: "api_token",
          entityId: made.id,
          changes: created(made, LOGGED),
        }),
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
      const { pid, id } = request.params;
      return withActivity(
        db,
        pid,
        actorOf(request),
        (tx) => revokeApiToken(tx, pid, id),
        (token) => ({
          action: "api_token.revoked",
          entityType: "api_token",
          entityId: id,
          changes: removed(token, LOGGED),
        }),
      );
    },
  );
};
