import type { Webhook, WebhookDelivery } from "../../../domain/schemas/webhooks.js";
import type { webhooks } from "../../db/schema.js";
import { toIso } from "../../http/present.js";

export type WebhookRow = typeof webhooks.$inferSelect;

export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    active: row.active,
    createdAt: toIso(row.createdAt),
  };
}

const orNull = (value: string | null) => (value ? toIso(value) : null);

/** A delivery as read: the contract's fields, with the status as the database's text. */
export type DeliveryRow = Omit<WebhookDelivery, "status"> & { status: string };

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    ...row,
    status: row.status as WebhookDelivery["status"],
    createdAt: toIso(row.createdAt),
    lastAttemptAt: orNull(row.lastAttemptAt),
    nextAttemptAt: row.status === "pending" ? orNull(row.nextAttemptAt) : null,
    deliveredAt: orNull(row.deliveredAt),
  };
}
