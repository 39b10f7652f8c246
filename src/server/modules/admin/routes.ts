import { z } from "zod";
import { adminProperty } from "../../../domain/schemas/properties.js";
import { requireAdminHook } from "../../auth/request-user.js";
import type { Module } from "../../context.js";
import { errorResponses, eventStream } from "../../http/openapi.js";
import { streamAccess, streamEvents } from "../../live/sse.js";
import { presentAdminProperty } from "./presenter.js";
import { listAllProperties } from "./service.js";

const tags = ["admin"];

export const adminRoutes: Module = (app, { db, feed }) => {
  app.get(
    "/api/admin/properties",
    {
      onRequest: requireAdminHook,
      schema: {
        operationId: "adminListProperties",
        summary: "Every property with its owner, newest first (administrators only)",
        tags,
        response: { 200: z.array(adminProperty), ...errorResponses(403) },
      },
    },
    async () => (await listAllProperties(db)).map(presentAdminProperty),
  );

  app.get(
    "/api/admin/events",
    {
      onRequest: requireAdminHook,
      schema: {
        operationId: "adminStreamEvents",
        summary: "Live changes of every property as server-sent events (administrators only)",
        tags,
        response: { 200: eventStream("`change` events, without ids"), ...errorResponses(403) },
      },
    },
    (request, reply) => {
      // Events of many properties: their per-property numbers are no resume point, so frames carry no id.
      streamEvents(request, reply, streamAccess(request, null), (write) =>
        feed.subscribeAllProperties((event) => write(`event: change\ndata: ${JSON.stringify(event)}\n\n`)),
      );
    },
  );
};
