import { z } from "zod";
import {
  dayCloseCreateInput,
  dayCloseListQuery,
  dayCloseParams,
  dayReport,
  nextDayClose,
} from "../../../domain/schemas/day-closes.js";
import { propertyParams } from "../../../domain/schemas/fields.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { actorOf } from "../activity/index.js";
import { closeDay, getDayClose, listDayCloses, nextDayToClose } from "./service.js";

const tags = ["day-close"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const dayCloseRoutes: Module = (app, { db, now }) => {
  app.get(
    "/day-closes",
    {
      schema: {
        operationId: "listDayCloses",
        summary: "Closed days and their reports, newest first (from/to inclusive, optional)",
        tags,
        params: propertyParams,
        querystring: dayCloseListQuery,
        response: { 200: z.array(dayReport) },
      },
    },
    async (request) => listDayCloses(db, request.params.pid, request.query),
  );

  // Matched before `/day-closes/:date`: the router prefers a static segment.
  app.get(
    "/day-closes/next",
    {
      schema: {
        operationId: "getNextDayClose",
        summary: "The day a close may close next, and whether it is due (a day before today)",
        tags,
        params: propertyParams,
        response: { 200: nextDayClose },
      },
    },
    async (request) => nextDayToClose(db, request.params.pid, now()),
  );

  app.get(
    "/day-closes/:date",
    {
      schema: {
        operationId: "getDayClose",
        summary: "A closed day's report (404 while the day is open)",
        tags,
        params: dayCloseParams,
        response: { 200: dayReport },
      },
    },
    async (request) => getDayClose(db, request.params.pid, request.params.date),
  );

  app.post(
    "/day-closes",
    {
      schema: {
        operationId: "closeDay",
        summary: "Close a day before today, the one after the last closed (409 invalid_transition otherwise)",
        tags,
        params: propertyParams,
        body: dayCloseCreateInput,
        response: { 201: dayReport, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const report = await closeDay(db, request.params.pid, request.body.date, actorOf(request), now());
      return reply.status(201).send(report);
    },
  );
};
