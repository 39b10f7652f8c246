import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { adminProperty } from "../../../domain/schemas/properties.js";
import { requireAdminHook } from "../../auth/request-user.js";
import type { Module } from "../../context.js";
import { properties, users } from "../../db/schema.js";
import { errorResponses, eventStream } from "../../http/openapi.js";
import { streamAccess, streamEvents } from "../../live/sse.js";
import { presentPropertyRecord } from "../properties/index.js";

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
    async () => {
      const rows = await db
        .select({
          property: properties,
          ownerEmail: users.email,
          ownerEmailVerified: sql<boolean>`coalesce(${users.emailVerified}, false)`,
        })
        .from(properties)
        .leftJoin(users, eq(users.id, properties.ownerId))
        .orderBy(desc(properties.createdAt), desc(properties.id));
      return rows.map((row) => ({
        ...presentPropertyRecord(row.property),
        ownerEmail: row.ownerEmail,
        ownerEmailVerified: row.ownerEmailVerified,
      }));
    },
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
