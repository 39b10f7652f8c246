import { z } from "zod";
import { pathId, propertyParams, resourceParams } from "../../../domain/schemas/fields.js";
import {
  createdWebhook,
  WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
  webhook,
  webhookDelivery,
  webhookInput,
  webhookUpdateInput,
} from "../../../domain/schemas/webhooks.js";
import type { Module } from "../../context.js";
import { errorResponses } from "../../http/openapi.js";
import { actorOf, recordTarget } from "../activity/index.js";
import { presentWebhook } from "./presenter.js";
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  updateWebhook,
} from "./service.js";

const tags = ["webhooks"];
const deliveryParams = z.strictObject({ pid: pathId, id: pathId, deliveryId: pathId });
const deliveriesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().positive().optional(),
});

/** Mounted under /api/properties/:pid; the route table allows these to owners and managers only. */
export const webhookRoutes: Module = (app, { db, config, webhookRelay }) => {
  const allowPrivate = config.webhooksAllowPrivate;

  app.get(
    "/webhooks",
    {
      schema: {
        tags,
        operationId: "listWebhooks",
        summary: "List the property's webhook subscriptions (never their signing secrets)",
        params: propertyParams,
        response: { 200: z.array(webhook) },
      },
    },
    async (request) => listWebhooks(db, request.params.pid),
  );

  app.post(
    "/webhooks",
    {
      schema: {
        tags,
        operationId: "createWebhook",
        summary: "Subscribe a receiver URL to events; the answer carries the signing secret, shown this once",
        description:
          'Each delivery is a POST of `{id, type, propertyId, occurredAt, data}` with `Innkeep-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">` ' +
          `under the signing secret. Receivers should compare v1 in constant time and refuse a t more than ${WEBHOOK_SIGNATURE_TOLERANCE_SECONDS} seconds ` +
          "from their clock (each attempt, retries included, is signed when it is sent). The URL must resolve only to public addresses.",
        params: propertyParams,
        body: webhookInput,
        response: { 201: createdWebhook, ...errorResponses(400) },
      },
      config: {
        answerCarriesSecret: {
          record: "webhook subscription",
          ifLost: "delete this subscription and create another",
        },
      },
    },
    async (request, reply) => {
      const { pid } = request.params;
      const made = await createWebhook(db, pid, actorOf(request), request.body, allowPrivate);
      return reply.status(201).send(made);
    },
  );

  app.patch(
    "/webhooks/:id",
    {
      schema: {
        tags,
        operationId: "updateWebhook",
        summary: "Change a subscription's URL or events, or pause and resume it (active)",
        params: resourceParams,
        body: webhookUpdateInput,
        response: { 200: webhook, ...errorResponses(400) },
      },
    },
    async (request) => {
      const after = await updateWebhook(db, recordTarget(request), request.body, allowPrivate);
      // Resumed, or pointed elsewhere: what waited may go now.
      webhookRelay.wake();
      return presentWebhook(after);
    },
  );

  app.delete(
    "/webhooks/:id",
    {
      schema: {
        tags,
        operationId: "deleteWebhook",
        summary: "Delete a subscription and its delivery log",
        params: resourceParams,
        response: { 200: webhook },
      },
    },
    async (request) => {
      return presentWebhook(await deleteWebhook(db, recordTarget(request)));
    },
  );

  app.get(
    "/webhooks/:id/deliveries",
    {
      schema: {
        tags,
        operationId: "listWebhookDeliveries",
        summary: "A subscription's delivery log, newest event first: status, attempts, response code",
        params: resourceParams,
        querystring: deliveriesQuery,
        response: { 200: z.array(webhookDelivery), ...errorResponses(400) },
      },
    },
    async (request) => listDeliveries(db, request.params.pid, request.params.id, request.query),
  );

  app.post(
    "/webhooks/:id/deliveries/:deliveryId/redeliver",
    {
      schema: {
        tags,
        operationId: "redeliverWebhookDelivery",
        summary: "Send a delivery again (in event order with the subscription's pending ones)",
        params: deliveryParams,
        response: { 200: webhookDelivery },
      },
    },
    async (request) => {
      const { pid, id, deliveryId } = request.params;
      const delivery = await redeliver(db, pid, actorOf(request), id, deliveryId);
      webhookRelay.wake();
      return delivery;
    },
  );
};
