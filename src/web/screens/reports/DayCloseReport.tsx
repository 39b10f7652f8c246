/**
 * Reports → Day close (docs/product.md#day-close): the closed days, newest first, with one day's full report
 * below them (the newest until another is chosen; `?day=YYYY-MM-DD` keeps the choice in the URL), "Print"
 * and "Export CSV" of what is listed, and for a manager the next day due to close, closed after an in-page
 * question that names the day and what the close does.
 */
import { type ReactNode, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { formatDay, weekdayLabel } from "../../../domain/dates.js";
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
import { DayReportDetail, useDayName } from "./DayReportDetail.js";
import { dayCloseCsv, dayCloseCsvName, downloadCsv } from "./dayCloseCsv.js";
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
  return (
    <>
      <PageHeader title="Reports">
        <button type="button" className="button" disabled={!chosen} onClick={() => window.print()}>
          Print
        </button>
        <button
          type="button"
          className="button"
          disabled={reports.length === 0}
          onClick={() =>
            downloadCsv(dayCloseCsv(reports, property.currency), dayCloseCsvName(property.code, reports))
          }
        >
          Export CSV
        </button>
      </PageHeader>
      {tabs}
      <p className="print-only print-title">
        <bdi>{property.name}</bdi> · Day close
      </p>
      {manager ? <CloseDay property={property} /> : null}
      <section className="panel stack" aria-labelledby="closed-days-heading">
        <h2 id="closed-days-heading">Closed days</h2>
        <QueryList
          query={closes}
          empty="No day is closed yet. Once a day is closed, its figures are kept here as they stood."
        >
          {(items) => (
            <>
              <DataTable
                wrap
                className="data phone-cards closed-days"
                aria-labelledby="closed-days-heading"
                columns={[
                  "Date",
                  numeric("Occupancy"),
                  numeric("ADR"),
                  numeric("RevPAR"),
                  { label: "Room revenue", className: "num wrap" },
                  numeric("Arrivals"),
                  numeric("No-shows"),
                  numeric("Departures"),
                  { label: "In house", className: "num wrap" },
                  numeric("Payments"),
                ]}
              >
                {items.map((day) => (
                  <tr key={day.date} className={day.date === chosen?.date ? "chosen" : undefined}>
                    <th scope="row" data-label="Date">
                      <Link
                        to={dayLink(day.date)}
                        replace
                        aria-current={day.date === chosen?.date ? "true" : undefined}
                        title="Show this day's report"
                        onClick={() => setPicked(true)}
                      >
                        <time dateTime={day.date}>
                          {weekdayLabel(day.date)}{" "}
                          <span className="nowrap">{formatDay(day.date, today)}</span>
                        </time>
                      </Link>
                    </th>
                    <td data-label="Occupancy" className="num">
                      {day.occupancy.toFixed(2)}%
                    </td>
                    <td data-label="ADR" className="num">
                      {money(day.adr)}
                    </td>
                    <td data-label="RevPAR" className="num">
                      {money(day.revpar)}
                    </td>
                    <td data-label="Room revenue" className="num">
                      {money(day.revenue.room)}
                    </td>
                    <td data-label="Arrivals" className="num">
                      {day.arrivals}
                    </td>
                    <td data-label="No-shows" className="num">
                      {day.noShows}
                    </td>
                    <td data-label="Departures" className="num">
                      {day.departures}
                    </td>
                    <td data-label="In house" className="num">
                      {day.inHouse}
                    </td>
                    <td data-label="Payments" className="num">
                      {money(paymentsTotal(day, property.currency))}
                    </td>
                  </tr>
                ))}
              </DataTable>
              <p className="muted">
                Payments are what was taken on the day, less refunds. Choose a date for its full report.
              </p>
            </>
          )}
        </QueryList>
      </section>
      {chosen ? <DayReportDetail report={chosen} reveal={picked} /> : null}
    </>
  );
}

/** What a close of a day will do, by the property's settings (src/server/modules/day-close/service.ts). */
function closeEffects(property: Property): string {
  const effects = [
    property.autoNoShow ? "stays still booked to arrive by then that never came become no-shows" : null,
    property.stayoverDirty ? "occupied rooms turn dirty for the stay-over cleaning" : null,
    "the day's figures are frozen: its payments, charges and nights can no longer change, and a correction is a new line dated today",
  ].filter((effect): effect is string => effect !== null);
  const sentence = effects.join("; ");
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}. This cannot be undone.`;
}

/** The next day due to close, and closing it; or why there is none. */
function CloseDay({ property }: { property: Property }) {
  const today = usePropertyToday();
  const dayName = useDayName();
  const close = useCloseDay();
  const [, setParams] = useSearchParams();
  const next = useNextDayClose();
  const closed = close.isSuccess
    ? `${dayName(close.data.date)} closed${close.data.noShows > 0 ? `: ${close.data.noShows} ${close.data.noShows === 1 ? "no-show" : "no-shows"}` : ""}.`
    : null;

  const run = async (date: string) => {
    close.reset();
    const accepted = await confirmDialog({
      title: `Close ${dayName(date)}?`,
      body: closeEffects(property),
      confirmLabel: "Close day",
      cancelLabel: "Keep it open",
    });
    if (!accepted) return;
    close.mutate(date, {
      onSuccess: (report) =>
        setParams({ view: "day-close", day: report.date }, { replace: true, preventScrollReset: true }),
    });
  };

  return (
    <section className="panel stack print-hidden close-day" aria-labelledby="close-day-heading">
      <h2 id="close-day-heading">Close a day</h2>
      {next.isPending ? (
        <p className="muted" role="status">
          Loading...
        </p>
      ) : next.isError ? (
        <FormError message={`Could not tell which day closes next: ${next.error.message}`} />
      ) : next.data.due ? (
        <div className="close-day-row">
          <p>
            <strong>{dayName(next.data.date)}</strong> is due to close.
          </p>
          <button
            type="button"
            className="button primary"
            disabled={close.isPending}
            onClick={() => void run(next.data.date)}
          >
            Close day
          </button>
        </div>
      ) : (
        <p>
          Nothing to close yet: {next.data.date === today ? "today" : dayName(next.data.date)} is the next day
          to close, once it is over.
        </p>
      )}
      <p className="muted">
        Where the server closes days by itself, each day closes at {property.dayCloseTime} (hotel time) the
        next day; change that time in Settings → Day close.
      </p>
      <FormError
        message={
          close.isError && close.variables
            ? `Could not close ${dayName(close.variables)}: ${close.error.message}`
            : null
        }
      />
      <FormSuccess message={closed} />
    </section>
  );
}
