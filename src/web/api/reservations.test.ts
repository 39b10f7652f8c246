import { describe, expect, it } from "vitest";
import {
  hasFilters,
  NO_FILTERS,
  parseStatuses,
  reservationListPath,
  reservationsCsvPath,
} from "./reservations.js";

const PID = "4f1c1d7e-0000-4000-8000-000000000000";

describe("parseStatuses", () => {
  it("keeps the known statuses of a comma-separated value, in the domain's order, once each", () => {
    expect(parseStatuses("checked_in, booked,booked")).toEqual(["booked", "checked_in"]);
  });
  it.each([null, "", "all", "BOOKED", ",,"])("reads %j as no status filter", (value) => {
    expect(parseStatuses(value)).toEqual([]);
  });
});

describe("reservationListPath", () => {
  it("asks for the plain list when nothing is filtered", () => {
    expect(reservationListPath(PID, NO_FILTERS, { limit: 100 })).toBe(
      `/api/properties/${PID}/reservations?limit=100`,
    );
  });
  it("sends the trimmed search, the statuses and the cursor together, so pages stay filtered", () => {
    const path = reservationListPath(
      PID,
      { q: "  Priya & Co ", statuses: ["booked", "checked_in"] },
      { limit: 100, before: "abc" },
    );
    const url = new URL(path, "http://localhost");
    expect(url.pathname).toBe(`/api/properties/${PID}/reservations`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: "100",
      q: "Priya & Co",
      status: "booked,checked_in",
      before: "abc",
    });
  });
  it("leaves out a search of blanks", () => {
    expect(reservationListPath(PID, { q: "   ", statuses: [] }, { limit: 1 })).not.toContain("q=");
  });
});

describe("hasFilters", () => {
  it("is false for blanks and no statuses, true otherwise", () => {
    expect(hasFilters({ q: " ", statuses: [] })).toBe(false);
    expect(hasFilters({ q: "x", statuses: [] })).toBe(true);
    expect(hasFilters({ q: "", statuses: ["cancelled"] })).toBe(true);
  });
});

describe("reservationsCsvPath", () => {
  it("exports with the list's filters and without its paging", () => {
    const path = reservationsCsvPath(PID, { q: " Rao ", statuses: ["booked"] });
    const url = new URL(path, "http://localhost");
    expect(url.pathname).toBe(`/api/properties/${PID}/exports/reservations.csv`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: "Rao", status: "booked" });
  });
  it("is the plain export when nothing is filtered", () => {
    expect(reservationsCsvPath(PID, NO_FILTERS)).toBe(`/api/properties/${PID}/exports/reservations.csv`);
  });
});
