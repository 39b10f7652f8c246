import { API_PATHS } from "../../../domain/api-paths.js";
import { property, propertyParams, propertyUpdateInput } from "../../../domain/schemas.js";
import { requireUser, requireUserHook } from "../../auth/request-user.js";
import type { Module } from "../../context.js";
import { presentProperty } from "./presenter.js";
import { getOrCreateOwnProperty, getProperty, updateProperty } from "./service.js";

const tags = ["property"];

export const ownPropertyRoutes: Module = (app, { db }) => {
  app.get(
    API_PATHS.ownProperty,
    { onRequest: requireUserHook, schema: { tags, response: { 200: property } } },
    async (request) => presentProperty(await getOrCreateOwnProperty(db, requireUser(request).id)),
  );
};

/** Mounted under /api/properties/:pid (membership already checked). */
export const propertyRoutes: Module = (app, { db }) => {
  app.get("/", { schema: { tags, params: propertyParams, response: { 200: property } } }, async (request) =>
    presentProperty(await getProperty(db, request.params.pid)),
  );

  app.patch(
    "/",
    { schema: { tags, params: propertyParams, body: propertyUpdateInput, response: { 200: property } } },
    async (request) => presentProperty(await updateProperty(db, request.params.pid, request.body)),
  );
};
