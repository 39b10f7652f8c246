/**
 * Bulk rate edits (docs/product.md#pricing-and-rate-overrides, docs/decisions/011-manager-tools.md): every
 * date of [from, to] on the chosen weekdays × every chosen room type gets the fields sent, in ONE set-based
 * statement (a year × 100 types is 36,600 rows), so the edit is all or nothing and costs one round trip, not
 * one per override.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { NUMBER_FALLBACKS } from "../../../domain/constants.js";
import { WEEKDAY_LABELS } from "../../../domain/dates.js";
import { AppError } from "../../../domain/errors.js";
import type { rateBulkInput } from "../../../domain/schemas/rate-overrides.js";
import type { Db } from "../../db/connect.js";
import { roomTypes } from "../../db/schema.js";
import { type Actor, type Changes, withActivity } from "../activity/index.js";
import { ROOM_TYPE_NOT_FOUND } from "../room-types/index.js";
import { overrideColumns } from "./service.js";

export type RateBulkData = z.output<typeof rateBulkInput>;
/** What was saved, and the room types' names for the activity log (null: All room types). */
export type RateBulkResult = { saved: number; roomTypeNames: (string | null)[] };

async function upsertInBulk(db: Db, propertyId: string, input: RateBulkData): Promise<RateBulkResult> {
  // Twice the same (date, type) in one upsert is an error in PostgreSQL; a repeated choice means it once.
  const typeIds = [...new Set(input.roomTypeIds)];
  const weekdays = [...new Set(input.weekdays)];
  const named = typeIds.filter((id): id is string => id !== null);
  // Another tenant's type answers like an unknown one. The foreign key would refuse it too, but a 404 that
  // names the cause is kinder than a constraint's.
  const types = named.length
    ? await db
        .select({ id: roomTypes.id, name: roomTypes.name })
        .from(roomTypes)
        .where(and(eq(roomTypes.propertyId, propertyId), inArray(roomTypes.id, named)))
    : [];
  if (types.length !== named.length) throw new AppError("not_found", ROOM_TYPE_NOT_FOUND);

  // Only the fields sent change an existing override; a new one gets the defaults for the rest.
  const columns = overrideColumns(input);
  const updates = [
    columns.price !== undefined ? sql`price = excluded.price` : undefined,
    columns.minLos !== undefined ? sql`min_los = excluded.min_los` : undefined,
    columns.stopSell !== undefined ? sql`stop_sell = excluded.stop_sell` : undefined,
  ].filter((update) => update !== undefined);
  const result = await db.execute<{ saved: number }>(sql`
    with saved as (
      insert into rate_overrides (property_id, date, room_type_id, price, min_los, stop_sell)
      select ${propertyId}::uuid, d::date, t.id, ${columns.price ?? null}::numeric,
             ${columns.minLos ?? NUMBER_FALLBACKS.minLOS}::int, ${columns.stopSell ?? false}::boolean
      from generate_series(${input.from}::timestamp, ${input.to}::timestamp, interval '1 day') as d
      cross join (values ${sql.join(
        typeIds.map((id) => sql`(${id}::uuid)`),
        sql`, `,
      )}) as t(id)
      where extract(dow from d)::int in (${sql.join(
        weekdays.map((day) => sql`${day}::int`),
        sql`, `,
      )})
      -- Rows in (date, type) order: concurrent bulk edits lock shared overrides in one order, never a cycle.
      order by 2, 3
      on conflict on constraint rate_overrides_property_date_type_key do update set ${sql.join(updates, sql`, `)}
      returning 1
    )
    select count(*)::int as saved from saved`);
  const saved = (result as unknown as { rows: { saved: number }[] }).rows[0]?.saved ?? 0;
  const names = new Map(types.map((type) => [type.id, type.name]));
  return { saved, roomTypeNames: typeIds.map((id) => (id === null ? null : (names.get(id) ?? null))) };
}

/** One request, one transaction, one activity entry, however many overrides it saves. */
export async function bulkSaveRateOverrides(
  db: Db,
  propertyId: string,
  actor: Actor,
  input: RateBulkData,
): Promise<RateBulkResult> {
  return withActivity(
    db,
    propertyId,
    actor,
    (tx) => upsertInBulk(tx, propertyId, input),
    (result) => {
      const applied = { price: input.price, minLOS: input.minLOS, stopSell: input.stopSell };
      const changes: Changes = {
        from: { before: null, after: input.from },
        to: { before: null, after: input.to },
        weekdays: { before: null, after: input.weekdays.map((day) => WEEKDAY_LABELS[day]) },
        roomTypes: { before: null, after: result.roomTypeNames.map((name) => name ?? "All") },
        saved: { before: null, after: result.saved },
      };
      for (const [field, value] of Object.entries(applied)) {
        if (value !== undefined) changes[field] = { before: null, after: value };
      }
      return { action: "rate_override.bulk_saved", entityType: "rate_override", entityId: null, changes };
    },
  );
}
