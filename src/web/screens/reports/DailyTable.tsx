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
  return (
    <details className="daily-details" open={open} onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary>Daily figures (table)</summary>
      <DataTable
        wrap
        aria-label="Daily occupancy"
        columns={[
          "Date",
          numeric("Rooms"),
          numeric("Blocked"),
          numeric("Sold"),
          numeric("Occupancy %"),
          numeric("ADR"),
          numeric("Revenue"),
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
