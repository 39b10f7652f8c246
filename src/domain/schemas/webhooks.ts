/**
 * Webhook subscriptions: their delivery limits, create and edit, the records of a subscription and of one
 * delivery, and the signed event a receiver gets.
 */
import { z } from "zod";
import { EVENT_PATTERNS } from "../events.js";
import { id, partialEdit } from "./fields.js";

export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** Failed deliveries are retried with exponential back-off for at least this long, then marked failed. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 24;
/** How long a receiver has to answer one delivery. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;
/**
 * How far a delivery's signed timestamp may be from the receiver's clock before it should refuse it as a
 * replay. Every attempt (a retry, a redelivery) is signed when it is sent, so a fresh one always fits.
 */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;

const webhookUrl = z
  .string()
  .trim()
  .max(2000, { message: "url must be at most 2000 characters" })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: "url must be an http(s) URL without credentials" },
  );

const eventPatterns = z
  .array(
    z
      .string()
      .max(100)
      .refine((pattern) => EVENT_PATTERNS.includes(pattern), {
        message: "events must be event types, a family such as reservation.*, or *",
      }),
  )
  .min(1, { message: "events must name at least one event type" })
  .max(EVENT_PATTERNS.length);

export const webhook = z.object({
  id,
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhook>;

export const webhookInput = z.strictObject({ url: webhookUrl, events: eventPatterns });
export type WebhookInput = z.infer<typeof webhookInput>;

export const webhookUpdateInput = partialEdit({
  url: webhookUrl.optional(),
  events: eventPatterns.optional(),
  active: z.boolean().optional(),
});
export type WebhookUpdateInput = z.infer<typeof webhookUpdateInput>;

/** The create answer: the subscription and, this once, its signing secret. */
export const createdWebhook = webhook.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhook>;

const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

export const webhookDelivery = z.object({
  id,
  eventId: id,
  eventType: z.string(),
  sequence: z.number().int(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** What a webhook receives (signed: `Innkeep-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`). */
export const webhookEvent = z.object({
  id,
  type: z.string(),
  propertyId: id,
  occurredAt: z.string(),
  data: z.object({
    /** Position in the property's event order: 1, 2, 3 … with no gaps. */
    sequence: z.number().int(),
    entityType: z.string(),
    entityId: id.nullable(),
    actorName: z.string(),
    changes: z.record(z.string(), z.unknown()),
  }),
});
export type WebhookEvent = z.infer<typeof webhookEvent>;
