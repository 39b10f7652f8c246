import { z } from "zod";
import { propertyParams } from "../../../domain/schemas/fields.js";
import { occupancyQuery } from "../../../domain/schemas/reports.js";
import { reservationFilter } from "../../../domain/schemas/reservation-search.js";
import type { Module } from "../../context.js";
import { occupancyCsv, reservationsCsv } from "./service.js";

const tags = ["exports"];
const CSV = "text/csv; charset=utf-8";
const csvFile = z.string().meta({ description: "RFC 4180 CSV, UTF-8 with a byte-order mark, a header row" });
const schema = { tags, params: propertyParams, produces: ["text/csv"], response: { 200: csvFile } };
const attachment = (name: string) => `attachment; filename="${name}"`;

/** Mounted under /api/properties/:pid (membership already checked). Reads only: nothing to log. */
export const exportRoutes: Module = (app, { db }) => {
  // The reservations list's filters (docs/product.md#search-and-filters), every match, streamed.
  app.get(
    "/exports/reservations.csv",
    {
      schema: {
        operationId: "exportReservationsCsv",
        summary: "Every reservation matching the list filters, as CSV",
        ...schema,
        querystring: reservationFilter,
      },
    },
    async (request, reply) => {
      const stream = await reservationsCsv(db, request.params.pid, request.query);
      // The schema describes the bytes sent; Fastify pipes a stream as it is (the type provider expects text).
      const body = stream as unknown as string;
      return reply.type(CSV).header("content-disposition", attachment("reservations.csv")).send(body);
    },
  );

  app.get(
    "/exports/occupancy.csv",
    {
      schema: {
        operationId: "exportOccupancyCsv",
        summary: "Each date's occupancy figures in a window, as CSV",
        ...schema,
        querystring: occupancyQuery,
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await occupancyCsv(db, request.params.pid, from, to);
      return reply
        .type(CSV)
        .header("content-disposition", attachment(`occupancy-${from}-to-${to}.csv`))
        .send(csv);
    },
  );
};
