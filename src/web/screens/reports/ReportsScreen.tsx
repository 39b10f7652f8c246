/**
 * Reports (SPEC §2, §9): occupancy figures for [From, To). The server computes every figure with the shared
 * domain rule; this screen only formats them.
 */
import { useState } from "react";
import { REPORT_DEFAULT_DAYS } from "../../../domain/constants.js";
import { addDays } from "../../../domain/dates.js";
import type { OccupancyReport } from "../../../domain/schemas.js";
import { usePropertyToday } from "../../api/property.js";
import { useOccupancyReport } from "../../api/resources.js";
import { InputField } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { PageHeader } from "../../components/PageHeader.js";
import { useMoney } from "../../components/useMoney.js";

export default function ReportsScreen() {
  const today = usePropertyToday();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(() => addDays(today, REPORT_DEFAULT_DAYS));
  const report = useOccupancyReport(from, to);

  return (
    <>
      <PageHeader title="Reports" />
      <section className="panel" aria-label="Report period">
        <div className="form-grid report-range">
          <InputField
            label="From"
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
          />
          <InputField
            label="To"
            type="date"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            hint="Exclusive: the report covers the nights up to the day before."
          />
        </div>
      </section>
      {report.isError ? (
        <FormError message={report.error.message} />
      ) : report.data ? (
        <Figures report={report.data} />
      ) : (
        <p className="empty">{from && to ? "Loading..." : "Choose both dates."}</p>
      )}
    </>
  );
}

function Figures({ report }: { report: OccupancyReport }) {
  const money = useMoney();
  const available = report.rooms * report.days;
  const cards = [
    {
      title: "Occupancy %",
      value: `${report.occupancyPct.toFixed(2)}%`,
      detail: `${report.soldRoomNights} of ${available} room-nights`,
    },
    {
      title: "Sold Room-Nights",
      value: String(Math.round(report.soldRoomNights)),
      detail: `${report.rooms} ${report.rooms === 1 ? "room" : "rooms"} × ${report.days} ${report.days === 1 ? "day" : "days"}`,
    },
    { title: "ADR", value: money(report.adr), detail: "Average daily rate" },
    { title: "RevPAR", value: money(report.revpar), detail: "Revenue per available room" },
  ];
  return (
    <section className="cards" aria-label="Occupancy figures">
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
