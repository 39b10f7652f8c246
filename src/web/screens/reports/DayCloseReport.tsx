/**
 * Reports → Day close (docs/product.md#day-close): the closed days, newest first, with one day's full report
 * below them (the newest until another is chosen; `?day=YYYY-MM-DD` keeps the choice in the URL), "Print"
 * and "Export CSV" of what is listed, and for a manager the next day due to close, closed after an in-page
 * question that names the day and what the close does.
 */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { Property } from "../../../domain/schemas/properties.js";
import { useCloseDay, useDayCloses, useNextDayClose } from "../../api/dayCloses.js";
import { useCan, useProperty, usePropertyToday } from "../../api/property.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { PageHeader } from "../../components/PageHeader.js";
import { QueryList } from "../../components/QueryList.js";
import { useMoney } from "../../components/useMoney.js";
import { useDateWords } from "../../i18n/format.js";
import { DayReportDetail, useDayName } from "./DayReportDetail.js";
import { dayCloseCsv, dayCloseCsvName, downloadCsv } from "./dayCloseCsv.js";
import { useCloseEffects, useDayCloseCsvWords } from "./dayCloseWords.js";
import { paymentsTotal } from "./dayReportFigures.js";

export function DayCloseReport({ tabs }: { tabs: ReactNode }) {
  const property = useProperty();
  const money = useMoney();
  const today = usePropertyToday();
  const closes = useDayCloses();
  const [params] = useSearchParams();
  const reports = closes.data ?? [];
  const chosen = reports.find((report) => report.date === params.get("day")) ?? reports[0];
  const manager = useCan("manage");
  /** Whether the user has chosen a day in the list (not the newest shown on arrival). */
  const [picked, setPicked] = useState(false);
  const dayLink = (date: string) => `?${new URLSearchParams({ view: "day-close", day: date })}`;
  const { t } = useLingui();
  const { weekday, day: shortDay } = useDateWords();
  const csvWords = useDayCloseCsvWords();
  const propertyName = property.name;
  return (
    <>
      <PageHeader title={t`Reports`}>
        <button type="button" className="button" disabled={!chosen} onClick={() => window.print()}>
          <Trans>Print</Trans>
        </button>
        <button
          type="button"
          className="button"
          disabled={reports.length === 0}
          onClick={() =>
            downloadCsv(
              dayCloseCsv(reports, property.currency, csvWords),
              dayCloseCsvName(property.code, reports),
            )
          }
        >
          <Trans>Export CSV</Trans>
        </button>
      </PageHeader>
      {tabs}
      <p className="print-only print-title">
        <Trans>
          <bdi>{propertyName}</bdi> · Day close
        </Trans>
      </p>
      {manager ? <CloseDay property={property} /> : null}
      <section className="panel stack" aria-labelledby="closed-days-heading">
        <h2 id="closed-days-heading">
          <Trans>Closed days</Trans>
        </h2>
        <QueryList
          query={closes}
          empty={t`No day is closed yet. Once a day is closed, its figures are kept here as they stood.`}
        >
          {(items) => (
            <>
              <DataTable
                wrap
                className="data phone-cards closed-days"
                aria-labelledby="closed-days-heading"
                columns={[
                  t`Date`,
                  numeric(t`Occupancy`),
                  numeric(t`ADR`),
                  numeric(t`RevPAR`),
                  { label: t`Room revenue`, className: "num wrap" },
                  numeric(t`Arrivals`),
                  numeric(t`No-shows`),
                  numeric(t`Departures`),
                  { label: t`In house`, className: "num wrap" },
                  numeric(t`Payments`),
                ]}
              >
                {items.map((day) => (
                  <tr key={day.date} className={day.date === chosen?.date ? "chosen" : undefined}>
                    <th scope="row" data-label={t`Date`}>
                      <Link
                        to={dayLink(day.date)}
                        replace
                        aria-current={day.date === chosen?.date ? "true" : undefined}
                        title={t`Show this day's report`}
                        onClick={() => setPicked(true)}
                      >
                        <time dateTime={day.date}>
                          {weekday(day.date)} <span className="nowrap">{shortDay(day.date, today)}</span>
                        </time>
                      </Link>
                    </th>
                    <td data-label={t`Occupancy`} className="num">
                      {day.occupancy.toFixed(2)}%
                    </td>
                    <td data-label={t`ADR`} className="num">
                      {money(day.adr)}
                    </td>
                    <td data-label={t`RevPAR`} className="num">
                      {money(day.revpar)}
                    </td>
                    <td data-label={t`Room revenue`} className="num">
                      {money(day.revenue.room)}
                    </td>
                    <td data-label={t`Arrivals`} className="num">
                      {day.arrivals}
                    </td>
                    <td data-label={t`No-shows`} className="num">
                      {day.noShows}
                    </td>
                    <td data-label={t`Departures`} className="num">
                      {day.departures}
                    </td>
                    <td data-label={t`In house`} className="num">
                      {day.inHouse}
                    </td>
                    <td data-label={t`Payments`} className="num">
                      {money(paymentsTotal(day, property.currency))}
                    </td>
                  </tr>
                ))}
              </DataTable>
              <p className="muted">
                <Trans>
                  Payments are what was taken on the day, less refunds. Choose a date for its full report.
                </Trans>
              </p>
            </>
          )}
        </QueryList>
      </section>
      {chosen ? <DayReportDetail report={chosen} reveal={picked} /> : null}
    </>
  );
}

/** The next day due to close, and closing it; or why there is none. */
function CloseDay({ property }: { property: Property }) {
  const today = usePropertyToday();
  const dayName = useDayName();
  const closeEffects = useCloseEffects();
  const close = useCloseDay();
  const [, setParams] = useSearchParams();
  const next = useNextDayClose();
  const { t } = useLingui();
  const closedDay = close.isSuccess ? dayName(close.data.date) : "";
  const noShows = close.isSuccess ? close.data.noShows : 0;
  const closed = !close.isSuccess
    ? null
    : noShows > 0
      ? t({
          message: plural(noShows, {
            one: `${closedDay} closed: # no-show.`,
            other: `${closedDay} closed: # no-shows.`,
          }),
        })
      : t`${closedDay} closed.`;

  const run = async (date: string) => {
    close.reset();
    const day = dayName(date);
    const accepted = await confirmDialog({
      title: t`Close ${day}?`,
      body: closeEffects(property),
      confirmLabel: t`Close day`,
      cancelLabel: t`Keep it open`,
    });
    if (!accepted) return;
    close.mutate(date, {
      onSuccess: (report) =>
        setParams({ view: "day-close", day: report.date }, { replace: true, preventScrollReset: true }),
    });
  };

  const nextDay = next.data ? dayName(next.data.date) : "";
  const closeTime = property.dayCloseTime;
  const failedDay = close.variables ? dayName(close.variables) : "";
  const nextError = next.error?.message;
  const closeError = close.error?.message;
  return (
    <section className="panel stack print-hidden close-day" aria-labelledby="close-day-heading">
      <h2 id="close-day-heading">
        <Trans>Close a day</Trans>
      </h2>
      {next.isPending ? (
        <p className="muted" role="status">
          <Trans>Loading...</Trans>
        </p>
      ) : next.isError ? (
        <FormError message={t`Could not tell which day closes next: ${nextError}`} />
      ) : next.data.due ? (
        <div className="close-day-row">
          <p>
            <Trans>
              <strong>{nextDay}</strong> is due to close.
            </Trans>
          </p>
          <button
            type="button"
            className="button primary"
            disabled={close.isPending}
            onClick={() => void run(next.data.date)}
          >
            <Trans>Close day</Trans>
          </button>
        </div>
      ) : next.data.date === today ? (
        <p>
          <Trans>Nothing to close yet: today is the next day to close, once it is over.</Trans>
        </p>
      ) : (
        <p>
          <Trans>Nothing to close yet: {nextDay} is the next day to close, once it is over.</Trans>
        </p>
      )}
      <p className="muted">
        <Trans>
          Where the server closes days by itself, each day closes at {closeTime} (hotel time) the next day;
          change that time in Settings → Day close.
        </Trans>
      </p>
      <FormError
        message={close.isError && close.variables ? t`Could not close ${failedDay}: ${closeError}` : null}
      />
      <FormSuccess message={closed} />
    </section>
  );
}
