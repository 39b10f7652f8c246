import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { rateOverrideCreateInput } from "../../../domain/schemas.js";
import type { Db, Tx } from "../../db/connect.js";
import { rateOverrides, roomTypes } from "../../db/schema.js";
import { requireRoomType } from "../room-types/service.js";

export type RateOverrideRow = { override: typeof rateOverrides.$inferSelect; roomTypeName: string | null };
export type RateOverrideData = z.output<typeof rateOverrideCreateInput>;

function selectWithTypeName(db: Db | Tx) {
  return db
    .select({ override: rateOverrides, roomTypeName: roomTypes.name })
    .from(rateOverrides)
    .leftJoin(
      roomTypes,
      and(eq(roomTypes.propertyId, rateOverrides.propertyId), eq(roomTypes.id, rateOverrides.roomTypeId)),
    );
}

/** By date; within a date the "All room types" override first, then by room type name. */
export async function listRateOverrides(db: Db, propertyId: string): Promise<RateOverrideRow[]> {
  return selectWithTypeName(db)
    .where(eq(rateOverrides.propertyId, propertyId))
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
export async function saveRateOverride(
  db: Db,
  propertyId: string,
  input: RateOverrideData,
): Promise<RateOverrideRow> {
  return db.transaction(async (tx) => {
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
  });
}
