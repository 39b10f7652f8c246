import { health } from "../../../domain/schemas/health.js";
import type { Module } from "../../context.js";
import { corruptionOf, databaseFault, noteDatabaseError } from "../../db/health-state.js";
import { failingTasks } from "../../db/task-health.js";
import { PUBLIC } from "../../http/openapi.js";

export const healthRoutes: Module = (app, { database, diskGuard }) => {
  // Every failed request tells health about damage it met: a page that cannot be read fails only the queries
  // that touch it, so `select 1` alone would answer ok while lists and exports fail. A hook on the root applies
  // to every route, the property-scoped ones included; the error handler (http/errors.ts) still answers them.
  app.addHook("onError", async (request, _reply, error) => {
    noteDatabaseError(database, error, request.log);
  });

  const appErrorHandler = app.errorHandler;
  const degraded = () => {
    const damage = corruptionOf(database);
    return damage
      ? ({ status: "degraded", db: "corrupt", sqlState: damage.sqlState } as const)
      : ({ status: "degraded", db: "down" } as const);
  };

  app.get(
    "/api/health",
    {
      schema: {
        operationId: "getHealth",
        summary:
          "Whether the server and its database are up: 503 when the database is down, or once a query has read damaged data (until restart)",
        security: PUBLIC,
        tags: ["health"],
        response: { 200: health, 503: health },
      },
      // A session cookie makes the request hooks read the database first; when that fails, the answer is
      // still health's (its 503 schema is health's shape, not the error body).
      errorHandler(error, request, reply) {
        if (databaseFault(error)) return reply.status(503).send(degraded());
        return appErrorHandler.call(this, error, request, reply);
      },
    },
    async (request, reply) => {
      const up =
        !corruptionOf(database) &&
        (await database.ping().catch((error: unknown) => {
          noteDatabaseError(database, error, request.log);
          return false;
        }));
      const reading = diskGuard
        ? (diskGuard.status() ??
          (await diskGuard.refresh().catch((err: unknown) => {
            request.log.warn({ err }, "could not read the data directory's free space");
            return null;
          })))
        : null;
      const disk = reading ? { disk: reading } : {};
      const failing = failingTasks(database);
      const tasks = failing.length > 0 ? { failing } : {};
      if (!up) return reply.status(503).send({ ...degraded(), ...disk, ...tasks });
      // Reads go on while a full disk refuses changes, or a background task fails: still 200, so a load
      // balancer keeps the server.
      const status = disk.disk?.writable === false || failing.length > 0 ? "degraded" : "ok";
      return reply.status(200).send({ status, db: "ok", ...disk, ...tasks });
    },
  );
};
