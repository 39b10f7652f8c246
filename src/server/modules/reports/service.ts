/**
 * Occupancy report for [from, to): sold room-nights and revenue are computed in SQL (exact numeric), the
 * ratios by the shared domain rule so server and web agree on rounding and on zero denominators.
 */
import { type SQL, sql } from "drizzle-orm";
import { LIMITS } from "../../../domain/constants.js";
import { compareIsoDates, daysBetween, type IsoDate } from "../../../domain/dates.js";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import { occupancyFigures } from "../../../domain/occupancy.js";
import type { OccupancyReport } from "../../../domain/schemas.js";
import type { Db } from "../../db/connect.js";

export const END_AFTER_START = MESSAGES.endAfterStart;

type TotalsRow = { rooms: string; currency: string | null; soldRoomNights: string; revenue: string };

/**
 * One row: the property's room count and currency, the room-nights inside [from, to) of stays that are
 * booked, checked_in or checked_out, and the revenue of those nights. The sold nights come from the
 * `room_nights` rollup (kept by a trigger on reservations, so the cost depends on the window, not on how many
 * stays it holds). Each night is priced like a booking: the override for (date, room type), else the
 * override for (date, All), else the room type's base rate; a stay without a room type falls back to 0.
 * Unassigned stays (no room yet) are sold all the same, so they count.
 */
export function occupancyTotalsQuery(propertyId: string, from: IsoDate, to: IsoDate): SQL {
  return sql`
    with sold as (
      select rn.night, rn.room_type_id, rn.sold
      from room_nights rn
      where rn.property_id = ${propertyId} and rn.night >= ${from}::date and rn.night < ${to}::date
        and rn.sold > 0
    )
    select
      (select count(*) from rooms where property_id = ${propertyId})::text as "rooms",
      (select currency from properties where id = ${propertyId}) as "currency",
      coalesce(sum(s.sold), 0)::text as "soldRoomNights",
      coalesce(sum(s.sold * coalesce(ot.price, oa.price, rt.base_rate, 0)), 0)::text as "revenue"
    from sold s
    left join rate_overrides ot
      on ot.property_id = ${propertyId} and ot.date = s.night and ot.room_type_id = s.room_type_id
    left join rate_overrides oa
      on oa.property_id = ${propertyId} and oa.date = s.night and oa.room_type_id is null
    left join room_types rt
      on rt.property_id = ${propertyId} and rt.id = s.room_type_id`;
}

export async function occupancyReport(
  db: Db,
  propertyId: string,
  from: IsoDate,
  to: IsoDate,
): Promise<OccupancyReport> {
  if (compareIsoDates(from, to) >= 0) throw new AppError("validation", END_AFTER_START);
  const days = daysBetween(from, to);
  if (days > LIMITS.maxReportDays) {
    throw new AppError("validation", `to: the report window can be at most ${LIMITS.maxReportDays} days`);
  }
  const result = await db.execute<TotalsRow>(occupancyTotalsQuery(propertyId, from, to));
  const totals = (result as unknown as { rows: TotalsRow[] }).rows[0];
  if (!totals?.currency) throw new AppError("not_found", "Property not found");
  const rooms = Number(totals.rooms);
  const soldRoomNights = Number(totals.soldRoomNights);
  const revenue = Number(totals.revenue);
  return {
    from,
    to,
    days,
    rooms,
    soldRoomNights,
    revenue,
    ...occupancyFigures({ soldRoomNights, revenue, rooms, days }),
    currency: totals.currency,
  };
}
