/**
 * `GET …/quote`: what a stay would cost and whether its dates may be sold (the pricing, capacity and
 * restriction rules of docs/product.md#pricing-and-rate-overrides and docs/product.md#restrictions, through
 * the same `loadStayTerms` a create and an edit use); with `availability=true`, also whether its room is
 * free and its type not sold out, as the save would find them (vacancy.ts). `GET …/quote/rooms`: which rooms
 * are free for the dates, for a form's Room select. Nothing is written and nothing is held: the save decides
 * overlap and inventory again under its locks.
 */

import { propertyParams } from "../../../domain/schemas/fields.js";
import { quote, quoteQuery, roomVacancy, roomVacancyQuery } from "../../../domain/schemas/quotes.js";
import { nightsBetween } from "../../../domain/stays.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { loadStayTerms } from "../reservations/index.js";
import { availabilityProblem } from "./availability.js";
import { roomVacancy as findRoomVacancy } from "./vacancy.js";

const tags = ["reservations"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const quoteRoutes: Module = (app, { db, now }) => {
  app.get(
    "/quote",
    {
      schema: {
        operationId: "getQuote",
        summary: "What a stay would cost and whether its dates may be sold; nothing is held",
        tags,
        params: propertyParams,
        querystring: quoteQuery,
        response: { 200: quote, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { checkInDate, checkOutDate, roomId, roomTypeId, adults, children, ratePlanId } = request.query;
      const { pid } = request.params;
      const terms = await loadStayTerms(
        db,
        pid,
        {
          roomId: roomId ?? null,
          roomTypeId: roomTypeId ?? null,
          checkInDate,
          checkOutDate,
          adults: adults ?? 1,
          children: children ?? 0,
          ratePlanId: ratePlanId ?? null,
        },
        now(),
        // A stay's edit keeps a plan since taken off sale (the save checks a plan that changes).
        {
          notBeforeToday: false,
          capacity: adults !== undefined,
          restrictions: true,
          plan: request.query.stayId === undefined,
        },
      );
      if (request.query.availability === "true") {
        const problem = await availabilityProblem(db, pid, terms, {
          checkInDate,
          checkOutDate,
          stayId: request.query.stayId,
        });
        if (problem) throw problem;
      }
      return {
        roomId: terms.roomId,
        roomNumber: terms.roomNumber,
        roomTypeId: terms.roomTypeId,
        nights: nightsBetween(checkInDate, checkOutDate),
        nightlyRates: terms.nightlyRates,
        total: terms.total,
      };
    },
  );

  app.get(
    "/quote/rooms",
    {
      schema: {
        operationId: "getRoomVacancy",
        summary: "Which rooms are free for a stay's dates (no stay holds them, none is out of order)",
        tags,
        params: propertyParams,
        querystring: roomVacancyQuery,
        response: { 200: roomVacancy, ...errorResponses() },
      },
    },
    (request) => findRoomVacancy(db, request.params.pid, request.query),
  );
};
