import { availability, availabilityQuery, propertyParams } from "../../../domain/schemas.js";
import type { Module } from "../../context.js";
import { presentAvailability } from "./presenter.js";
import { getAvailability } from "./service.js";

const tags = ["availability"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const availabilityRoutes: Module = (app, { db }) => {
  app.get(
    "/availability",
    {
      schema: {
        tags,
        params: propertyParams,
        querystring: availabilityQuery,
        response: { 200: availability },
      },
    },
    async (request) => {
      const { start, days } = request.query;
      return presentAvailability(await getAvailability(db, request.params.pid, start, days));
    },
  );
};
