import { propertyParams } from "../../../domain/schemas/fields.js";
import {
  occupancyDaily as occupancyDailySchema,
  occupancyQuery,
  occupancyReport as occupancyReportSchema,
} from "../../../domain/schemas/reports.js";
import type { Module } from "../../context.js";
import { occupancyDaily, occupancyReport } from "./service.js";

const tags = ["reports"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const reportRoutes: Module = (app, { db }) => {
  app.get(
    "/reports/occupancy",
    {
      schema: {
        operationId: "getOccupancyReport",
        summary: "Occupancy and revenue totals over a window (to exclusive)",
        tags,
        params: propertyParams,
        querystring: occupancyQuery,
        response: { 200: occupancyReportSchema },
      },
    },
    async (request) => occupancyReport(db, request.params.pid, request.query.from, request.query.to),
  );

  // The same window as the totals above; its entries add up to them.
  app.get(
    "/reports/occupancy/daily",
    {
      schema: {
        operationId: "getOccupancyDaily",
        summary: "Each date's occupancy and revenue over a window (to exclusive)",
        tags,
        params: propertyParams,
        querystring: occupancyQuery,
        response: { 200: occupancyDailySchema },
      },
    },
    async (request) => occupancyDaily(db, request.params.pid, request.query.from, request.query.to),
  );
};
