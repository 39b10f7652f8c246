/**
 * The report a day close stores (docs/product.md#day-close): the day's occupancy from the nightly rollup,
 * its revenue by kind and tax by rate (each night and posted line taxed as its folio taxes it,
 * src/domain/folio.ts), what was recorded on the day by method, and the day's stay counts. Worked out in
 * the close's transaction, after its no-shows, so it is what the day ended as.
 */
import { sql } from "drizzle-orm";
import { addDays, type IsoDate } from "../../../domain/dates.js";
import { dateFigures } from "../../../domain/occupancy.js";
import type { DayReport } from "../../../domain/schemas/day-closes.js";
import { fromMinorUnits, lineAmounts, percentMilli, summarize, toMinorUnits } from "../../../domain/tax.js";
import type { Db } from "../../db/connect.js";
import { queryRows } from "../../db/rows.js";
import { occupancyDaily } from "../reports/index.js";

/** The sold nights on the day at one price and tax rate: each is one folio line of the same amounts. */
type Nights = {
  rate: string;
  count: number;
  adults: number;
  taxRateId: string | null;
  name: string | null;
  percent: string | null;
};
/** The day's live posted lines at one tax rate and percentage, summed (each line keeps its amounts). */
type Charges = {
  gross: string;
  net: string;
  tax: string;
  taxRateId: string | null;
  name: string;
  percent: string;
};
type Settings = { currency: string; pricesIncludeTax: boolean; cityTax: string };

/**
 * The sold stays' nights on `date` grouped by price and tax rate, so the close reads a row per price, not
 * per stay (a large hotel sells thousands of nights a day), and taxes each price once.
 */
const nightsOn = (propertyId: string, date: IsoDate) => sql`
  select n.rate::text as "rate", count(*)::int as "count", sum(n.adults)::int as "adults",
         t.id as "taxRateId", t.name, t.percent::text as "percent"
  from (
    select r.nightly_rates[(${date}::date - r.check_in_date) + 1] as rate, r.adults, r.room_type_id
    from reservations r
    where r.property_id = ${propertyId} and r.status <> 'cancelled' and innkeep_is_sold(r.status)
      and daterange(r.check_in_date, r.check_out_date, '[)') @> ${date}::date
  ) n
  left join room_types rt on rt.property_id = ${propertyId} and rt.id = n.room_type_id
  left join tax_rates t on t.property_id = rt.property_id and t.id = rt.tax_rate_id
  group by n.rate, t.id, t.name, t.percent`;

const chargesOn = (propertyId: string, date: IsoDate) => sql`
  select sum(gross)::text as "gross", sum(net)::text as "net", sum(tax)::text as "tax",
         tax_rate_id as "taxRateId", tax_name as "name", percent::text as "percent"
  from folio_charges where property_id = ${propertyId} and date = ${date}::date and voided_at is null
  group by tax_rate_id, tax_name, percent`;

/**
 * The day's counts: arrivals (the stays due on it, no-shows included), departures, in house at the close,
 * and cancellations (the stays due on it that were cancelled).
 */
const countsOn = (propertyId: string, date: IsoDate) => sql`
  select
    count(*) filter (where check_in_date = ${date}::date and status <> 'cancelled')::int as "arrivals",
    count(*) filter (where check_out_date = ${date}::date and innkeep_is_sold(status))::int as "departures",
    count(*) filter (where check_in_date = ${date}::date and status = 'cancelled')::int as "cancellations",
    (select count(*) from reservations where property_id = ${propertyId} and status = 'checked_in')::int as "inHouse"
  from reservations
  where property_id = ${propertyId} and (check_in_date = ${date}::date or check_out_date = ${date}::date)`;

export async function dayReport(
  tx: Db,
  propertyId: string,
  date: IsoDate,
  settings: Settings,
  noShows: number,
  closed: { at: string; by: string | null },
): Promise<DayReport> {
  const { currency } = settings;
  const minor = (value: string | number) => toMinorUnits(Number(value), currency);
  const major = (value: number) => fromMinorUnits(value, currency);
  const [day] = await occupancyDaily(tx, propertyId, date, addDays(date, 1));
  if (!day) throw new Error(`no occupancy row for ${date}`);
  const nights = await queryRows<Nights>(tx, nightsOn(propertyId, date));
  const charges = await queryRows<Charges>(tx, chargesOn(propertyId, date));
  const paid = await queryRows<{ kind: string; method: string; amount: string }>(
    tx,
    sql`select kind, method, sum(amount)::text as "amount" from payments
        where property_id = ${propertyId} and date = ${date}::date and voided_at is null group by kind, method`,
  );
  const [counts] = await queryRows<Pick<DayReport, "arrivals" | "departures" | "inHouse" | "cancellations">>(
    tx,
    countsOn(propertyId, date),
  );
  const mode = settings.pricesIncludeTax ? "inclusive" : "exclusive";
  const names = new Map<string, string>();
  const roomLines = nights.map((group) => {
    if (group.taxRateId) names.set(group.taxRateId, group.name ?? "");
    const milli = group.percent === null ? null : percentMilli(Number(group.percent));
    const one = lineAmounts({ quantity: 1, unitPrice: minor(group.rate), percentMilli: milli }, mode);
    return {
      net: one.net * group.count,
      tax: one.tax * group.count,
      gross: one.gross * group.count,
      taxRateId: group.taxRateId,
      percentMilli: milli,
    };
  });
  const chargeLines = charges.map((line) => {
    if (line.taxRateId) names.set(line.taxRateId, line.name);
    return {
      net: minor(line.net),
      tax: minor(line.tax),
      gross: minor(line.gross),
      taxRateId: line.taxRateId,
      percentMilli: percentMilli(Number(line.percent)),
    };
  });
  const cityTax = nights.reduce((sum, group) => sum + group.adults * minor(settings.cityTax), 0);
  const { taxes } = summarize([...roomLines, ...chargeLines]);
  const method = (name: string) =>
    major(
      paid
        .filter((row) => row.kind === "payment" && row.method === name)
        .reduce((s, r) => s + minor(r.amount), 0),
    );
  const figures = dateFigures(day);
  return {
    date,
    roomsAvailable: day.roomsAvailable,
    roomsBlocked: day.roomsBlocked,
    roomNightsSold: day.roomNightsSold,
    occupancy: figures.occupancyPct,
    adr: figures.adr,
    revpar: figures.revpar,
    revenue: {
      room: major(roomLines.reduce((sum, line) => sum + line.gross, 0)),
      extras: major(chargeLines.reduce((sum, line) => sum + line.gross, 0)),
      cityTax: major(cityTax),
    },
    taxes: taxes
      .filter((row) => row.taxRateId !== null)
      .map((row) => ({
        name: names.get(row.taxRateId ?? "") ?? "",
        percent: row.percentMilli / 1000,
        net: major(row.net),
        tax: major(row.tax),
      }))
      // By name then percentage: the groups come in no particular order.
      .sort((a, b) => a.name.localeCompare(b.name) || a.percent - b.percent),
    payments: {
      cash: method("cash"),
      card: method("card"),
      bank_transfer: method("bank_transfer"),
      other: method("other"),
      refunds: major(paid.filter((row) => row.kind === "refund").reduce((s, r) => s + minor(r.amount), 0)),
    },
    arrivals: counts?.arrivals ?? 0,
    departures: counts?.departures ?? 0,
    noShows,
    cancellations: counts?.cancellations ?? 0,
    inHouse: counts?.inHouse ?? 0,
    closedAt: closed.at,
    closedBy: closed.by,
  };
}
