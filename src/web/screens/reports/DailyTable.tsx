import { Trans, useLingui } from "@lingui/react/macro";
import { DataTable, numeric } from "../../components/DataTable.js";
import type { DailyFigures } from "./dailyFigures.js";

/** The chart's figures as a table: its text alternative, and the numbers to read off exactly. */
export function DailyTable({
  figures,
  money,
  open,
  onToggle,
}: {
  figures: readonly DailyFigures[];
  money: (amount: number) => string;
  /** Kept by the screen, so the table stays open while the window changes. */
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const { t } = useLingui();
  return (
    <details className="daily-details" open={open} onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary>
        <Trans>Daily figures (table)</Trans>
      </summary>
      <DataTable
        wrap
        aria-label={t`Daily occupancy`}
        columns={[
          t`Date`,
          numeric(t`Rooms`),
          numeric(t`Blocked`),
          numeric(t`Sold`),
          numeric(t`Occupancy %`),
          numeric(t`ADR`),
          numeric(t`Revenue`),
        ]}
      >
        {figures.map((day) => (
          <tr key={day.date}>
            <th scope="row">{day.date}</th>
            <td className="num">{day.roomsAvailable}</td>
            <td className="num">{day.roomsBlocked}</td>
            <td className="num">{day.roomNightsSold}</td>
            <td className="num">{day.occupancyPct.toFixed(2)}%</td>
            <td className="num">{money(day.adr)}</td>
            <td className="num">{money(day.revenue)}</td>
          </tr>
        ))}
      </DataTable>
    </details>
  );
}
