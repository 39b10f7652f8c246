import { expect, it } from "vitest";
import { dateSequence } from "../../../domain/dates.js";
import type { Availability, AvailabilityStay } from "../../../domain/schemas/availability.js";
import { buildChart, type ChartRow, NO_TYPE, segmentAt } from "./chartRows.js";

const room = (id: string, number: string, roomTypeId: string | null, roomTypeName: string | null) =>
  ({ id, number, roomTypeId, roomTypeName, status: "vacant", hkStatus: "clean" }) as const;

function availability(stays: Partial<AvailabilityStay>[], blocks: Availability["blocks"] = []): Availability {
  const dates = dateSequence("2026-02-26", 5); // 02-26 .. 03-02, across a month end
  return {
    start: dates[0] as string,
    days: dates.length,
    dates,
    rooms: [
      room("r1", "101", "tS", "Suite"),
      room("r2", "102", "tD", "Double"),
      room("r3", "103", "tD", "Double"),
      room("r4", "104", null, null),
    ],
    blocks,
    stays: stays.map((stay, i) => ({
      id: `s${i}`,
      roomId: "r2",
      roomTypeId: "tD",
      code: `RES-${i}`,
      guestName: "",
      status: "booked",
      checkInDate: "2026-02-26",
      checkOutDate: "2026-02-27",
      ...stay,
    })),
  };
}

/** One letter per column: "." free, the stay's id's digit, "#" a block; a bar shows as its id repeated. */
function picture(row: ChartRow | undefined): string {
  if (!row || row.kind === "type") return "";
  return row.segments
    .map((s) => (s.kind === "free" ? "." : (s.kind === "stay" ? s.stay.id.slice(1) : "#").repeat(s.span)))
    .join("");
}
const keys = (rows: ChartRow[]) => rows.map((row) => row.key);

it("groups rooms under their type by name, rooms without a type last", () => {
  const { rows } = buildChart(availability([]));
  expect(keys(rows)).toEqual(["type:tD", "r2", "r3", "type:tS", "r1", "type:", "r4"]);
  expect(rows.find((r) => r.key === "type:")).toMatchObject({ name: NO_TYPE, rooms: 1 });
});

it("makes each stay one bar across its nights, clipped to the window", () => {
  const { rows, stayRow } = buildChart(
    availability([
      { checkInDate: "2026-02-20", checkOutDate: "2026-02-27" }, // before the window, leaves on day 2
      { checkInDate: "2026-02-27", checkOutDate: "2026-03-01" }, // across the month end
      { checkInDate: "2026-03-02", checkOutDate: "2026-03-09" }, // runs past the window
      { checkInDate: "2026-03-03", checkOutDate: "2026-03-04" }, // after the window: not on the chart
    ]),
  );
  const r2 = rows.find((r) => r.key === "r2");
  expect(picture(r2)).toBe("011.2");
  expect(stayRow.get("s1")).toBe(rows.indexOf(r2 as ChartRow));
  expect(stayRow.has("s3")).toBe(false);
  if (r2?.kind !== "room") throw new Error("room row expected");
  expect(segmentAt(r2, 2)).toMatchObject({ kind: "stay", col: 1, span: 2 });
  expect(segmentAt(r2, 3)).toMatchObject({ kind: "free", col: 3 });
});

it("puts stays without a room in their type's Unassigned rows, as few as overlap", () => {
  const { rows } = buildChart(
    availability([
      { roomId: null, checkInDate: "2026-02-26", checkOutDate: "2026-02-28" },
      { roomId: null, checkInDate: "2026-02-27", checkOutDate: "2026-03-01" },
      { roomId: null, checkInDate: "2026-02-28", checkOutDate: "2026-03-02" },
      { roomId: null, roomTypeId: null, checkInDate: "2026-02-26", checkOutDate: "2026-02-27" },
    ]),
  );
  expect(keys(rows)).toEqual([
    "type:tD",
    "r2",
    "r3",
    "unassigned:tD:0",
    "unassigned:tD:1",
    "type:tS",
    "r1",
    "type:",
    "r4",
    "unassigned::0",
  ]);
  expect(picture(rows[3])).toBe("0022.");
  expect(picture(rows[4])).toBe(".11..");
  expect(picture(rows[9])).toBe("3....");
});

it("counts a type's free rooms per night: held stays and blocks count, checked-out stays do not", () => {
  const { rows } = buildChart(
    availability(
      [
        { roomId: "r2", checkInDate: "2026-02-26", checkOutDate: "2026-02-28" },
        { roomId: null, checkInDate: "2026-02-27", checkOutDate: "2026-02-28" },
        { roomId: "r3", status: "checked_out", checkInDate: "2026-02-26", checkOutDate: "2026-02-27" },
        { roomId: "r3", status: "checked_in", checkInDate: "2026-02-27", checkOutDate: "2026-03-01" },
      ],
      [{ id: "b1", roomId: "r2", startDate: "2026-03-01", endDate: "2026-03-05", reason: "Paint" }],
    ),
  );
  expect(rows[0]).toMatchObject({ kind: "type", rooms: 2, free: [1, -1, 1, 1, 1] });
  expect(picture(rows[1])).toBe("00.##");
  expect(picture(rows[2])).toBe("233..");
});
