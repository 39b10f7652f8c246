/**
 * Writing the activity log (docs/product.md#activity-log): every accepted change writes exactly one entry, in
 * the change's own transaction, so a refused or rolled-back change leaves none. A service's write opens
 * its transaction through `withActivity` (or `editRecord`/`deleteRecord` for one record), does its SQL in
 * it, and records the entry it describes from the result. Why this and not triggers:
 * docs/decisions/007-activity-log.md.
 */
import type { FastifyRequest } from "fastify";
import type { EventType } from "../../../domain/events.js";
import { announceEvent } from "../../db/changes-channel.js";
import type { Db } from "../../db/connect.js";
import { activity } from "../../db/schema.js";

export type Actor = { id: string | null; name: string };
export type Changes = Record<string, { before: unknown; after: unknown }>;
export type ActivityInput = {
  /** One of the event types: the entry is the event webhooks and the live feed carry, so a typo fails tsc. */
  action: EventType;
  entityType: string;
  entityId: string | null;
  changes?: Changes;
};

/** The signed-in user or the API token behind a request, as the log names them. */
export function actorOf(request: FastifyRequest): Actor {
  if (request.apiToken) return { id: null, name: `${request.apiToken.name} (API token)` };
  const user = request.user;
  if (!user) return { id: null, name: "Unknown" };
  return { id: user.id, name: user.displayName || user.email || "Unknown" };
}

/** The row an entry is written as. */
export function activityRow(propertyId: string, actor: Actor, entry: ActivityInput) {
  return {
    propertyId,
    actorId: actor.id,
    actorName: actor.name,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    changes: entry.changes ?? {},
  };
}

/** Writes the entry (the property's next event) and announces it to every instance, on commit. */
export async function recordActivity(db: Db, propertyId: string, actor: Actor, entry: ActivityInput) {
  const [row] = await db
    .insert(activity)
    .values(activityRow(propertyId, actor, entry))
    .returning({ seq: activity.propertySeq });
  await announceEvent(db, propertyId, row?.seq);
}

/**
 * Runs `work` in a transaction and records the one entry `describe` makes of its result in the same
 * transaction. The steps `work` calls use the transaction they are given and open none of their own.
 */
export async function withActivity<T>(
  db: Db,
  propertyId: string,
  actor: Actor,
  work: (tx: Db) => Promise<T>,
  describe: (result: T) => ActivityInput,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx as unknown as Db);
    await recordActivity(tx as unknown as Db, propertyId, actor, describe(result));
    return result;
  });
}

/** The fields of a new record, as changes from nothing. */
export function created<R extends object>(row: R, fields: readonly (keyof R & string)[]): Changes {
  return Object.fromEntries(fields.map((field) => [field, { before: null, after: row[field] }]));
}

/** The fields of a deleted record, as changes to nothing. */
export function removed<R extends object>(row: R, fields: readonly (keyof R & string)[]): Changes {
  return Object.fromEntries(fields.map((field) => [field, { before: row[field], after: null }]));
}

/** The fields that differ between two versions of a record. */
export function changed<R extends object>(
  before: R,
  after: R,
  fields: readonly (keyof R & string)[],
): Changes {
  return Object.fromEntries(
    fields
      .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map((field) => [field, { before: before[field], after: after[field] }]),
  );
}

/** How the log names one kind of record and shows it: as the API presents it, with these fields logged. */
export type LoggedRecord<Row, Shown extends object> = {
  type: string;
  present: (row: Row) => Shown;
  fields: readonly (keyof Shown & string)[];
};

/** One record of a property, and who changes it. */
export type RecordTarget = { propertyId: string; id: string; actor: Actor };

/** The record a request for `…/properties/:pid/…/:id` names, and its actor. */
export function recordTarget(
  request: FastifyRequest & { params: { pid: string; id: string } },
): RecordTarget {
  return { propertyId: request.params.pid, id: request.params.id, actor: actorOf(request) };
}

/**
 * A new record: `insert` and its entry (the logged fields, as the API presents them, from nothing) in one
 * transaction, which this opens. Answers the new record.
 */
export async function createRecord<Row extends { id: string }, Shown extends object>(
  db: Db,
  propertyId: string,
  actor: Actor,
  action: EventType,
  kind: LoggedRecord<Row, Shown>,
  insert: (tx: Db) => Promise<Row>,
): Promise<Row> {
  return withActivity(db, propertyId, actor, insert, (row) => ({
    action,
    entityType: kind.type,
    entityId: row.id,
    changes: created(kind.present(row), kind.fields),
  }));
}

/**
 * An edit of one record: `edit` and its entry (the logged fields that changed, as the API presents them) in
 * one transaction, which this opens. Answers the record after the edit.
 */
export async function editRecord<Row, Shown extends object>(
  db: Db,
  { propertyId, id, actor }: RecordTarget,
  action: EventType,
  kind: LoggedRecord<Row, Shown>,
  edit: (tx: Db) => Promise<{ before: Row; after: Row }>,
): Promise<Row> {
  const { after } = await withActivity(db, propertyId, actor, edit, (edited) => ({
    action,
    entityType: kind.type,
    entityId: id,
    changes: changed(kind.present(edited.before), kind.present(edited.after), kind.fields),
  }));
  return after;
}

/**
 * A deletion of one record: `remove` and its entry (the logged fields, as the API presented them, to
 * nothing) in one transaction, which this opens. Answers the deleted record.
 */
export async function deleteRecord<Row, Shown extends object>(
  db: Db,
  { propertyId, id, actor }: RecordTarget,
  action: EventType,
  kind: LoggedRecord<Row, Shown>,
  remove: (tx: Db) => Promise<Row>,
): Promise<Row> {
  return withActivity(db, propertyId, actor, remove, (row) => ({
    action,
    entityType: kind.type,
    entityId: id,
    changes: removed(kind.present(row), kind.fields),
  }));
}
