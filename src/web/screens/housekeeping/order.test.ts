import { expect, it } from "vitest";
import type { HkStatus } from "../../../domain/constants.js";
import { filterRooms, floorsOf, marksOf, nextHkAction, orderRooms, taskRank } from "./order.js";

const room = (number: string, hkStatus: HkStatus, floor = 1) => ({
  id: `r${number}`,
  number,
  hkStatus,
  floor,
});

it("puts departures still to clean first, then dirty, in progress, clean and inspected rooms", () => {
  const rooms = [
    room("110", "inspected"),
    room("109", "clean"),
    room("108", "in_progress"),
    room("107", "dirty"),
    room("10", "dirty"),
    room("106", "clean"), // guest still in, leaving today: cleaned after they go
    room("105", "dirty"), // guest gone today, not cleaned yet
    room("104", "inspected"), // guest gone today and the room already done
    room("103", "clean"), // arrival today: first among the clean rooms
  ];
  const marks = marksOf({
    date: "2030-04-03",
    departures: [
      { roomId: "r106", left: false },
      { roomId: "r105", left: true },
      { roomId: "r104", left: true },
    ],
    arrivals: ["r103", "r107"],
  });
  expect(orderRooms(rooms, marks).map((r) => r.number)).toEqual([
    "105",
    "106",
    "107",
    "10",
    "108",
    "103",
    "109",
    "104",
    "110",
  ]);
  expect(marks("r106")).toEqual({ departure: "due", arrival: false });
  expect(marks("r999")).toEqual({ departure: null, arrival: false });
  expect(taskRank("inspected", { departure: "due", arrival: false })).toBe(0);
});

it("orders by number alone before the day is known", () => {
  const rooms = [room("12", "clean"), room("2", "clean"), room("3", "dirty")];
  expect(orderRooms(rooms, marksOf(undefined)).map((r) => r.number)).toEqual(["3", "2", "12"]);
});

it("filters by status and floor, and lists the floors that have rooms", () => {
  const rooms = [room("101", "dirty"), room("102", "clean"), room("201", "dirty", 2), room("G1", "dirty", 0)];
  expect(filterRooms(rooms, { status: "dirty", floor: null }).map((r) => r.number)).toEqual([
    "101",
    "201",
    "G1",
  ]);
  expect(filterRooms(rooms, { status: "all", floor: 2 }).map((r) => r.number)).toEqual(["201"]);
  expect(filterRooms(rooms, { status: "clean", floor: 2 })).toEqual([]);
  expect(floorsOf(rooms)).toEqual([0, 1, 2]);
});

it("offers one next step per status with the product's button labels", () => {
  expect(nextHkAction("dirty")).toEqual({ status: "in_progress", label: "In Progress" });
  expect(nextHkAction("in_progress")).toEqual({ status: "clean", label: "Mark Clean" });
  expect(nextHkAction("clean")).toEqual({ status: "inspected", label: "Inspected" });
  expect(nextHkAction("inspected")).toEqual({ status: "dirty", label: "Mark Dirty" });
});
