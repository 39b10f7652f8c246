/**
 * Webhook subscriptions of a property and their delivery log (docs/product.md#webhooks). Deliveries are
 * written with each event by the database (migration 0012) and sent by the relay
 * (src/server/webhook-delivery/relay.ts).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import type {
  CreatedWebhook,
  Webhook,
  WebhookDelivery,
  WebhookInput,
  WebhookUpdateInput,
} from "../../../domain/schemas/webhooks.js";
import type { Db } from "../../db/connect.js";
import { activity, webhookDeliveries, webhooks } from "../../db/schema.js";
import { assertReceiverAllowed } from "../../webhook-delivery/receivers.js";
import { newWebhookSecret } from "../../webhook-delivery/signature.js";
import {
  type Actor,
  created,
  deleteRecord,
  editRecord,
  type RecordTarget,
  withActivity,
} from "../activity/index.js";
import { presentDelivery, presentWebhook, type WebhookRow } from "./presenter.js";

export async function listWebhooks(db: Db, propertyId: string): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(webhooks)
    .where(eq(webhooks.propertyId, propertyId))
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id));
  return rows.map(presentWebhook);
}

async function insertWebhook(
  db: Db,
  propertyId: string,
  createdBy: string | null,
  input: WebhookInput,
): Promise<CreatedWebhook> {
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhooks)
    .values({ propertyId, url: input.url, events: [...new Set(input.events)], secret, createdBy })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return { ...presentWebhook(row), secret };
}

async function findWebhook(db: Db, propertyId: string, id: string, lock = false): Promise<WebhookRow> {
  const query = db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.propertyId, propertyId), eq(webhooks.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("not_found", MESSAGES.notFound);
  return row;
}

/**
 * Checks the receiver a create or change leaves, before its transaction opens: resolving a name may take
 * seconds, and on PGlite an open transaction holds every hotel's writes. Every change is checked as a create
 * is, on the URL it leaves: resuming a subscription saved before the rule (or while private receivers were
 * allowed) must not send to an internal address. Answers the URL checked.
 */
async function checkReceiver(
  db: Db,
  propertyId: string,
  target: { id: string; input: WebhookUpdateInput } | { input: WebhookInput },
  allowPrivate: boolean,
): Promise<string> {
  const url =
    target.input.url ?? ("id" in target ? (await findWebhook(db, propertyId, target.id)).url : undefined);
  if (url === undefined) throw new Error("a subscription without a URL");
  await assertReceiverAllowed(url, allowPrivate);
  return url;
}

async function changeWebhook(
  db: Db,
  propertyId: string,
  id: string,
  input: WebhookUpdateInput,
  checkedUrl: string,
): Promise<{ before: WebhookRow; after: WebhookRow }> {
  const before = await findWebhook(db, propertyId, id, true);
  if ((input.url ?? before.url) !== checkedUrl) {
    throw new AppError("conflict", "The subscription's URL changed meanwhile; send the change again");
  }
  const [after] = await db
    .update(webhooks)
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    })
    .where(and(eq(webhooks.propertyId, propertyId), eq(webhooks.id, id)))
    .returning();
  if (!after) throw new AppError("not_found", MESSAGES.notFound);
  return { before, after };
}

async function dropWebhook(db: Db, propertyId: string, id: string): Promise<WebhookRow> {
  const [row] = await db
    .delete(webhooks)
    .where(and(eq(webhooks.propertyId, propertyId), eq(webhooks.id, id)))
    .returning();
  if (!row) throw new AppError("not_found", MESSAGES.notFound);
  return row;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: activity.action,
  sequence: webhookDeliveries.eventSeq,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  responseStatus: webhookDeliveries.responseStatus,
  error: webhookDeliveries.error,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
};

function deliveries(db: Db) {
  return db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(
      activity,
      and(eq(activity.propertyId, webhookDeliveries.propertyId), eq(activity.id, webhookDeliveries.eventId)),
    );
}

/** The subscription's deliveries, newest event first, `limit` at a time before the event numbered `before`. */
export async function listDeliveries(
  db: Db,
  propertyId: string,
  webhookId: string,
  page: { limit: number; before?: number },
): Promise<WebhookDelivery[]> {
  await findWebhook(db, propertyId, webhookId);
  const rows = await deliveries(db)
    .where(
      and(
        eq(webhookDeliveries.propertyId, propertyId),
        eq(webhookDeliveries.webhookId, webhookId),
        page.before !== undefined ? sql`${webhookDeliveries.eventSeq} < ${page.before}` : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.eventSeq))
    .limit(page.limit);
  return rows.map(presentDelivery);
}

/**
 * Sends a delivery again, whatever became of it: it is pending again from now (its retry window starts
 * over) and goes out in event order with the subscription's other pending deliveries.
 */
async function queueAgain(
  db: Db,
  propertyId: string,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const [updated] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: sql`now()`, createdAt: sql`now()`, deliveredAt: null })
    .where(
      and(
        eq(webhookDeliveries.propertyId, propertyId),
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.id, deliveryId),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (!updated) throw new AppError("not_found", MESSAGES.notFound);
  const [row] = await deliveries(db).where(
    and(eq(webhookDeliveries.propertyId, propertyId), eq(webhookDeliveries.id, deliveryId)),
  );
  if (!row) throw new AppError("not_found", MESSAGES.notFound);
  return presentDelivery(row);
}

const LOGGED = ["url", "events", "active"] as const;
const logged = { type: "webhook", present: presentWebhook, fields: LOGGED };

/** Creates a subscription (its receiver checked first, outside the transaction) and its entry. */
export async function createWebhook(
  db: Db,
  propertyId: string,
  actor: Actor,
  input: WebhookInput,
  allowPrivate: boolean,
): Promise<CreatedWebhook> {
  await checkReceiver(db, propertyId, { input }, allowPrivate);
  return withActivity(
    db,
    propertyId,
    actor,
    (tx) => insertWebhook(tx, propertyId, actor.id, input),
    (hook) => ({
      action: "webhook.created",
      entityType: "webhook",
      entityId: hook.id,
      changes: created(hook, LOGGED),
    }),
  );
}

/** Edits a subscription (a new receiver checked first, outside the transaction) and writes its entry. */
export async function updateWebhook(
  db: Db,
  target: RecordTarget,
  input: WebhookUpdateInput,
  allowPrivate: boolean,
): Promise<WebhookRow> {
  const { propertyId, id } = target;
  const url = await checkReceiver(db, propertyId, { id, input }, allowPrivate);
  return editRecord(db, target, "webhook.updated", logged, (tx) =>
    changeWebhook(tx, propertyId, id, input, url),
  );
}

export async function deleteWebhook(db: Db, target: RecordTarget): Promise<WebhookRow> {
  return deleteRecord(db, target, "webhook.deleted", logged, (tx) =>
    dropWebhook(tx, target.propertyId, target.id),
  );
}

/** Queues a delivery again and writes the entry (on the subscription), in one transaction. */
export async function redeliver(
  db: Db,
  propertyId: string,
  actor: Actor,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  return withActivity(
    db,
    propertyId,
    actor,
    (tx) => queueAgain(tx, propertyId, webhookId, deliveryId),
    (again) => ({
      action: "webhook.redelivered",
      entityType: "webhook",
      entityId: webhookId,
      changes: { eventId: { before: null, after: again.eventId } },
    }),
  );
}
