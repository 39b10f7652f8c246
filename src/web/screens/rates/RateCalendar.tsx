/**
 * The rate calendar (docs/product.md#pricing-and-rate-overrides): "All" and each room type down the side, 30
 * dates across, paged; each cell shows what the night sells at and marks stop sell and a minimum stay. A
 * manager edits a cell by clicking it (or Enter on it); the arrow keys move between cells, so the grid is one
 * stop in the tab order.
 */
import { Plural, Trans } from "@lingui/react/macro";
import { useCallback, useId, useMemo, useRef, useState } from "react";
import { addDays } from "../../../domain/dates.js";
import type { RoomType } from "../../../domain/schemas/room-types.js";
import { useRateOverrideWindow } from "../../api/manager.js";
import { usePropertyToday } from "../../api/property.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { useMoney } from "../../components/useMoney.js";
import { useDateWords } from "../../i18n/format.js";
import { BulkRateDialog } from "./BulkRateDialog.js";
import { type NightToEdit, OverrideEditDialog } from "./OverrideEditDialog.js";
import { CalendarRowView, dayClass, type Position } from "./RateCalendarRow.js";
import { buildRateCalendar, calendarDates, RATE_CALENDAR_DAYS } from "./rateCalendar.js";

export function RateCalendar({ roomTypes, canEdit }: { roomTypes: RoomType[]; canEdit: boolean }) {
  const today = usePropertyToday();
  const [start, setStart] = useState(today);
  const dates = useMemo(() => calendarDates(start), [start]);
  const end = addDays(start, RATE_CALENDAR_DAYS);
  const overrides = useRateOverrideWindow(start, end);
  const rows = useMemo(
    () => buildRateCalendar(dates, roomTypes, overrides.data ?? []),
    [dates, roomTypes, overrides.data],
  );
  const [editing, setEditing] = useState<NightToEdit | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [active, setActive] = useState<Position>({ row: 0, col: 0 });
  const grid = useRef<HTMLTableSectionElement>(null);
  const headingId = useId();
  const money = useMoney();
  const words = useDateWords();
  const days = RATE_CALENDAR_DAYS;
  const first = dates[0];
  const last = dates.at(-1);
  // Whole amounts without ".00", so a cell stays narrow; others keep their minor digits (€94.50).
  const price = useCallback((amount: number) => money(amount, { short: true }), [money]);

  const open = useCallback((night: NightToEdit) => {
    setSaved(null);
    setEditing(night);
  }, []);
  const move = useCallback(
    (to: Position) => {
      const row = Math.max(0, Math.min(rows.length - 1, to.row));
      const col = Math.max(0, Math.min(RATE_CALENDAR_DAYS - 1, to.col));
      setActive({ row, col });
      grid.current?.querySelector<HTMLElement>(`[data-cell="${row}:${col}"]`)?.focus();
    },
    [rows.length],
  );

  return (
    <section className="panel rate-calendar" aria-labelledby={headingId}>
      <div className="rate-calendar-head">
        <h2 id={headingId}>
          <Trans>Rate calendar</Trans>
        </h2>
        <p className="muted rate-calendar-range">
          <Trans>
            {first} to {last}
          </Trans>
        </p>
        <div className="actions">
          <button
            type="button"
            className="button small"
            onClick={() => setStart(addDays(start, -RATE_CALENDAR_DAYS))}
          >
            <Plural value={days} one="Previous # day" other="Previous # days" />
          </button>
          <button
            type="button"
            className="button small"
            onClick={() => setStart(today)}
            disabled={start === today}
          >
            <Trans>Today</Trans>
          </button>
          <button
            type="button"
            className="button small"
            onClick={() => setStart(addDays(start, RATE_CALENDAR_DAYS))}
          >
            <Plural value={days} one="Next # day" other="Next # days" />
          </button>
          {canEdit ? (
            <button
              type="button"
              className="button small primary"
              onClick={() => {
                setSaved(null);
                setBulkOpen(true);
              }}
            >
              <Trans>Bulk edit</Trans>
            </button>
          ) : null}
        </div>
      </div>
      <FormError message={overrides.error?.message} />
      <div className="rate-calendar-scroll">
        <table
          className="rate-grid"
          aria-labelledby={headingId}
          aria-busy={overrides.isPending || overrides.isPlaceholderData}
        >
          <thead>
            <tr>
              <th scope="col" className="rate-type">
                <Trans>Room type</Trans>
              </th>
              {dates.map((date) => (
                <th
                  scope="col"
                  key={date}
                  className={dayClass(date, today)}
                  aria-current={date === today ? "date" : undefined}
                >
                  <span className="rate-wd">{words.weekday(date)}</span>
                  <span className="rate-md">{date.slice(5)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={grid}>
            {rows.map((row, index) => (
              <CalendarRowView
                key={row.roomType.id ?? "all"}
                row={row}
                rowIndex={index}
                activeCol={Math.min(active.row, rows.length - 1) === index ? active.col : -1}
                canEdit={canEdit}
                today={today}
                price={price}
                onOpen={open}
                onMove={move}
              />
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted rate-legend">
        <Trans>
          <span className="rate-mark stop">Stop</span> stop sell · <span className="rate-mark los">2+</span>{" "}
          minimum stay in nights · <strong>bold</strong>: the row's own override
        </Trans>
      </p>
      <FormSuccess message={saved} />
      {editing ? (
        <OverrideEditDialog night={editing} onSaved={setSaved} onClose={() => setEditing(null)} />
      ) : null}
      {bulkOpen ? (
        <BulkRateDialog
          roomTypes={roomTypes}
          from={dates[0] ?? start}
          to={dates.at(-1) ?? start}
          onSaved={setSaved}
          onClose={() => setBulkOpen(false)}
        />
      ) : null}
    </section>
  );
}
