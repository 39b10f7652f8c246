/**
 * One closed day's report in words, as its close stored it (src/domain/schemas/day-closes.ts): the rooms and
 * their figures, the revenue and its taxes by rate, what was taken by method, the stays' counts, and when
 * the day closed and whether by hand. The report does not name the manager who closed it, so the screen
 * says only that one did.
 */
import { useEffect, useMemo, useRef } from "react";
import { formatDay, weekdayLabel } from "../../../domain/dates.js";
import type { DayReport } from "../../../domain/schemas/day-closes.js";
import { useProperty, usePropertyToday } from "../../api/property.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { useMoney } from "../../components/useMoney.js";
import { paymentsTotal, revenueTotal } from "./dayReportFigures.js";

type Fact = readonly [label: string, value: string];

/** A day as the Day close screen names it: "Thu 26 Nov" (with its year when not this year's). */
export function useDayName(): (date: string) => string {
  const today = usePropertyToday();
  return (date: string) => `${weekdayLabel(date)} ${formatDay(date, today)}`;
}

/** An instant on the hotel's clock, whoever reads it, as the stay's payments show theirs. */
function useHotelTime(): (iso: string) => string {
  const { timeZone } = useProperty();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone });
    return (iso: string) => format.format(new Date(iso));
  }, [timeZone]);
}

function Facts({ heading, facts }: { heading: string; facts: readonly Fact[] }) {
  return (
    <div className="day-report-group">
      <h3>{heading}</h3>
      <dl className="day-report-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function DayReportDetail({ report, reveal }: { report: DayReport; reveal: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A day chosen in the list: its report may be far below it (a phone shows each day as a card), so it is
  // brought into view and focused, and a screen reader reads its heading.
  useEffect(() => {
    if (!reveal || !report.date) return;
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "start" });
  }, [reveal, report.date]);
  const money = useMoney();
  const { currency } = useProperty();
  const dayName = useDayName();
  const hotelTime = useHotelTime();
  const day = dayName(report.date);
  return (
    <section className="panel stack day-report" aria-labelledby="day-report-heading">
      <h2 id="day-report-heading" ref={heading} tabIndex={-1}>
        Report of {day}
      </h2>
      <div className="day-report-groups">
        <Facts
          heading="Rooms"
          facts={[
            ["Rooms available", String(report.roomsAvailable)],
            ["Rooms blocked", String(report.roomsBlocked)],
            ["Room nights sold", String(report.roomNightsSold)],
            ["Occupancy", `${report.occupancy.toFixed(2)}%`],
            ["ADR", money(report.adr)],
            ["RevPAR", money(report.revpar)],
          ]}
        />
        <Facts
          heading="Revenue"
          facts={[
            ["Rooms", money(report.revenue.room)],
            ["Extras", money(report.revenue.extras)],
            ["City tax", money(report.revenue.cityTax)],
            ["Total", money(revenueTotal(report, currency))],
          ]}
        />
        <Facts
          heading="Payments"
          facts={[
            ["Cash", money(report.payments.cash)],
            ["Card", money(report.payments.card)],
            ["Bank transfer", money(report.payments.bank_transfer)],
            ["Other", money(report.payments.other)],
            ["Refunds", money(report.payments.refunds)],
            ["Net received", money(paymentsTotal(report, currency))],
          ]}
        />
        <Facts
          heading="Stays"
          facts={[
            ["Arrivals", String(report.arrivals)],
            ["Departures", String(report.departures)],
            ["No-shows", String(report.noShows)],
            ["Cancellations", String(report.cancellations)],
            ["In house", String(report.inHouse)],
          ]}
        />
      </div>
      <div className="day-report-group">
        <h3 id="day-report-taxes">Taxes by rate</h3>
        {report.taxes.length === 0 ? (
          <p className="muted">Nothing taxed was sold on the day.</p>
        ) : (
          <DataTable
            wrap
            className="data day-report-taxes"
            aria-labelledby="day-report-taxes"
            columns={["Rate", numeric("Net"), numeric("Tax")]}
          >
            {report.taxes.map((tax) => (
              <tr key={`${tax.name} ${tax.percent}`}>
                <th scope="row">
                  <bdi>{tax.name}</bdi> {tax.percent}%
                </th>
                <td className="num">{money(tax.net)}</td>
                <td className="num">{money(tax.tax)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
      <dl className="day-report-facts day-report-closed">
        <div>
          <dt>Closed at</dt>
          <dd>
            <time dateTime={report.closedAt}>{hotelTime(report.closedAt)}</time> (hotel time)
          </dd>
        </div>
        <div>
          <dt>Closed by</dt>
          <dd>{report.closedBy === null ? "Automatic" : "By a manager"}</dd>
        </div>
      </dl>
    </section>
  );
}
