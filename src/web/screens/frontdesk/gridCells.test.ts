import { expect, it } from "vitest";
import { dateSequence } from "../../../domain/dates.js";
import type { Availability, AvailabilityStay } from "../../../domain/schemas.js";
import { buildCells, isBlock, type RoomCells } from "./gridCells.js";

const ROOM = { id: "r1", number: "101", roomTypeName: null, status: "vacant", hkStatus: "clean" } as const;

function grid(stays: Partial<AvailabilityStay>[]): Availability {
  const dates = dateSequence("2026-02-26", 5); // 02-26 .. 03-02, across a month end
  return {
    start: dates[0] as string,
    days: dates.length,
    dates,
    rooms: [ROOM, { ...ROOM, id: "r2", number: "102" }],
    blocks: [],
    stays: stays.map((stay, i) => ({
      id: `s${i}`,
      roomId: "r1",
      code: `RES-${i}`,
      guestName: "",
      status: "booked",
      checkInDate: "",
      checkOutDate: "",
      ...stay,
    })),
  };
}

// Array.from, not map: a row is a sparse array, and map skips its holes.
const ids = (row: RoomCells | undefined) => row && Array.from(row, (stay) => stay?.id ?? "-");

it("places each stay on the nights it holds inside the window, the check-out day free", () => {
  const cells = buildCells(
    grid([
      { checkInDate: "2026-02-20", checkOutDate: "2026-02-27" }, // from before the window
      { checkInDate: "2026-02-28", checkOutDate: "2026-03-01" }, // one night, across the month end
      { checkInDate: "2026-03-02", checkOutDate: "2026-03-09" }, // past the window
      { roomId: "r2", checkInDate: "2026-01-01", checkOutDate: "2026-12-31" }, // spans it all
    ]),
  );
  expect(ids(cells.get("r1"))).toEqual(["s0", "-", "s1", "-", "s2"]);
  expect(ids(cells.get("r2"))).toEqual(["s3", "s3", "s3", "s3", "s3"]);
});

it("ignores stays outside the window and of rooms not shown, and keeps the first of two on one night", () => {
  const cells = buildCells(
    grid([
      { checkInDate: "2026-02-20", checkOutDate: "2026-02-26" }, // ends as the window starts
      { checkInDate: "2026-03-03", checkOutDate: "2026-03-05" }, // starts after it
      { roomId: "gone", checkInDate: "2026-02-26", checkOutDate: "2026-02-28" },
      { checkInDate: "2026-02-27", checkOutDate: "2026-02-28" },
      { checkInDate: "2026-02-27", checkOutDate: "2026-02-28" },
    ]),
  );
  expect(ids(cells.get("r1"))).toEqual(["-", "s3", "-", "-", "-"]);
  expect(cells.has("gone")).toBe(false);
});

it("places a block on its nights, grey cells the grid tells apart from stays", () => {
  const availability = grid([]);
  availability.blocks = [
    { id: "b1", roomId: "r1", startDate: "2026-02-27", endDate: "2026-03-01", reason: "Paint" },
  ];
  const row = buildCells(availability).get("r1") ?? [];
  const blocked = Array.from(row, (cell) => (cell && isBlock(cell) ? cell.reason : null));
  expect(blocked.slice(0, 4)).toEqual([null, "Paint", "Paint", null]);
});
