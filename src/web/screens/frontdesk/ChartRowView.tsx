/**
 * One row of the tape chart: a room type's free counts, or a room's (or an unassigned lane's) nights with
 * each stay drawn as one bar from its first night. Every night keeps its own cell and accessible name, so
 * the table reads night by night while the eye sees one bar per stay. Memoized: while scrolling or moving
 * focus only the rows whose props change render again.
 */
import { useDraggable } from "@dnd-kit/core";
import { type CSSProperties, memo } from "react";
import type { AvailabilityStay } from "../../../domain/schemas/availability.js";
import { type ChartRow, type LaneRow, type Segment, stayLabel, type TypeRow } from "./chartRows.js";
import type { ChartWords } from "./chartWords.js";

/** Columns `from`..`to`, both included. */
export type CellRange = { from: number; to: number };
/** Where a dragged stay would land: its first column (may be before the window) and its nights. */
export type Landing = { col: number; span: number };

type RowProps = {
  row: ChartRow;
  rowIndex: number;
  /** Where the virtualizer puts the row; null when every row is laid out in order (printing). */
  top: number | null;
  days: string[];
  /** The chart's words in the language shown (one object per language, so rows stay memoized). */
  words: ChartWords;
  /** The column holding the grid's roving focus when it is in this row. */
  activeCol: number | null;
  /** Free nights being picked for a booking in this row. */
  selection: CellRange | null;
  /** Where a stay being dragged would land in this row. */
  preview: Landing | null;
  draggingId: string | null;
};

// `top`, not a transform: dnd-kit measures drop targets without their transforms.
const style = (top: number | null): CSSProperties | undefined => (top === null ? undefined : { top });

export const ChartRowView = memo(function ChartRowView(props: RowProps) {
  return props.row.kind === "type" ? (
    <TypeRowView
      row={props.row}
      rowIndex={props.rowIndex}
      top={props.top}
      days={props.days}
      words={props.words}
    />
  ) : (
    <LaneRowView {...props} row={props.row} />
  );
});

function TypeRowView({
  row,
  rowIndex,
  top,
  days,
  words,
}: {
  row: TypeRow;
  rowIndex: number;
  top: number | null;
  days: string[];
  words: ChartWords;
}) {
  const name = words.typeName(row.roomTypeId, row.name);
  return (
    <tr aria-rowindex={rowIndex + 2} className="fd-row fd-type-row" style={style(top)}>
      <th scope="row" className="fd-room">
        <strong>{name}</strong>
        <span className="muted">{words.rooms(row.rooms)}</span>
      </th>
      {days.map((day, i) => {
        const free = row.free[i] ?? 0;
        return (
          <td
            key={day}
            className={free <= 0 ? "fd-cell fd-free-count full" : "fd-cell fd-free-count"}
            aria-label={words.freeCount(name, day, free, row.rooms)}
          >
            {free}
          </td>
        );
      })}
    </tr>
  );
}

function LaneRowView({
  row,
  rowIndex,
  top,
  days,
  words,
  activeCol,
  selection,
  preview,
  draggingId,
}: RowProps & { row: LaneRow }) {
  const label = words.lane(row);
  const cells: React.ReactNode[] = [];
  for (const segment of row.segments) {
    for (let col = segment.col; col < segment.col + segment.span; col++) {
      const day = days[col] ?? "";
      const ghost = preview && col === Math.max(0, preview.col) ? preview : null;
      cells.push(
        <NightCell
          key={day}
          label={label}
          day={day}
          words={words}
          cell={`${rowIndex}:${col}`}
          segment={segment}
          first={col === segment.col}
          tabbable={
            activeCol === col ||
            (activeCol !== null &&
              segment.kind !== "free" &&
              activeCol >= segment.col &&
              activeCol < segment.col + segment.span &&
              col === segment.col)
          }
          selected={selection !== null && col >= selection.from && col <= selection.to}
          ghost={ghost ? Math.min(ghost.col + ghost.span, days.length) - col : 0}
          dragging={segment.kind === "stay" && segment.stay.id === draggingId}
        />,
      );
    }
  }
  return (
    <tr
      aria-rowindex={rowIndex + 2}
      className={`fd-row fd-lane${row.kind === "unassigned" ? " fd-unassigned" : ""}${preview ? " over" : ""}`}
      style={style(top)}
      data-row={rowIndex}
    >
      <th scope="row" className="fd-room" title={label}>
        {row.kind === "room" ? (
          <>
            <strong>{row.room.number}</strong>
            <span className={`fd-hk ${row.room.hkStatus}`} title={words.housekeeping[row.room.hkStatus]} />
          </>
        ) : (
          <>
            <strong>{words.unassigned}</strong>
            <span className="muted">{words.typeName(row.roomTypeId, row.typeName)}</span>
          </>
        )}
      </th>
      {cells}
    </tr>
  );
}

type NightProps = {
  label: string;
  day: string;
  words: ChartWords;
  cell: string;
  segment: Segment;
  first: boolean;
  tabbable: boolean;
  selected: boolean;
  ghost: number;
  dragging: boolean;
};

function NightCell({
  label,
  day,
  words,
  cell,
  segment,
  first,
  tabbable,
  selected,
  ghost,
  dragging,
}: NightProps) {
  const ghostBar =
    ghost > 0 ? <span className="fd-ghost" style={spanStyle(ghost)} aria-hidden="true" /> : null;
  if (segment.kind === "free") {
    return (
      <td
        className={selected ? "fd-cell free selected" : "fd-cell free"}
        aria-label={`${label}, ${day}: ${words.free}`}
        tabIndex={tabbable ? 0 : -1}
        data-cell={cell}
      >
        {ghostBar}
      </td>
    );
  }
  if (segment.kind === "block") {
    const text = segment.block.reason || words.outOfOrderBar;
    const name = `${label}, ${day}: ${words.outOfOrder}${segment.block.reason ? ` (${segment.block.reason})` : ""}`;
    const { block } = segment;
    return (
      <td className="fd-cell blocked" aria-label={name} title={name}>
        {first ? (
          <button
            type="button"
            className="fd-bar fd-block-bar"
            data-block={block.id}
            data-cell={cell}
            tabIndex={tabbable ? 0 : -1}
            style={spanStyle(segment.span)}
          >
            {/* The name is the visible reason first, then the rest for a screen reader. */}
            <bdi>{text}</bdi>
            <span className="visually-hidden">
              {`: ${words.block(label, block.startDate, block.endDate)}`}
            </span>
          </button>
        ) : null}
        {ghostBar}
      </td>
    );
  }
  const { stay } = segment;
  const name = `${label}, ${day}: ${stayLabel(stay)} (${words.status[stay.status]})`;
  return (
    <td className="fd-cell stay" data-status={stay.status} aria-label={name} title={name}>
      {first ? (
        <StayBar
          stay={stay}
          name={words.stay(label, stay)}
          span={segment.span}
          cell={cell}
          tabbable={tabbable}
          dragging={dragging}
        />
      ) : (
        <span className="visually-hidden">{stayLabel(stay)}</span>
      )}
      {ghostBar}
    </td>
  );
}

/** Width of a bar across `span` nights from the left of its first night's cell (cells share one width). */
const spanStyle = (span: number): CSSProperties => ({ width: `calc(${span} * (100% + 1px) - 5px)` });

function StayBar({
  stay,
  name,
  span,
  cell,
  tabbable,
  dragging,
}: {
  stay: AvailabilityStay;
  /** The bar's accessible name (chartWords.ts, stay). */
  name: string;
  span: number;
  cell: string;
  tabbable: boolean;
  dragging: boolean;
}) {
  const { setNodeRef, listeners, attributes } = useDraggable({ id: stay.id, data: { stay } });
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...attributes}
      {...listeners}
      className={`fd-bar${dragging ? " dragging" : ""}`}
      data-status={stay.status}
      data-stay={stay.id}
      data-cell={cell}
      tabIndex={tabbable ? 0 : -1}
      style={spanStyle(span)}
      aria-label={name}
    >
      <bdi>{stayLabel(stay)}</bdi>
    </button>
  );
}
