import { health } from "../../../domain/schemas.js";
import type { Module } from "../../context.js";
import { PUBLIC } from "../../http/openapi.js";

export const healthRoutes: Module = (app, { database }) => {
  app.get(
    "/api/health",
    {
      schema: {
        operationId: "getHealth",
        summary: "Whether the server and its database are up (503 when the database is down)",
        security: PUBLIC,
        tags: ["health"],
        response: { 200: health, 503: health },
      },
    },
    async (_request, reply) => {
      const up = await database.ping().catch(() => false);
      return reply.status(up ? 200 : 503).send({ status: up ? "ok" : "degraded", db: up ? "ok" : "down" });
    },
  );
};
