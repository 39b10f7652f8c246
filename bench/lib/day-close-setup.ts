// The hotel's recent days as a day close finds them (`npm run bench -- --day-close`), written in SQL after the
// largest hotel is seeded (seed-child.ts): a breakfast posted on every sold night of the last `historyDays`
// days, a payment for every departure in them (a share of them refunds), a share of each closed day's
// arrivals still booked (the no-shows the close marks), and every day before the first measured one closed.
// The seeded data has no lines or payments of its own (seed.ts), so without this a close would report nothing.
import { addDays, type IsoDate } from "../../src/domain/dates.js";
import type { Exec } from "./backends.js";

export type DayCloseSetup = {
  /** The days the bench closes, oldest first, ending yesterday. */
  closeDays: number;
  /** Days of breakfasts and payments before today (the closed days among them). */
  historyDays: number;
  /** Percent of each closed day's arrivals who never came. */
  noShowPercent: number;
  /** Percent of the payments that are refunds. */
  refundPercent: number;
};

export const DAY_CLOSE_SETUP: DayCloseSetup = {
  closeDays: 8,
  historyDays: 14,
  noShowPercent: 3,
  refundPercent: 2,
};

export type DayClosePrepared = {
  /** The days to close, oldest first. */
  days: IsoDate[];
  charges: number;
  payments: number;
  noShows: number;
  occupiedRooms: number;
  setupMs: number;
};

const BREAKFAST = { price: 500, percent: 18, tax: 90 };
const METHODS = "array['cash', 'card', 'bank_transfer', 'other']";

export async function prepareDayClose(
  exec: Exec,
  ids: { pid: string; userId: string },
  today: IsoDate,
  setup: DayCloseSetup,
): Promise<DayClosePrepared> {
  const started = performance.now();
  const first = addDays(today, -setup.historyDays);
  const last = addDays(today, -1);
  const days = Array.from({ length: setup.closeDays }, (_, i) => addDays(today, i - setup.closeDays));
  const firstClosed = days[0] as IsoDate;
  // Arrivals of the closed days who left already: some of them never came (before the
  // breakfasts and payments, which only stays that came get).
  const noShows = await exec<{ n: number }>(
    `with kept as (
       update reservations set status = 'booked'
       where property_id = $1 and status = 'checked_out' and check_in_date between $2::date and $3::date
         and abs(hashtext(code || ':no-show')) % 100 < $4::int
       returning 1)
     select count(*)::int as n from kept`,
    [ids.pid, firstClosed, last, setup.noShowPercent],
  );
  const { rows: rates } = await exec<{ id: string }>(
    "insert into tax_rates (property_id, name, percent) values ($1, 'GST', $2) returning id",
    [ids.pid, BREAKFAST.percent],
  );
  const taxRateId = rates[0]?.id;
  const charged = await exec<{ n: number }>(
    `with posted as (
       insert into folio_charges (property_id, reservation_id, kind, date, description, quantity, unit_price,
                                  tax_rate_id, tax_name, percent, net, tax, gross, created_by)
       select r.property_id, r.id, 'extra', d::date, 'Breakfast', 1, $4::numeric, $5::uuid, 'GST', $6::numeric,
              $4::numeric, $7::numeric, $4::numeric + $7::numeric, $8::uuid
       from reservations r
       cross join lateral generate_series(greatest(r.check_in_date, $2::date)::timestamp,
                                          least(r.check_out_date - 1, $3::date)::timestamp, '1 day') d
       where r.property_id = $1 and r.status in ('checked_in', 'checked_out')
         and daterange(r.check_in_date, r.check_out_date, '[)') && daterange($2::date, $3::date, '[]')
       returning 1)
     select count(*)::int as n from posted`,
    [ids.pid, first, last, BREAKFAST.price, taxRateId, BREAKFAST.percent, BREAKFAST.tax, ids.userId],
  );
  const paid = await exec<{ n: number }>(
    `with paid as (
       insert into payments (property_id, reservation_id, amount, kind, method, date, created_by)
       select property_id, id,
              case when abs(hashtext(id::text)) % 100 < $4::int then 100 else total end,
              case when abs(hashtext(id::text)) % 100 < $4::int then 'refund' else 'payment' end,
              (${METHODS})[1 + abs(hashtext(code)) % 4], check_out_date, $5
       from reservations
       where property_id = $1 and status = 'checked_out' and check_out_date between $2::date and $3::date
       returning 1)
     select count(*)::int as n from paid`,
    [ids.pid, first, last, setup.refundPercent, ids.userId],
  );
  await exec("update properties set closed_through = $2::date where id = $1", [
    ids.pid,
    addDays(firstClosed, -1),
  ]);
  const { rows: occupied } = await exec<{ n: number }>(
    "select count(*)::int as n from rooms where property_id = $1 and status = 'occupied'",
    [ids.pid],
  );
  await exec("vacuum (analyze) reservations, folio_charges, payments, properties, rooms");
  return {
    days,
    charges: charged.rows[0]?.n ?? 0,
    payments: paid.rows[0]?.n ?? 0,
    noShows: noShows.rows[0]?.n ?? 0,
    occupiedRooms: occupied[0]?.n ?? 0,
    setupMs: performance.now() - started,
  };
}
