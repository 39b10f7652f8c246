/**
 * Reports, in two views a tab apart (`?view=day-close` keeps the second in the URL). Occupancy
 * (docs/product.md#reports-and-occupancy): occupancy figures for [From, To), the daily chart with its table,
 * and the window's CSV. The server computes every figure with the shared domain rule; this screen only
 * formats them. Nothing is asked for until the window is a valid one that has stopped changing. Day close:
 * the closed days and their reports (DayCloseReport).
 */
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { REPORT_DEFAULT_DAYS } from "../../../domain/constants.js";
import { addDays } from "../../../domain/dates.js";
import type { OccupancyReport } from "../../../domain/schemas/reports.js";
import { occupancyCsvPath, useOccupancyDaily } from "../../api/manager.js";
import { useProperty, usePropertyToday } from "../../api/property.js";
import { useOccupancyReport } from "../../api/resources.js";
import { DateField } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { PageHeader } from "../../components/PageHeader.js";
import { useMoney } from "../../components/useMoney.js";
import { useSettled } from "../../components/useSettled.js";
import { DailyTable } from "./DailyTable.js";
import { DayCloseReport } from "./DayCloseReport.js";
import { dailyFigures } from "./dailyFigures.js";
import { OccupancyChart } from "./OccupancyChart.js";
import { CHOOSE_BOTH_DATES, reportWindowProblem, reportWindowWords } from "./reportWindow.js";
import "./reports.css";

/** Typing pause before a changed window is asked for (as the Reservations search waits). */
const WINDOW_SETTLE_MS = 250;

const VIEWS = [
  { view: "occupancy", label: msg`Occupancy`, search: "" },
  { view: "day-close", label: msg`Day close`, search: "?view=day-close" },
] as const;

export default function ReportsScreen() {
  const [params] = useSearchParams();
  const view = params.get("view") === "day-close" ? "day-close" : "occupancy";
  const { t } = useLingui();
  const tabs = (
    <nav className="report-tabs print-hidden" aria-label={t`Reports`}>
      {VIEWS.map((item) => (
        <Link
          key={item.view}
          to={{ search: item.search }}
          aria-current={item.view === view ? "page" : undefined}
        >
          {t(item.label)}
        </Link>
      ))}
    </nav>
  );
  return view === "day-close" ? <DayCloseReport tabs={tabs} /> : <OccupancyView tabs={tabs} />;
}

function OccupancyView({ tabs }: { tabs: ReactNode }) {
  const today = usePropertyToday();
  const { id } = useProperty();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(() => addDays(today, REPORT_DEFAULT_DAYS));
  const problem = reportWindowProblem(from, to);
  const period = `${from}/${to}`;
  const settled = useSettled(period, WINDOW_SETTLE_MS);
  const ready = problem === null && settled === period;
  const report = useOccupancyReport(from, to, ready);
  const daily = useOccupancyDaily(from, to, ready);
  const [tableOpen, setTableOpen] = useState(false);
  const { t } = useLingui();

  return (
    <>
      <PageHeader title={t`Reports`}>
        {problem === null ? (
          <a className="button" href={occupancyCsvPath(id, from, to)} download>
            <Trans>Export CSV</Trans>
          </a>
        ) : null}
      </PageHeader>
      {tabs}
      <section className="panel" aria-label={t`Report period`}>
        <div className="form-grid report-range">
          <DateField label={t`From`} value={from} onValue={setFrom} />
          <DateField
            label={t`To`}
            value={to}
            onValue={setTo}
            hint={t`Exclusive: the report covers the nights up to the day before.`}
          />
        </div>
      </section>
      {problem === CHOOSE_BOTH_DATES ? (
        <p className="empty">{reportWindowWords(problem)}</p>
      ) : problem ? (
        <FormError message={reportWindowWords(problem)} />
      ) : report.isError ? (
        <FormError message={report.error.message} />
      ) : report.data ? (
        <>
          <Figures report={report.data} />
          <Daily query={daily} from={from} to={to} tableOpen={tableOpen} onToggleTable={setTableOpen} />
        </>
      ) : (
        <p className="empty">
          <Trans>Loading...</Trans>
        </p>
      )}
    </>
  );
}

function Daily({
  query,
  from,
  to,
  tableOpen,
  onToggleTable,
}: {
  query: ReturnType<typeof useOccupancyDaily>;
  from: string;
  to: string;
  tableOpen: boolean;
  onToggleTable: (open: boolean) => void;
}) {
  const money = useMoney();
  const { currency } = useProperty();
  const figures = useMemo(() => dailyFigures(query.data ?? []), [query.data]);
  const { t } = useLingui();
  const last = addDays(to, -1);
  return (
    <section className="panel stack" aria-labelledby="daily-heading">
      <h2 id="daily-heading">
        <Trans>Daily occupancy</Trans>
      </h2>
      {query.isError ? (
        <FormError message={query.error.message} />
      ) : query.data ? (
        <>
          <OccupancyChart
            figures={figures}
            currency={currency}
            label={t`Chart of occupancy % per day from ${from} to ${last}, with ADR and revenue; the figures are in the table below.`}
          />
          <DailyTable figures={figures} money={money} open={tableOpen} onToggle={onToggleTable} />
        </>
      ) : (
        <p className="muted">
          <Trans>Loading...</Trans>
        </p>
      )}
    </section>
  );
}

function Figures({ report }: { report: OccupancyReport }) {
  const money = useMoney();
  const { t } = useLingui();
  const { soldRoomNights: sold, rooms, days } = report;
  const available = rooms * days;
  // Counts are written as the numbers they are ("{available}", not "#"): English has no thousands separator
  // here, and says "room-nights" even of one.
  const cards = [
    {
      title: t`Occupancy %`,
      value: `${report.occupancyPct.toFixed(2)}%`,
      detail: t({
        message: plural(available, {
          one: `${sold} of ${available} room-nights`,
          other: `${sold} of ${available} room-nights`,
        }),
      }),
    },
    {
      title: t`Sold Room-Nights`,
      value: String(Math.round(report.soldRoomNights)),
      detail: t`${plural(rooms, { one: `${rooms} room`, other: `${rooms} rooms` })} × ${plural(days, { one: `${days} day`, other: `${days} days` })}`,
    },
    { title: t`ADR`, value: money(report.adr), detail: t`Average daily rate` },
    { title: t`RevPAR`, value: money(report.revpar), detail: t`Revenue per available room` },
  ];
  return (
    <section className="cards" aria-label={t`Occupancy figures`}>
      {cards.map((card) => (
        <article className="card" key={card.title} aria-label={card.title}>
          <h2 className="stat-label">{card.title}</h2>
          <p className="stat-value">{card.value}</p>
          <p className="muted stat-detail">{card.detail}</p>
        </article>
      ))}
    </section>
  );
}
