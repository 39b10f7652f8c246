import { resourceParams } from "../../../domain/schemas/fields.js";
import { chargeCreateInput, chargeParams, folio, folioLine } from "../../../domain/schemas/folio.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { actorOf } from "../activity/index.js";
import { loadFolio } from "./load.js";
import { postCharge, presentCharge, voidCharge } from "./service.js";

const tags = ["folio"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const folioRoutes: Module = (app, { db, now }) => {
  app.get(
    "/reservations/:id/folio",
    {
      schema: {
        operationId: "getFolio",
        summary: "A stay's folio: its nights, city tax and posted lines, the tax summary, totals and balance",
        tags,
        params: resourceParams,
        response: { 200: folio },
      },
    },
    async (request) => (await loadFolio(db, request.params.pid, request.params.id)).folio,
  );

  app.post(
    "/reservations/:id/charges",
    {
      schema: {
        operationId: "postCharge",
        summary: "Post a charge (a product, or a described amount; negative: an adjustment) to a stay",
        tags,
        params: resourceParams,
        body: chargeCreateInput,
        response: { 201: folioLine, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const { pid, id } = request.params;
      const row = await postCharge(db, pid, id, actorOf(request), request.body, now());
      return reply.status(201).send(presentCharge(row));
    },
  );

  app.post(
    "/reservations/:id/charges/:chargeId/void",
    {
      schema: {
        operationId: "voidCharge",
        summary: "Void a posted line (kept, struck through; 409 when void already or on an invoice)",
        tags,
        params: chargeParams,
        response: { 200: folioLine, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { pid, id, chargeId } = request.params;
      return presentCharge(await voidCharge(db, pid, id, chargeId, actorOf(request)));
    },
  );
};
