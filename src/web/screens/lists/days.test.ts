import { i18n } from "@lingui/core";
import { beforeAll, expect, it } from "vitest";
import { boardLists, byRoom, DAY_LISTS, dayLabel, longDate } from "./days.js";

// The day's name is written through Lingui (in English here, as the code words it).
beforeAll(() => i18n.loadAndActivate({ locale: "en", messages: {} }));

const statuses = (date: string, today: string) =>
  Object.fromEntries(boardLists(date, today).map((list) => [list.title, list.statuses]));

it("today's board: arrivals still to check in, departures to do or done, guests checked in", () => {
  expect(statuses("2026-11-26", "2026-11-26")).toEqual({
    Arrivals: ["booked"],
    Departures: ["checked_in", "checked_out"],
    "In house": ["checked_in"],
  });
});

it("a later day's board shows who is expected; an earlier day's who stayed", () => {
  expect(statuses("2026-12-03", "2026-11-26")).toEqual({
    Arrivals: ["booked"],
    Departures: ["booked", "checked_in"],
    "In house": ["booked", "checked_in"],
  });
  expect(statuses("2026-11-19", "2026-11-26")).toEqual({
    Arrivals: ["booked"],
    Departures: ["checked_in", "checked_out"],
    "In house": ["checked_in", "checked_out"],
  });
});

it("the printable lists leave out cancelled stays and no-shows", () => {
  for (const list of DAY_LISTS) {
    expect(list.statuses).not.toContain("cancelled");
    expect(list.statuses).not.toContain("no_show");
  }
  expect(DAY_LISTS.map((list) => list.filter)).toEqual(["arrivingOn", "departingOn", "inHouseOn"]);
});

it("names the day in words, and today as today", () => {
  expect(longDate("2026-11-26")).toBe("Thursday 26 November 2026");
  expect(longDate("2027-01-01")).toBe("Friday 1 January 2027");
  expect(dayLabel("2026-11-26", "2026-11-26")).toBe("Today, Thursday 26 November 2026");
  expect(dayLabel("2026-11-27", "2026-11-26")).toBe("Friday 27 November 2026");
});

it("orders stays by room number as numbers, stays without a room last", () => {
  const rooms = (numbers: (string | null)[]) => numbers.map((roomNumber) => ({ roomNumber }));
  expect(byRoom(rooms(["110", null, "9", "101", "A2"])).map((s) => s.roomNumber)).toEqual([
    "9",
    "101",
    "110",
    "A2",
    null,
  ]);
});
