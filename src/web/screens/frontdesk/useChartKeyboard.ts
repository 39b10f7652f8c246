/**
 * The tape chart from the keyboard: one tab stop (a roving focus), arrows move between nights and rows
 * (type headings are skipped), Home/End go to the row's ends, Shift+←/→ picks free nights, Enter books the
 * picked nights or opens a stay (a stay is a button), Escape drops the pick. DOM focus follows the active
 * cell only while focus is inside the chart, so a live update never steals it.
 */
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { CellRange } from "./ChartRowView.js";
import { type ChartRow, type LaneRow, segmentAt } from "./chartRows.js";

type Active = { row: number; col: number };
type Selection = { row: number; anchor: number; focus: number };

export const selectionRange = (s: Selection): CellRange => ({
  from: Math.min(s.anchor, s.focus),
  to: Math.max(s.anchor, s.focus),
});

/** Whether every night from `from` to `to` (inclusive) of a lane is free. */
export function allFree(row: LaneRow, from: number, to: number): boolean {
  for (let col = Math.min(from, to); col <= Math.max(from, to); col++) {
    if (segmentAt(row, col)?.kind !== "free") return false;
  }
  return true;
}

/** The row and column of the chart cell (or stay bar) at or around `target`, from its `data-cell`. */
export function cellOf(target: EventTarget | null, selector = "[data-cell]"): Active | undefined {
  const cell = (target as HTMLElement | null)?.closest<HTMLElement>(selector)?.dataset.cell;
  const [row, col] = (cell ?? "").split(":").map(Number);
  if (row === undefined || col === undefined || Number.isNaN(row) || Number.isNaN(col)) return undefined;
  return { row, col };
}

const isLane = (row: ChartRow | undefined): row is LaneRow => row !== undefined && row.kind !== "type";

export function useChartKeyboard({
  rows,
  days,
  container,
  scrollToRow,
  initialCol,
  onBook,
}: {
  rows: ChartRow[];
  days: number;
  container: RefObject<HTMLElement | null>;
  scrollToRow: (row: number) => void;
  initialCol: number;
  onBook: (row: LaneRow, range: CellRange) => void;
}) {
  const firstLane = rows.findIndex(isLane);
  const [active, setActive] = useState<Active>({ row: Math.max(0, firstLane), col: initialCol });
  const [selection, setSelection] = useState<Selection | null>(null);
  const wantFocus = useRef(false);

  // Rows change with every live update: keep the active cell on a lane row inside the window.
  const row = isLane(rows[active.row]) ? active.row : Math.max(0, firstLane);
  const col = Math.min(Math.max(0, active.col), Math.max(0, days - 1));

  const focusActive = useCallback(() => {
    const lane = rows[row];
    if (!isLane(lane)) return false;
    const segment = segmentAt(lane, col);
    const target = container.current?.querySelector<HTMLElement>(
      `[data-cell="${row}:${segment?.col ?? col}"]`,
    );
    if (!target) return false;
    target.focus({ preventScroll: false });
    return true;
  }, [rows, row, col, container]);

  // After a move, focus the new cell once it is rendered (the virtualizer may first have to scroll to it).
  useEffect(() => {
    if (!wantFocus.current) return;
    if (focusActive()) wantFocus.current = false;
  });

  const moveTo = (nextRow: number, nextCol: number) => {
    wantFocus.current = true;
    scrollToRow(nextRow);
    setActive({ row: nextRow, col: nextCol });
  };

  const laneFrom = (start: number, step: 1 | -1) => {
    for (let i = start + step; i >= 0 && i < rows.length; i += step) if (isLane(rows[i])) return i;
    return start;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const lane = rows[row];
    if (!isLane(lane)) return;
    const segment = segmentAt(lane, col);
    const key = event.key;
    if (event.shiftKey && (key === "ArrowLeft" || key === "ArrowRight")) {
      const next = col + (key === "ArrowRight" ? 1 : -1);
      const anchor = selection?.row === row ? selection.anchor : col;
      if (next >= 0 && next < days && allFree(lane, anchor, next)) {
        setSelection({ row, anchor, focus: next });
        moveTo(row, next);
      }
      event.preventDefault();
      return;
    }
    let nextRow = row;
    let nextCol = col;
    if (key === "ArrowRight") nextCol = segment ? segment.col + segment.span : col + 1;
    else if (key === "ArrowLeft") nextCol = segment ? segment.col - 1 : col - 1;
    else if (key === "ArrowDown") nextRow = laneFrom(row, 1);
    else if (key === "ArrowUp") nextRow = laneFrom(row, -1);
    else if (key === "Home") nextCol = 0;
    else if (key === "End") nextCol = days - 1;
    else if (key === "PageDown") nextRow = laneFrom(Math.min(rows.length - 1, row + 10), -1) || row;
    else if (key === "PageUp") nextRow = laneFrom(Math.max(0, row - 10), 1);
    else if (key === "Escape") {
      setSelection(null);
      return;
    } else if ((key === "Enter" || key === " ") && segment?.kind === "free") {
      event.preventDefault();
      const range = selection?.row === row ? selectionRange(selection) : { from: col, to: col };
      setSelection(null);
      onBook(lane, range);
      return;
    } else return;
    event.preventDefault();
    if (nextCol < 0 || nextCol >= days) return;
    setSelection(null);
    moveTo(nextRow, nextCol);
  };

  /** Focus entering a cell (by click or tab) makes it the active one. */
  const onFocusCell = (target: HTMLElement) => {
    const at = cellOf(target);
    if (!at) return;
    const { row: r, col: c } = at;
    if (r !== row || c !== col) {
      // A stay's bar sits in its first night; keep the column the user came from if it is in the stay.
      const lane = rows[r];
      const segment = isLane(lane) ? segmentAt(lane, c) : undefined;
      const keep = segment && r === row && col >= segment.col && col < segment.col + segment.span;
      setActive({ row: r, col: keep ? col : c });
    }
  };

  return { active: { row, col }, selection, setSelection, onKeyDown, onFocusCell, focusActive };
}
