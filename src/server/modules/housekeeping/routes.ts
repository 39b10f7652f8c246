/** `GET …/housekeeping/today`: the rooms a housekeeper does first (docs/product.md#housekeeping-and-room-status). */
import { propertyParams } from "../../../domain/schemas/fields.js";
import { housekeepingDay } from "../../../domain/schemas/housekeeping.js";
import type { Module } from "../../context.js";
import { housekeepingDay as loadDay } from "./service.js";

/** Mounted under /api/properties/:pid (membership already checked); every role may read it. */
export const housekeepingRoutes: Module = (app, { db, now }) => {
  app.get(
    "/housekeeping/today",
    {
      schema: {
        operationId: "getHousekeepingDay",
        summary: "Rooms with a departure or an arrival today, for housekeeping's order of work",
        tags: ["rooms"],
        params: propertyParams,
        response: { 200: housekeepingDay },
      },
    },
    async (request) => loadDay(db, request.params.pid, now()),
  );
};
