/**
 * Where a stay dragged on the tape chart lands, worked out once from the pointer: the same answer paints the
 * highlighted row and ghost and decides the drop, so a quick drag cannot land one row off what was shown (a
 * drop target measured by the drag library before the chart scrolled could). A stay stays within its room
 * type: a row of another type, or past the type's edge, lands on the type's nearest room, and the chart is
 * not scrolled past it (docs/product.md#front-desk-tape-chart).
 */
import type { ChartRow } from "./chartRows.js";

export type Cell = { row: number; col: number };

/** The chart's geometry in client pixels, as it is at this moment (it moves as the chart scrolls). */
export type ChartGeometry = {
  /** The top of the first row below the header: rows follow at `rowHeight` each. */
  bodyTop: number;
  /** The left of the first night's column: nights follow at `colWidth` each. */
  datesLeft: number;
  rowHeight: number;
  colWidth: number;
  /** The nights' part of the chart on screen: below the sticky header, right of the room column. */
  view: { top: number; bottom: number; left: number; right: number };
};

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** The row and night under a point; a point over the header or the room column counts as the nearest one. */
export function cellAtPoint(geometry: ChartGeometry, x: number, y: number): Cell {
  const { view } = geometry;
  const cy = clamp(y, view.top, Math.max(view.top, view.bottom - 1));
  const cx = clamp(x, view.left, Math.max(view.left, view.right - 1));
  return {
    row: Math.floor((cy - geometry.bodyTop) / geometry.rowHeight),
    col: Math.floor((cx - geometry.datesLeft) / geometry.colWidth),
  };
}

/** The first and last lane rows (rooms and unassigned lanes) of the room type `row` belongs to. */
export function typeLanes(rows: readonly ChartRow[], row: number): { first: number; last: number } {
  let first = row;
  while (first > 0 && rows[first - 1]?.kind !== "type") first--;
  let last = row;
  while (last < rows.length - 1 && rows[last + 1]?.kind !== "type") last++;
  return { first, last };
}

export type DragTarget = {
  row: number;
  /** The stay's new first column (may be before the window). */
  col: number;
  /** The pointer is over another room type: the stay stays at its type's edge. */
  outside: boolean;
};

/**
 * Where a stay from lane `fromRow`, starting at column `startCol`, lands when the pointer that picked it up
 * over column `grabCol` is over `pointer`: the pointer's row kept within the stay's type, the stay shifted by
 * as many nights as the pointer moved.
 */
export function dragTarget(
  rows: readonly ChartRow[],
  fromRow: number,
  startCol: number,
  grabCol: number,
  pointer: Cell,
): DragTarget {
  const { first, last } = typeLanes(rows, fromRow);
  const row = clamp(pointer.row, first, last);
  return { row, col: startCol + pointer.col - grabCol, outside: row !== pointer.row };
}

/**
 * Whether the chart may scroll on by itself while the pointer is near an edge: not once the pointer is at or
 * past the first (going up) or last (going down) room of the stay's type, so the chart never carries a stay
 * into the next type.
 */
export function mayAutoScroll(
  rows: readonly ChartRow[],
  fromRow: number,
  pointer: Cell,
  edge: "top" | "bottom" | null,
): boolean {
  if (edge === null) return true;
  const { first, last } = typeLanes(rows, fromRow);
  return edge === "top" ? pointer.row > first : pointer.row < last;
}
