import { z } from "zod";
import { occupancyQuery, occupancyReport as occupancyReportSchema, propertyParams } from "../../../domain/schemas.js";
import type { Module } from "../../context.js";
import { occupancyReport } from "./service.js";

const tags = ["reports"];

/**
 * The shared query's fields without its `from < to` refinement: the service checks that rule itself so the
 * answer carries the sentence exactly, rather than the "to: …" form the validator gives field messages.
 */
const occupancyWindow = z.strictObject(occupancyQuery.shape);

/** Mounted under /api/properties/:pid (membership already checked). */
export const reportRoutes: Module = (app, { db }) => {
  app.get(
    "/reports/occupancy",
    {
      schema: {
        tags,
        params: propertyParams,
        querystring: occupancyWindow,
        response: { 200: occupancyReportSchema },
      },
    },
    async (request) => occupancyReport(db, request.params.pid, request.query.from, request.query.to),
  );
};
