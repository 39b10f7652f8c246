/**
 * The integrations' part of the API contract (DESIGN §9.5): API tokens, webhook subscriptions and their
 * deliveries, and the events both webhooks and the live feed carry. Server routes validate with these; the
 * web app builds its forms and reads its lists from them.
 */
import { z } from "zod";
import { EVENT_PATTERNS } from "./events.js";
import { ROLES } from "./permissions.js";
import { id } from "./schemas.js";

// ---------------------------------------------------------------------------------------------- tokens

/** A token's secret: a recognisable prefix (secret scanners can find leaked ones) and 256 random bits. */
export const API_TOKEN_PREFIX = "ikt_";
/** Requests one token may make per minute before it is answered 429 with `Retry-After`. */
export const API_TOKEN_RATE_LIMIT_PER_MINUTE = 600;

export const apiToken = z.object({
  id,
  name: z.string(),
  role: z.enum(ROLES),
  /** The member whose rights bound the token's: removed or demoted below it, the token is revoked. */
  createdBy: id,
  /** Their display name (or email), for the list. */
  createdByName: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;

export const apiTokenInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { message: "name is required" })
    .max(100, { message: "name must be at most 100 characters" }),
  // Owner is part of the enum so that asking for it is refused as 403 (DESIGN §9.3), not as a 400.
  role: z.enum(ROLES),
  /** An instant (ISO 8601 with offset) in the future, or null/absent for a token that does not expire. */
  expiresAt: z.iso.datetime({ offset: true, message: "expiresAt must be an ISO 8601 date-time" }).nullish(),
});
export type ApiTokenInput = z.infer<typeof apiTokenInput>;

/** The create answer: the token and, this once, its secret. */
export const createdApiToken = apiToken.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;

// -------------------------------------------------------------------------------------------- webhooks

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

export const webhookUpdateInput = z
  .strictObject({
    url: webhookUrl.optional(),
    events: eventPatterns.optional(),
    active: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: "send at least one of url, events, active",
  });
export type WebhookUpdateInput = z.infer<typeof webhookUpdateInput>;

/** The create answer: the subscription and, this once, its signing secret. */
export const createdWebhook = webhook.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhook>;

export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

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

// ---------------------------------------------------------------------------------------------- events

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

/**
 * What the live feed carries: which record changed, never its contents (every role watches the feed, and
 * not every role may read every record). The SSE `id:` is `seq`, so a reconnect resumes after it.
 */
export const liveEvent = z.object({
  seq: z.number().int(),
  type: z.string(),
  propertyId: id,
  entityType: z.string(),
  entityId: id.nullable(),
  occurredAt: z.string(),
});
export type LiveEvent = z.infer<typeof liveEvent>;
