/**
 * One row of the rate calendar: the room type, then a cell per date. Memoized, so moving the focus or opening
 * a dialog re-renders at most the rows it touches.
 */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { memo } from "react";
import { weekdayOf } from "../../../domain/dates.js";
import { useDateWords } from "../../i18n/format.js";
import type { NightToEdit } from "./OverrideEditDialog.js";
import { type CalendarCell, type CalendarRow, RATE_CALENDAR_DAYS } from "./rateCalendar.js";
import { useTypeName } from "./typeName.js";

export type Position = { row: number; col: number };

export function dayClass(date: string, today: string): string {
  const weekday = weekdayOf(date);
  return [weekday === 0 || weekday === 6 ? "weekend" : "", date === today ? "today" : ""].join(" ").trim();
}

export const CalendarRowView = memo(function CalendarRowView({
  row,
  rowIndex,
  activeCol,
  canEdit,
  today,
  price,
  onOpen,
  onMove,
}: {
  row: CalendarRow;
  rowIndex: number;
  activeCol: number;
  canEdit: boolean;
  today: string;
  price: (amount: number) => string;
  onOpen: (night: NightToEdit) => void;
  onMove: (to: Position) => void;
}) {
  const { roomType } = row;
  const typeName = useTypeName();
  const name = typeName(roomType);
  const base = roomType.baseRate === null ? null : price(roomType.baseRate);
  return (
    <tr>
      <th scope="row" className="rate-type">
        <span className="rate-type-name">{name}</span>
        {base === null ? null : (
          <span className="muted">
            <Trans>base {base}</Trans>
          </span>
        )}
      </th>
      {row.cells.map((cell, col) => {
        const content = <CellContent rowName={name} cell={cell} price={price} />;
        return (
          <td key={cell.date} className={cellClass(cell, today)}>
            {canEdit ? (
              <button
                type="button"
                className="rate-cell"
                data-cell={`${rowIndex}:${col}`}
                tabIndex={col === activeCol ? 0 : -1}
                onClick={() => onOpen({ date: cell.date, roomType, override: cell.override })}
                onKeyDown={(event) => {
                  const to = nextPosition(event.key, rowIndex, col);
                  if (!to) return;
                  event.preventDefault();
                  onMove(to);
                }}
              >
                {content}
              </button>
            ) : (
              <span className="rate-cell">{content}</span>
            )}
          </td>
        );
      })}
    </tr>
  );
});

/**
 * A cell: the price and short marks as seen, and for screen readers one sentence with the row, the date and
 * what each mark means. The sentence contains every visible word ("Stop", "2+"), so voice control users
 * can say what they see (WCAG 2.5.3).
 */
function CellContent({
  rowName,
  cell,
  price,
}: {
  rowName: string;
  cell: CalendarCell;
  price: (amount: number) => string;
}) {
  const { t } = useLingui();
  const words = useDateWords();
  const weekday = words.weekday(cell.date);
  const night = cell.date;
  const rate = cell.price === null ? t`no rate set` : price(cell.price);
  const spoken = [t`${rowName}, ${weekday} ${night}: ${rate}`];
  if (cell.override) spoken.push(t`own override`);
  if (cell.stopSell) spoken.push(t`Stop sell`);
  if (cell.minLOS > 1) {
    const nights = cell.minLOS;
    spoken.push(
      t({ message: plural(nights, { one: "#+ night minimum stay", other: "#+ nights minimum stay" }) }),
    );
  }
  return (
    <>
      <span className="visually-hidden">{spoken.join(", ")}</span>
      <span className="rate-price" aria-hidden="true">
        {cell.price === null ? "—" : price(cell.price)}
      </span>
      {cell.stopSell || cell.minLOS > 1 ? (
        <span className="rate-marks" aria-hidden="true">
          {cell.stopSell ? (
            <span className="rate-mark stop">
              <Trans>Stop</Trans>
            </span>
          ) : null}
          {cell.minLOS > 1 ? <span className="rate-mark los">{cell.minLOS}+</span> : null}
        </span>
      ) : null}
    </>
  );
}

function cellClass(cell: CalendarCell, today: string): string {
  return [dayClass(cell.date, today), cell.override ? "own" : "", cell.stopSell ? "stopped" : ""]
    .join(" ")
    .trim();
}

function nextPosition(key: string, row: number, col: number): Position | null {
  switch (key) {
    case "ArrowRight":
      return { row, col: col + 1 };
    case "ArrowLeft":
      return { row, col: col - 1 };
    case "ArrowDown":
      return { row: row + 1, col };
    case "ArrowUp":
      return { row: row - 1, col };
    case "Home":
      return { row, col: 0 };
    case "End":
      return { row, col: RATE_CALENDAR_DAYS - 1 };
    default:
      return null;
  }
}
