/**
 * Occupancy report for [from, to): sold room-nights and revenue are computed in SQL (exact numeric), the
 * ratios by the shared domain rule so server and web agree on rounding and on zero denominators.
 */
import { type SQL, sql } from "drizzle-orm";
import { REPORT_WINDOW, rangeDays, windowProblem } from "../../../domain/date-ranges.js";
import type { IsoDate } from "../../../domain/dates.js";
import { AppError, fieldError } from "../../../domain/errors.js";
import { occupancyFigures } from "../../../domain/occupancy.js";
import type { OccupancyDay, OccupancyReport } from "../../../domain/schemas/reports.js";
import type { Db } from "../../db/connect.js";

type TotalsRow = { rooms: string; currency: string | null; soldRoomNights: string; revenue: string };

/**
 * One row: the property's room count and currency, the room-nights inside [from, to) of the sold stays
 * (booked, checked in or out) and what those nights were sold for. Both come from the `room_nights` rollup,
 * kept by triggers from each stay's stored nightly prices: the cost depends on the window, not on how many
 * stays it holds, and a later rate change never re-prices a sale (docs/product.md#reports-and-occupancy).
 */
export function occupancyTotalsQuery(propertyId: string, from: IsoDate, to: IsoDate): SQL {
  return sql`
    select
      (select count(*) from rooms where property_id = ${propertyId})::text as "rooms",
      (select currency from properties where id = ${propertyId}) as "currency",
      coalesce(sum(rn.sold), 0)::text as "soldRoomNights",
      coalesce(sum(rn.revenue), 0)::text as "revenue"
    from room_nights rn
    where rn.property_id = ${propertyId} and rn.night >= ${from}::date and rn.night < ${to}::date`;
}

/** The number of days of a report window [from, to); refuses an empty, reversed or too long one (400). */
export function reportDays(from: IsoDate, to: IsoDate): number {
  const problem = windowProblem(from, to);
  if (problem !== null) throw fieldError("to", `${problem}`);
  return rangeDays(REPORT_WINDOW, from, to);
}

export async function occupancyReport(
  db: Db,
  propertyId: string,
  from: IsoDate,
  to: IsoDate,
): Promise<OccupancyReport> {
  const days = reportDays(from, to);
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

type DayRow = {
  date: string;
  roomsAvailable: number;
  roomsBlocked: number;
  roomNightsSold: number;
  revenue: string;
};

/**
 * One row per date of [from, to), from the same `room_nights` rollup as the totals, so the series adds up
 * to them exactly: rooms (the occupancy denominator), blocked rooms (kept there by the room_blocks triggers),
 * sold room-nights and what they were sold for. Dates without a row in the rollup are zeros.
 */
function occupancyDailyQuery(propertyId: string, from: IsoDate, to: IsoDate): SQL {
  return sql`
    select to_char(d, 'YYYY-MM-DD') as "date",
           (select count(*) from rooms where property_id = ${propertyId})::int as "roomsAvailable",
           coalesce(n.blocked, 0)::int as "roomsBlocked",
           coalesce(n.sold, 0)::int as "roomNightsSold",
           coalesce(n.revenue, 0)::text as "revenue"
    from generate_series(${from}::timestamp, ${to}::timestamp - interval '1 day', interval '1 day') as d
    left join (
      select night, sum(sold) as sold, sum(blocked) as blocked, sum(revenue) as revenue
      from room_nights
      where property_id = ${propertyId} and night >= ${from}::date and night < ${to}::date
      group by night
    ) n on n.night = d::date
    order by d`;
}

/** The daily series of [from, to): exactly one entry per date (docs/product.md#reports-and-occupancy). */
export async function occupancyDaily(
  db: Db,
  propertyId: string,
  from: IsoDate,
  to: IsoDate,
): Promise<OccupancyDay[]> {
  reportDays(from, to);
  const result = await db.execute<DayRow>(occupancyDailyQuery(propertyId, from, to));
  return (result as unknown as { rows: DayRow[] }).rows.map((row) => ({
    ...row,
    revenue: Number(row.revenue),
  }));
}
