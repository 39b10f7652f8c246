/**
 * Dragging a stay on the tape chart to another room or dates. The drag library only starts the drag (after
 * 6 px, so a click still opens the stay) and scrolls near the edges; where the stay lands comes from the
 * pointer's own position through one hit-test (chartDrag.ts), recomputed as the pointer moves and as the chart
 * scrolls. The row it paints as highlighted is the row the drop uses, whatever the speed of the drag.
 */
import {
  type AutoScrollOptions,
  type DragStartEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { daysBetween } from "../../../domain/dates.js";
import type { AvailabilityStay } from "../../../domain/schemas/availability.js";
import {
  type Cell,
  type ChartGeometry,
  cellAtPoint,
  type DragTarget,
  dragTarget,
  mayAutoScroll,
} from "./chartDrag.js";
import type { ChartRow } from "./chartRows.js";

export type StayDrag = {
  stay: AvailabilityStay;
  fromRow: number;
  startCol: number;
  span: number;
  grabCol: number;
  target: DragTarget;
};

/** The share of the scrolling box near its edges where the chart scrolls by itself during a drag. */
const EDGE = 0.15;

export function useStayDrag({
  rows,
  stayRow,
  dates,
  rowHeight,
  scrollRef,
  headRef,
  bodyRef,
  onDrop,
}: {
  rows: readonly ChartRow[];
  stayRow: ReadonlyMap<string, number>;
  dates: readonly string[];
  rowHeight: number;
  scrollRef: RefObject<HTMLElement | null>;
  headRef: RefObject<HTMLElement | null>;
  bodyRef: RefObject<HTMLElement | null>;
  onDrop: (drag: StayDrag) => void;
}) {
  const [drag, setDrag] = useState<StayDrag | null>(null);
  const current = useRef<StayDrag | null>(null);
  const pointer = useRef({ x: 0, y: 0 });
  const cell = useRef<Cell>({ row: 0, col: 0 });
  const justDragged = useRef(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  const geometry = useCallback((): ChartGeometry | null => {
    const scroll = scrollRef.current?.getBoundingClientRect();
    const head = headRef.current?.getBoundingClientRect();
    const first = headRef.current?.querySelector(".fd-date")?.getBoundingClientRect();
    const room = headRef.current?.querySelector(".fd-room")?.getBoundingClientRect();
    const body = bodyRef.current?.getBoundingClientRect();
    if (!scroll || !head || !first || !room || !body) return null;
    return {
      bodyTop: body.top,
      datesLeft: first.left,
      rowHeight,
      colWidth: first.width,
      view: {
        top: Math.max(head.bottom, 0),
        bottom: Math.min(scroll.bottom, window.innerHeight),
        left: Math.max(room.right, 0),
        right: Math.min(scroll.right, window.innerWidth),
      },
    };
  }, [scrollRef, headRef, bodyRef, rowHeight]);

  // Where the stay lands now: the one answer both the painting and the drop read.
  const aim = useCallback(() => {
    const now = current.current;
    const box = geometry();
    if (!now || !box) return;
    cell.current = cellAtPoint(box, pointer.current.x, pointer.current.y);
    const target = dragTarget(rows, now.fromRow, now.startCol, now.grabCol, cell.current);
    if (
      target.row === now.target.row &&
      target.col === now.target.col &&
      target.outside === now.target.outside
    )
      return;
    current.current = { ...now, target };
    setDrag(current.current);
  }, [geometry, rows]);

  const dragging = drag !== null;
  useEffect(() => {
    if (!dragging) return;
    const move = (event: PointerEvent) => {
      pointer.current = { x: event.clientX, y: event.clientY };
      aim();
    };
    // Capture: before the drag library's own listener reports the move.
    window.addEventListener("pointermove", move, true);
    window.addEventListener("scroll", aim, true);
    return () => {
      window.removeEventListener("pointermove", move, true);
      window.removeEventListener("scroll", aim, true);
    };
  }, [dragging, aim]);

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const stay = (active.data.current as { stay: AvailabilityStay }).stay;
    const fromRow = stayRow.get(stay.id) ?? 0;
    const { clientX, clientY } = activatorEvent as globalThis.PointerEvent;
    pointer.current = { x: clientX, y: clientY };
    const box = geometry();
    const startCol = daysBetween(dates[0] ?? stay.checkInDate, stay.checkInDate);
    const grabCol = box ? cellAtPoint(box, clientX, clientY).col : startCol;
    cell.current = { row: fromRow, col: grabCol };
    current.current = {
      stay,
      fromRow,
      startCol,
      grabCol,
      span: daysBetween(stay.checkInDate, stay.checkOutDate),
      target: { row: fromRow, col: startCol, outside: false },
    };
    setDrag(current.current);
  };
  const stop = () => {
    current.current = null;
    setDrag(null);
  };
  const onDragEnd = () => {
    const last = current.current;
    stop();
    // The click that ends a drag must not also open the stay.
    justDragged.current = true;
    setTimeout(() => {
      justDragged.current = false;
    }, 0);
    if (last) onDrop(last);
  };

  // Never scroll the chart past the first or last room of the stay's type (chartDrag.ts, mayAutoScroll).
  const autoScroll: AutoScrollOptions = {
    threshold: { x: EDGE, y: EDGE },
    canScroll: (element) => {
      const now = current.current;
      if (!now) return true;
      const box =
        element === document.scrollingElement
          ? { top: 0, bottom: window.innerHeight }
          : element.getBoundingClientRect();
      const zone = (box.bottom - box.top) * EDGE;
      const y = pointer.current.y;
      const edge = y < box.top + zone ? "top" : y > box.bottom - zone ? "bottom" : null;
      return mayAutoScroll(rows, now.fromRow, cell.current, edge);
    },
  };

  return { drag, sensors, autoScroll, onDragStart, onDragEnd, onDragCancel: stop, justDragged };
}
