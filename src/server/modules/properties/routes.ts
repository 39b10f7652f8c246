import { z } from "zod";
import { API_PATHS } from "../../../domain/api-paths.js";
import { propertyParams } from "../../../domain/schemas/fields.js";
import { property, propertySummary, propertyUpdateInput } from "../../../domain/schemas/properties.js";
import { requireUser, requireUserHook } from "../../auth/request-user.js";
import type { Module } from "../../context.js";
import { requireRole } from "../../http/property-scope.js";
import { actorOf } from "../activity/index.js";
import { presentProperty } from "./presenter.js";
import { getOrCreateFirstProperty, getProperty, listMemberProperties, updateProperty } from "./service.js";

const tags = ["property"];

export const ownPropertyRoutes: Module = (app, { db }) => {
  app.get(
    API_PATHS.ownProperty,
    {
      onRequest: requireUserHook,
      schema: {
        operationId: "getOwnProperty",
        summary: "The caller's property, created with the defaults on the first call",
        tags,
        response: { 200: property },
      },
    },
    async (request) => {
      const { id } = requireUser(request);
      const first = await getOrCreateFirstProperty(db, { ...actorOf(request), id });
      return presentProperty(first.property, first.role);
    },
  );

  app.get(
    API_PATHS.properties,
    {
      onRequest: requireUserHook,
      schema: {
        operationId: "listProperties",
        summary: "The properties the caller is a member of, with their role in each",
        tags,
        response: { 200: z.array(propertySummary) },
      },
    },
    async (request) =>
      (await listMemberProperties(db, requireUser(request).id)).map(({ property: row, role }) => ({
        id: row.id,
        name: row.name,
        code: row.code,
        role,
      })),
  );
};

/**
 * Mounted under /api/properties/:pid (membership already checked). The URL "" is the prefix itself: with "/"
 * Fastify registers "/api/properties/:pid/" (and an alias without the slash), and the OpenAPI document would
 * name the slashed path.
 */
export const propertyRoutes: Module = (app, { db }) => {
  app.get(
    "",
    {
      schema: {
        operationId: "getProperty",
        summary: "One property the caller is a member of",
        tags,
        params: propertyParams,
        response: { 200: property },
      },
    },
    async (request) => presentProperty(await getProperty(db, request.params.pid), requireRole(request)),
  );

  app.patch(
    "",
    {
      schema: {
        operationId: "updateProperty",
        summary: "Change a property's name, currency or time zone",
        tags,
        params: propertyParams,
        body: propertyUpdateInput,
        response: { 200: property },
      },
    },
    async (request) => {
      const { pid } = request.params;
      const after = await updateProperty(db, pid, actorOf(request), request.body);
      return presentProperty(after, requireRole(request));
    },
  );
};
