/**
 * The rooms × dates grid. Rows are virtualized (fixed height, sticky header and room column), and cells come
 * from a per-response Map, so 1000 rooms scroll as smoothly as 10.
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import { type CSSProperties, memo, useMemo, useRef } from "react";
import { formatMonthDay } from "../../../domain/dates.js";
import type { Availability } from "../../../domain/schemas.js";
import { buildCells, isBlock, type RoomCells, stayLabel } from "./gridCells.js";

/** Keep in step with --fd-row-h and --fd-head-h in app.css. */
const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 36;

type GridRoom = Availability["rooms"][number];

export function AvailabilityGrid({ availability, today }: { availability: Availability; today: string }) {
  const { rooms, dates } = availability;
  const cells = useMemo(() => buildCells(availability), [availability]);
  const days = useMemo(() => dates.map(formatMonthDay), [dates]);
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: rooms.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rooms[index]?.id ?? index,
    // The sticky header sits above the first row inside the scroll container.
    scrollMargin: HEADER_HEIGHT,
    overscan: 8,
  });

  return (
    // Focusable so keyboard users can scroll the grid when it is wider or taller than the screen.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1).
    <section className="fd-scroll" ref={scrollRef} tabIndex={0} aria-label="Rooms and dates">
      <table
        aria-label="Availability"
        aria-rowcount={rooms.length + 1}
        aria-colcount={dates.length + 1}
        className="fd-grid"
        style={{ "--fd-days": dates.length } as CSSProperties}
      >
        <thead className="fd-head">
          <tr aria-rowindex={1} className="fd-row">
            <th scope="col" className="fd-room">
              Room
            </th>
            {dates.map((date, i) => (
              <th
                scope="col"
                key={date}
                title={date}
                className={date === today ? "fd-date today" : "fd-date"}
              >
                {days[i]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="fd-body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const room = rooms[item.index];
            if (!room) return null;
            return (
              <GridRow
                key={item.key}
                room={room}
                rowIndex={item.index + 2}
                top={item.start - HEADER_HEIGHT}
                days={days}
                cells={cells.get(room.id) ?? []}
              />
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

type GridRowProps = { room: GridRoom; rowIndex: number; top: number; days: string[]; cells: RoomCells };

/** Memoized: while scrolling only the rows entering the window render; the others keep identical props. */
const GridRow = memo(function GridRow({ room, rowIndex, top, days, cells }: GridRowProps) {
  return (
    <tr aria-rowindex={rowIndex} className="fd-row" style={{ transform: `translateY(${top}px)` }}>
      <th scope="row" className="fd-room" title={`Room ${room.number}`}>
        <strong>{room.number}</strong>
        {room.roomTypeName ? <span className="muted">{room.roomTypeName}</span> : null}
      </th>
      {days.map((day, i) => {
        const stay = cells[i];
        if (!stay)
          return <td key={day} className="fd-cell" aria-label={`Room ${room.number}, ${day}: free`} />;
        if (isBlock(stay)) {
          const blocked = `Room ${room.number}, ${day}: out of order${stay.reason ? ` (${stay.reason})` : ""}`;
          return (
            <td key={day} className="fd-cell blocked" title={blocked} aria-label={blocked}>
              <bdi className="fd-stay">{stay.reason || "Out of order"}</bdi>
            </td>
          );
        }
        const label = stayLabel(stay);
        const description = `Room ${room.number}, ${day}: ${label} (${stay.status})`;
        const starts = cells[i - 1] !== stay;
        const ends = cells[i + 1] !== stay;
        return (
          <td
            key={day}
            className={`fd-cell stay${starts ? " starts" : ""}${ends ? " ends" : ""}`}
            data-status={stay.status}
            title={description}
            aria-label={description}
          >
            <bdi className="fd-stay">{label}</bdi>
          </td>
        );
      })}
    </tr>
  );
});
