import { health } from "../../../domain/schemas.js";
import type { Module } from "../../context.js";

export const healthRoutes: Module = (app, { database }) => {
  app.get(
    "/api/health",
    { schema: { tags: ["health"], response: { 200: health, 503: health } } },
    async (_request, reply) => {
      const up = await database.ping().catch(() => false);
      return reply.status(up ? 200 : 503).send({ status: up ? "ok" : "degraded", db: up ? "ok" : "down" });
    },
  );
};
