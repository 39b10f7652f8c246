/**
 * One closed day's report in words, as its close stored it (src/domain/schemas/day-closes.ts): the rooms and
 * their figures, the revenue and its taxes by rate, what was taken by method, the stays' counts, and when
 * the day closed and whether by hand. The report does not name the manager who closed it, so the screen
 * says only that one did.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import type { DayReport } from "../../../domain/schemas/day-closes.js";
import { useProperty, usePropertyToday } from "../../api/property.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { useMoney } from "../../components/useMoney.js";
import { useDateWords } from "../../i18n/format.js";
import { paymentsTotal, revenueTotal } from "./dayReportFigures.js";

type Fact = readonly [label: string, value: string];

/** A day as the Day close screen names it: "Thu 26 Nov" (with its year when not this year's). */
export function useDayName(): (date: string) => string {
  const today = usePropertyToday();
  const { weekday, day } = useDateWords();
  return (date: string) => `${weekday(date)} ${day(date, today)}`;
}

/** An instant on the hotel's clock, whoever reads it, as the stay's payments show theirs. */
function useHotelTime(): (iso: string) => string {
  const { timeZone } = useProperty();
  const { moment } = useDateWords();
  return (iso: string) => moment(iso, timeZone);
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
  const { t } = useLingui();
  const day = dayName(report.date);
  const closedAt = hotelTime(report.closedAt);
  return (
    <section className="panel stack day-report" aria-labelledby="day-report-heading">
      <h2 id="day-report-heading" ref={heading} tabIndex={-1}>
        <Trans>Report of {day}</Trans>
      </h2>
      <div className="day-report-groups">
        <Facts
          heading={t`Rooms`}
          facts={[
            [t`Rooms available`, String(report.roomsAvailable)],
            [t`Rooms blocked`, String(report.roomsBlocked)],
            [t`Room nights sold`, String(report.roomNightsSold)],
            [t`Occupancy`, `${report.occupancy.toFixed(2)}%`],
            [t`ADR`, money(report.adr)],
            [t`RevPAR`, money(report.revpar)],
          ]}
        />
        <Facts
          heading={t`Revenue`}
          facts={[
            [t`Rooms`, money(report.revenue.room)],
            [t`Extras`, money(report.revenue.extras)],
            [t`City tax`, money(report.revenue.cityTax)],
            [t`Total`, money(revenueTotal(report, currency))],
          ]}
        />
        <Facts
          heading={t`Payments`}
          facts={[
            [t`Cash`, money(report.payments.cash)],
            [t`Card`, money(report.payments.card)],
            [t`Bank transfer`, money(report.payments.bank_transfer)],
            [t`Other`, money(report.payments.other)],
            [t`Refunds`, money(report.payments.refunds)],
            [t`Net received`, money(paymentsTotal(report, currency))],
          ]}
        />
        <Facts
          heading={t`Stays`}
          facts={[
            [t`Arrivals`, String(report.arrivals)],
            [t`Departures`, String(report.departures)],
            [t`No-shows`, String(report.noShows)],
            [t`Cancellations`, String(report.cancellations)],
            [t`In house`, String(report.inHouse)],
          ]}
        />
      </div>
      <div className="day-report-group">
        <h3 id="day-report-taxes">
          <Trans>Taxes by rate</Trans>
        </h3>
        {report.taxes.length === 0 ? (
          <p className="muted">
            <Trans>Nothing taxed was sold on the day.</Trans>
          </p>
        ) : (
          <DataTable
            wrap
            className="data day-report-taxes"
            aria-labelledby="day-report-taxes"
            columns={[t`Rate`, numeric(t`Net`), numeric(t`Tax`)]}
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
          <dt>
            <Trans>Closed at</Trans>
          </dt>
          <dd>
            <Trans>
              <time dateTime={report.closedAt}>{closedAt}</time> (hotel time)
            </Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Closed by</Trans>
          </dt>
          <dd>{report.closedBy === null ? t`Automatic` : t`By a manager`}</dd>
        </div>
      </dl>
    </section>
  );
}
