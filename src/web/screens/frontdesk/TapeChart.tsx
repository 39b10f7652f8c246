/**
 * The Front Desk tape chart (docs/product.md#front-desk-tape-chart): rooms grouped by type down the side,
 * nights across, each stay one bar. Click or drag over free nights to book, click a stay to open it, drag a
 * stay to another room or dates to move it (after a confirmation), or do all of it from the keyboard. Rows
 * are virtualized (fixed height, sticky header and room column), so 1,000 rooms scroll as smoothly as 10.
 */
import { DndContext } from "@dnd-kit/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type CSSProperties, memo, type PointerEvent, useEffect, useMemo, useRef } from "react";
import { addDays, formatMonthDay } from "../../../domain/dates.js";
import type { Availability, AvailabilityStay } from "../../../domain/schemas/availability.js";
import { notify } from "../../components/notices.js";
import { usePrinting } from "../../components/usePrinting.js";
import { useDateWords } from "../../i18n/format.js";
import { type CellRange, ChartRowView } from "./ChartRowView.js";
import { buildChart, type LaneRow, stayLabel } from "./chartRows.js";
import { useChartWords } from "./chartWords.js";
import { allFree, cellOf, selectionRange, useChartKeyboard } from "./useChartKeyboard.js";
import { useRemoveBlock } from "./useRemoveBlock.js";
import { type StayDrag, useStayDrag } from "./useStayDrag.js";

/** Keep in step with --fd-row-h and --fd-head-h in frontdesk.css. */
const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 40;

/** Free nights picked for a booking: a room (or only a type) and the dates. */
export type BookingPick = {
  roomId: string | null;
  /** The room's number, to name it (null for a type's unassigned lane). */
  roomNumber: string | null;
  roomTypeId: string | null;
  checkInDate: string;
  checkOutDate: string;
};
/** A stay dropped somewhere else: where it would go. */
export type MovePick = BookingPick & { stay: AvailabilityStay; fromLabel: string; toLabel: string };

type Props = {
  availability: Availability;
  today: string;
  onBook: (pick: BookingPick) => void;
  onOpenStay: (stayId: string) => void;
  onMove: (pick: MovePick) => void;
};

/** The box of `.fd-scroll` before it is measured: keep in step with its max-height in frontdesk.css. */
const initialScrollRect = () => ({
  width: window.innerWidth,
  height: Math.max(160, window.innerHeight - 210),
});

/** Every row, in the virtualizer's item shape, for printing. */
const allRows = (rows: readonly { key: string }[]) =>
  rows.map((row, index) => ({ index, key: row.key, start: 0 }));

export const TapeChart = memo(function TapeChart({ availability, today, onBook, onOpenStay, onMove }: Props) {
  const { dates } = availability;
  const chart = useMemo(() => buildChart(availability), [availability]);
  const { rows } = chart;
  const days = useMemo(() => dates.map(formatMonthDay), [dates]);
  // Translated once per language and window, never per cell: the rows read them ready-made.
  const { t } = useLingui();
  const words = useChartWords();
  const dateWords = useDateWords();
  const weekdays = useMemo(() => dates.map((date) => dateWords.weekday(date)), [dates, dateWords]);
  const scrollRef = useRef<HTMLElement>(null);
  // Paper has no scrolling: a print gets every row, not the window the virtualizer keeps.
  const printing = usePrinting();
  const headRef = useRef<HTMLTableRowElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.key ?? index,
    scrollMargin: HEADER_HEIGHT,
    overscan: 8,
    // The chart's first render already holds the rows in view: without it the virtualizer renders as if
    // its box were empty, measures the box (a forced layout of the page) and renders again.
    initialRect: initialScrollRect(),
  });

  const book = (lane: LaneRow, range: CellRange) => {
    const start = dates[0];
    if (!start) return;
    onBook({
      roomId: lane.kind === "room" ? lane.room.id : null,
      roomNumber: lane.kind === "room" ? lane.room.number : null,
      roomTypeId: lane.kind === "room" ? lane.room.roomTypeId : lane.roomTypeId,
      checkInDate: addDays(start, range.from),
      checkOutDate: addDays(start, range.to + 1),
    });
  };
  const todayCol = Math.max(0, dates.indexOf(today));
  const keyboard = useChartKeyboard({
    rows,
    days: dates.length,
    container: scrollRef,
    scrollToRow: (row) => virtualizer.scrollToIndex(row, { align: "auto" }),
    initialCol: todayCol,
    onBook: book,
  });
  const { selection, setSelection } = keyboard;

  // Drag over free nights of one lane to pick the dates (a click is a one-night pick).
  const picking = useRef(false);
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    const at = cellOf(event.target, "td.free[data-cell]");
    if (!at || event.button !== 0) return;
    // Touch pointers are captured by the cell they start on; release so the others see the pointer enter.
    (event.target as HTMLElement).releasePointerCapture?.(event.pointerId);
    picking.current = true;
    setSelection({ row: at.row, anchor: at.col, focus: at.col });
  };
  const onPointerOver = (event: PointerEvent<HTMLElement>) => {
    if (!picking.current || !selection) return;
    const at = cellOf(event.target, "td[data-cell]");
    const lane = rows[selection.row];
    if (at?.row !== selection.row || !lane || lane.kind === "type") return;
    if (at.col !== selection.focus && allFree(lane, selection.anchor, at.col))
      setSelection({ ...selection, focus: at.col });
  };
  useEffect(() => {
    const finish = () => {
      if (!picking.current) return;
      picking.current = false;
      setSelection((current) => {
        const lane = current ? rows[current.row] : undefined;
        if (current && lane && lane.kind !== "type")
          queueMicrotask(() => book(lane, selectionRange(current)));
        return null;
      });
    };
    window.addEventListener("pointerup", finish);
    return () => window.removeEventListener("pointerup", finish);
  });

  // Drag a stay to another lane and/or dates: a ghost shows where it lands; dropping asks to confirm.
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const drop = ({ stay, fromRow, startCol, target }: StayDrag) => {
    const lane = rows[target.row];
    const from = rows[fromRow];
    if (!lane || lane.kind === "type" || !from || from.kind === "type") return;
    if (target.outside) {
      notify(
        t`A stay is dragged only between rooms of its type. To change its room type, open it and choose Move.`,
        "error",
      );
      return;
    }
    const shift = target.col - startCol;
    if (target.row === fromRow && shift === 0) return;
    onMove({
      stay,
      roomId: lane.kind === "room" ? lane.room.id : null,
      roomNumber: lane.kind === "room" ? lane.room.number : null,
      roomTypeId: lane.kind === "room" ? lane.room.roomTypeId : lane.roomTypeId,
      checkInDate: addDays(stay.checkInDate, shift),
      checkOutDate: addDays(stay.checkOutDate, shift),
      fromLabel: words.lane(from),
      toLabel: words.lane(lane),
    });
  };
  const { drag, sensors, autoScroll, onDragStart, onDragEnd, onDragCancel, justDragged } = useStayDrag({
    rows,
    stayRow: chart.stayRow,
    dates,
    rowHeight: ROW_HEIGHT,
    scrollRef,
    headRef,
    bodyRef,
    onDrop: drop,
  });
  const removeBlock = useRemoveBlock(rows);

  const onClick = (event: React.MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const bar = target.closest<HTMLElement>("button[data-stay]");
    if (bar?.dataset.stay && !justDragged.current) onOpenStay(bar.dataset.stay);
    const block = target.closest<HTMLElement>("button[data-block]");
    if (block) removeBlock(cellOf(block));
  };

  return (
    <DndContext
      sensors={sensors}
      autoScroll={autoScroll}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{
        screenReaderInstructions: {
          draggable: t`Press Enter to open this stay. To move it with the keyboard, choose Move in its details.`,
        },
        announcements: {
          onDragStart: () => {
            if (!drag) return t`Moving the stay.`;
            const name = stayLabel(drag.stay);
            return t`Moving ${name}.`;
          },
          onDragOver: () => undefined,
          onDragMove: () => undefined,
          onDragEnd: () => t`Dropped: confirm the move.`,
          onDragCancel: () => t`Move cancelled.`,
        },
      }}
    >
      <section
        className={drag?.target.outside ? "fd-scroll fd-drag-outside" : "fd-scroll"}
        ref={scrollRef}
        tabIndex={-1}
        aria-label={t`Rooms and dates`}
        onKeyDown={keyboard.onKeyDown}
        onFocus={(event) => keyboard.onFocusCell(event.target)}
        onPointerDown={onPointerDown}
        onPointerOver={onPointerOver}
        onClick={onClick}
      >
        <table
          aria-label={t`Availability`}
          aria-rowcount={rows.length + 1}
          aria-colcount={dates.length + 1}
          aria-describedby="fd-help"
          className="fd-grid"
          style={{ "--fd-days": dates.length } as CSSProperties}
        >
          <thead className="fd-head">
            <tr aria-rowindex={1} className="fd-row" ref={headRef}>
              <th scope="col" className="fd-room">
                <Trans>Room</Trans>
              </th>
              {dates.map((date, i) => (
                <th
                  scope="col"
                  key={date}
                  title={`${weekdays[i]} ${date}`}
                  data-weekday={weekdays[i]}
                  className={date === today ? "fd-date today" : "fd-date"}
                >
                  {days[i]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody
            ref={bodyRef}
            className={printing ? "fd-body printing" : "fd-body"}
            style={printing ? undefined : { height: virtualizer.getTotalSize() }}
          >
            {(printing ? allRows(rows) : virtualizer.getVirtualItems()).map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const here = item.index;
              return (
                <ChartRowView
                  key={item.key}
                  row={row}
                  rowIndex={here}
                  top={printing ? null : item.start - HEADER_HEIGHT}
                  days={days}
                  words={words}
                  activeCol={keyboard.active.row === here ? keyboard.active.col : null}
                  selection={selection?.row === here ? selectionRange(selection) : null}
                  preview={drag?.target.row === here ? { col: drag.target.col, span: drag.span } : null}
                  draggingId={drag && chart.stayRow.get(drag.stay.id) === here ? drag.stay.id : null}
                />
              );
            })}
          </tbody>
        </table>
      </section>
      <p id="fd-help" className="visually-hidden">
        <Trans>
          Arrow keys move between nights and rooms. Enter on a free night books it; Shift with the left or
          right arrow picks several nights. Enter on a stay opens it.
        </Trans>
      </p>
    </DndContext>
  );
});
