import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { IsoDate } from "../../../domain/dates.js";
import { AppError } from "../../../domain/errors.js";
import type {
  RateOverrideUpdateInput,
  rateOverrideCreateInput,
} from "../../../domain/schemas/rate-overrides.js";
import type { Db, Tx } from "../../db/connect.js";
import { rateOverrides, roomTypes } from "../../db/schema.js";
import {
  type Actor,
  created,
  deleteRecord,
  editRecord,
  type RecordTarget,
  withActivity,
} from "../activity/index.js";
import { requireRoomType } from "../room-types/index.js";
import { presentRateOverride, type RateOverrideRow } from "./presenter.js";

export type { RateOverrideRow };
export type RateOverrideData = z.output<typeof rateOverrideCreateInput>;

export const RATE_OVERRIDE_NOT_FOUND = "Rate override not found";

function selectWithTypeName(db: Db | Tx) {
  return db
    .select({ override: rateOverrides, roomTypeName: roomTypes.name })
    .from(rateOverrides)
    .leftJoin(
      roomTypes,
      and(eq(roomTypes.propertyId, rateOverrides.propertyId), eq(roomTypes.id, rateOverrides.roomTypeId)),
    );
}

/**
 * By date; within a date the "All room types" override first, then by room type name. `window` keeps the
 * dates [from, to) (either side open); without it, every override.
 */
export async function listRateOverrides(
  db: Db,
  propertyId: string,
  window: { from?: IsoDate; to?: IsoDate } = {},
): Promise<RateOverrideRow[]> {
  const where = [eq(rateOverrides.propertyId, propertyId)];
  if (window.from) where.push(gte(rateOverrides.date, window.from));
  if (window.to) where.push(lt(rateOverrides.date, window.to));
  return selectWithTypeName(db)
    .where(and(...where))
    .orderBy(
      asc(rateOverrides.date),
      sql`${rateOverrides.roomTypeId} is not null`,
      asc(roomTypes.name),
      asc(rateOverrides.id),
    );
}

/**
 * Saves the override for (date, room type or All). There is one per pair: saving the pair again replaces
 * price, min LOS and stop sell of the existing row (its id and createdAt stay). The unique constraint is
 * NULLS NOT DISTINCT, so "All" (NULL) conflicts with itself too; drizzle's onConflict cannot name a
 * constraint, hence the SQL.
 */
async function upsertRateOverride(
  tx: Db,
  propertyId: string,
  input: RateOverrideData,
): Promise<RateOverrideRow> {
  if (input.roomTypeId) await requireRoomType(tx, propertyId, input.roomTypeId);
  const result = await tx.execute(sql`
    insert into ${rateOverrides} (property_id, date, room_type_id, price, min_los, stop_sell)
    values (${propertyId}::uuid, ${input.date}::date, ${input.roomTypeId}::uuid,
            ${input.price === null ? null : input.price.toFixed(2)}::numeric, ${input.minLOS}::int, ${input.stopSell}::boolean)
    on conflict on constraint rate_overrides_property_date_type_key do update
      set price = excluded.price, min_los = excluded.min_los, stop_sell = excluded.stop_sell
    returning id`);
  // Both drivers (node-postgres, PGlite) answer a raw query with `{ rows }`; Db is generic over them.
  const id = (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
  if (!id) throw new Error("rate override upsert returned no row");
  const [row] = await selectWithTypeName(tx).where(eq(rateOverrides.id, id));
  if (!row) throw new Error("rate override vanished after upsert");
  return row;
}

/** One override with its room type's name (404 when it is not the property's). */
async function findRateOverride(db: Db, propertyId: string, id: string): Promise<RateOverrideRow> {
  const [row] = await selectWithTypeName(db).where(
    and(eq(rateOverrides.propertyId, propertyId), eq(rateOverrides.id, id)),
  );
  if (!row) throw new AppError("not_found", RATE_OVERRIDE_NOT_FOUND);
  return row;
}

/**
 * The fields sent, as columns; a blank price (null) stays blank (docs/product.md#pricing-and-rate-overrides).
 */
export function overrideColumns(input: RateOverrideUpdateInput) {
  return {
    price: input.price === undefined ? undefined : input.price === null ? null : input.price.toFixed(2),
    minLos: input.minLOS,
    stopSell: input.stopSell,
  };
}

/** A partial edit of price, min LOS or stop sell. Stays already sold keep their prices. */
async function changeRateOverride(
  db: Db,
  propertyId: string,
  id: string,
  input: RateOverrideUpdateInput,
): Promise<{ before: RateOverrideRow; after: RateOverrideRow }> {
  const where = and(eq(rateOverrides.propertyId, propertyId), eq(rateOverrides.id, id));
  const [locked] = await db.select({ id: rateOverrides.id }).from(rateOverrides).where(where).for("update");
  if (!locked) throw new AppError("not_found", RATE_OVERRIDE_NOT_FOUND);
  const before = await findRateOverride(db, propertyId, id);
  await db.update(rateOverrides).set(overrideColumns(input)).where(where);
  return { before, after: await findRateOverride(db, propertyId, id) };
}

/** Always allowed: stays already sold keep their prices (docs/product.md#pricing-and-rate-overrides). */
async function dropRateOverride(db: Db, propertyId: string, id: string): Promise<RateOverrideRow> {
  const row = await findRateOverride(db, propertyId, id);
  await db
    .delete(rateOverrides)
    .where(and(eq(rateOverrides.propertyId, propertyId), eq(rateOverrides.id, id)));
  return row;
}

const LOGGED = ["date", "roomTypeId", "price", "minLOS", "stopSell"] as const;
const logged = { type: "rate_override", present: presentRateOverride, fields: LOGGED };

/** Saves an override (see `upsertRateOverride`) and its entry, in one transaction. */
export async function saveRateOverride(
  db: Db,
  propertyId: string,
  actor: Actor,
  input: RateOverrideData,
): Promise<RateOverrideRow> {
  return withActivity(
    db,
    propertyId,
    actor,
    (tx) => upsertRateOverride(tx, propertyId, input),
    (row) => ({
      action: "rate_override.saved",
      entityType: "rate_override",
      entityId: row.override.id,
      changes: created(presentRateOverride(row), LOGGED),
    }),
  );
}

export async function updateRateOverride(
  db: Db,
  target: RecordTarget,
  input: RateOverrideUpdateInput,
): Promise<RateOverrideRow> {
  return editRecord(db, target, "rate_override.updated", logged, (tx) =>
    changeRateOverride(tx, target.propertyId, target.id, input),
  );
}

export async function deleteRateOverride(db: Db, target: RecordTarget): Promise<RateOverrideRow> {
  return deleteRecord(db, target, "rate_override.deleted", logged, (tx) =>
    dropRateOverride(tx, target.propertyId, target.id),
  );
}
