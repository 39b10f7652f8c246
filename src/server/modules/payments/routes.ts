import { z } from "zod";
import { resourceParams } from "../../../domain/schemas/fields.js";
import { payment, paymentCreateInput, paymentParams } from "../../../domain/schemas/payments.js";
import type { Module } from "../../context.js";
import { actorOf } from "../activity/index.js";
import { presentPayment } from "./presenter.js";
import { listPayments, recordPayment, voidPayment } from "./service.js";

const tags = ["payments"];

/** Mounted under /api/properties/:pid (membership already checked). */
export const paymentRoutes: Module = (app, { db, now }) => {
  app.get(
    "/reservations/:id/payments",
    {
      schema: {
        operationId: "listPayments",
        summary: "A reservation's payments, voided ones included",
        tags,
        params: resourceParams,
        response: { 200: z.array(payment) },
      },
    },
    async (request) => listPayments(db, request.params.pid, request.params.id),
  );

  app.post(
    "/reservations/:id/payments",
    {
      schema: {
        operationId: "createPayment",
        summary:
          "Record a payment or a refund (kind refund: entered positive, counts back) against a reservation",
        tags,
        params: resourceParams,
        body: paymentCreateInput,
        response: { 201: payment },
      },
    },
    async (request, reply) => {
      const { pid, id } = request.params;
      const row = await recordPayment(db, pid, id, actorOf(request), request.body, now());
      return reply.status(201).send(presentPayment(row));
    },
  );

  app.post(
    "/reservations/:id/payments/:paymentId/void",
    {
      schema: {
        operationId: "voidPayment",
        summary: "Void a payment (409 when it is already void)",
        tags,
        params: paymentParams,
        response: { 200: payment },
      },
    },
    async (request) => {
      const { pid, id, paymentId } = request.params;
      const row = await voidPayment(db, pid, id, paymentId, actorOf(request));
      return presentPayment(row);
    },
  );
};
