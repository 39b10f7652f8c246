import { expect, it } from "vitest";
import { dateSequence } from "../../../domain/dates.js";
import type { Availability } from "../../../domain/schemas/availability.js";
import { type ChartGeometry, cellAtPoint, dragTarget, mayAutoScroll, typeLanes } from "./chartDrag.js";
import { buildChart } from "./chartRows.js";

const room = (id: string, number: string, roomTypeId: string, roomTypeName: string) =>
  ({ id, number, roomTypeId, roomTypeName, status: "vacant", hkStatus: "clean" }) as const;

// Rows: 0 Double heading, 1 room 102, 2 room 103, 3 Double unassigned, 4 Suite heading, 5 room 101.
const dates = dateSequence("2030-03-01", 7);
const { rows } = buildChart({
  start: "2030-03-01",
  days: 7,
  dates,
  rooms: [
    room("r1", "101", "tS", "Suite"),
    room("r2", "102", "tD", "Double"),
    room("r3", "103", "tD", "Double"),
  ],
  blocks: [],
  stays: [
    {
      id: "s1",
      roomId: null,
      roomTypeId: "tD",
      code: "RES-1",
      guestName: "Lane",
      status: "booked",
      checkInDate: "2030-03-02",
      checkOutDate: "2030-03-03",
    },
  ],
} satisfies Availability);

// The chart scrolled by 20 px: the first row's top is 20 px above the bottom of a 40 px header at y 100.
const geometry: ChartGeometry = {
  bodyTop: 120,
  datesLeft: 140,
  rowHeight: 36,
  colWidth: 64,
  view: { top: 140, bottom: 400, left: 140, right: 600 },
};

it("puts a point in the row and night whose box holds it, the same answer at each box's edges", () => {
  expect(rows.map((row) => row.key)).toEqual(["type:tD", "r2", "r3", "unassigned:tD:0", "type:tS", "r1"]);
  // Row 1 spans y 156..191, night 2 spans x 268..331.
  expect(cellAtPoint(geometry, 268, 156)).toEqual({ row: 1, col: 2 });
  expect(cellAtPoint(geometry, 331.9, 191.9)).toEqual({ row: 1, col: 2 });
  expect(cellAtPoint(geometry, 332, 192)).toEqual({ row: 2, col: 3 });
});

it("reads a point over the sticky header or room column as the nearest row and night on screen", () => {
  // Over the header: the first row visible under it (row 0 is hidden under the header at this scroll).
  expect(cellAtPoint(geometry, 300, 110)).toEqual({ row: 0, col: 2 });
  expect(cellAtPoint(geometry, 60, 170)).toEqual({ row: 1, col: 0 });
  expect(cellAtPoint(geometry, 900, 900)).toEqual({ row: 7, col: 7 });
});

it("keeps a dragged stay within its room type, moved by the nights the pointer moved", () => {
  expect(typeLanes(rows, 2)).toEqual({ first: 1, last: 3 });
  expect(typeLanes(rows, 5)).toEqual({ first: 5, last: 5 });
  // Grabbed at night 3 of a stay starting at night 1, dropped over row 2 night 5: two nights later.
  expect(dragTarget(rows, 1, 1, 3, { row: 2, col: 5 })).toEqual({ row: 2, col: 3, outside: false });
  // Over the Suite heading or its room: held at the Double type's last lane, flagged.
  expect(dragTarget(rows, 1, 1, 3, { row: 4, col: 3 })).toEqual({ row: 3, col: 1, outside: true });
  expect(dragTarget(rows, 1, 1, 3, { row: 5, col: 3 })).toEqual({ row: 3, col: 1, outside: true });
  expect(dragTarget(rows, 5, 0, 0, { row: 0, col: -2 })).toEqual({ row: 5, col: -2, outside: true });
});

it("scrolls on by itself only towards more rooms of the stay's type", () => {
  expect(mayAutoScroll(rows, 1, { row: 2, col: 0 }, "bottom")).toBe(true);
  expect(mayAutoScroll(rows, 1, { row: 3, col: 0 }, "bottom")).toBe(false);
  expect(mayAutoScroll(rows, 1, { row: 5, col: 0 }, "bottom")).toBe(false);
  expect(mayAutoScroll(rows, 2, { row: 2, col: 0 }, "top")).toBe(true);
  expect(mayAutoScroll(rows, 2, { row: 1, col: 0 }, "top")).toBe(false);
  expect(mayAutoScroll(rows, 2, { row: 0, col: 4 }, null)).toBe(true);
});
