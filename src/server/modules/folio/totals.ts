/**
 * The stays' folio totals and balances are the database's to keep (migration 0022): touching `balance`
 * makes its trigger work them out again. Called when what they are worked out from changes outside the
 * stay: the property's tax mode, city tax or currency, a room type's tax rate, a rate's percentage.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { reservations } from "../../db/schema.js";

export async function refreshFolioTotals(
  db: Db,
  propertyId: string,
  roomTypeIds?: readonly string[],
): Promise<void> {
  if (roomTypeIds?.length === 0) return;
  await db
    .update(reservations)
    .set({ balance: reservations.balance })
    .where(
      and(
        eq(reservations.propertyId, propertyId),
        roomTypeIds ? inArray(reservations.roomTypeId, [...roomTypeIds]) : undefined,
      ),
    );
}
