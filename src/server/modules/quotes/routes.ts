/**
 * `GET …/quote`: what a stay would cost and whether its dates may be sold (the pricing, capacity and
 * restriction rules of docs/product.md#pricing-and-rate-overrides and docs/product.md#restrictions, through
 * the same `loadStayTerms` a create and an edit use). Nothing is written and nothing is held: overlap and
 * inventory are decided when the stay is saved.
 */

import { propertyParams } from "../../../domain/schemas/fields.js";
import { quote, quoteQuery } from "../../../domain/schemas/quotes.js";
import { nightsBetween } from "../../../domain/stays.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { loadStayTerms } from "../reservations/index.js";

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
      const { checkInDate, checkOutDate, roomId, roomTypeId, adults, children } = request.query;
      const terms = await loadStayTerms(
        db,
        request.params.pid,
        {
          roomId: roomId ?? null,
          roomTypeId: roomTypeId ?? null,
          checkInDate,
          checkOutDate,
          adults: adults ?? 1,
          children: children ?? 0,
        },
        now(),
        { notBeforeToday: false, capacity: adults !== undefined, restrictions: true },
      );
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
};
