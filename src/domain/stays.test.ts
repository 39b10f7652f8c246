import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RESERVATION_STATUSES, type ReservationStatus } from "./constants.js";
import { addDays, compareIsoDates } from "./dates.js";
import {
  checkOutDateOnDeparture,
  editableFields,
  generateReservationCode,
  nextStatuses,
  nightsBetween,
  transitionRefusal,
} from "./stays.js";

const stay = (checkInDate: string, checkOutDate: string) => ({ checkInDate, checkOutDate });

describe("nightsBetween", () => {
  it.each([
    // Calendar nights, over month and year ends and February of leap and other years.
    ["2026-03-01", "2026-03-02", 1],
    ["2026-03-01", "2026-03-05", 4],
    ["2026-01-30", "2026-02-02", 3],
    ["2025-12-30", "2026-01-02", 3],
    ["2028-02-28", "2028-03-01", 2],
    ["2027-02-28", "2027-03-01", 1],
    // Whole across New York's DST weekends (23- and 25-hour days).
    ["2026-03-07", "2026-03-09", 2],
    ["2026-10-31", "2026-11-02", 2],
    // At least one night.
    ["2026-03-05", "2026-03-05", 1],
    ["2026-03-05", "2026-03-01", 1],
  ])("%s to %s is %i night(s)", (checkIn, checkOut, nights) => {
    expect(nightsBetween(checkIn, checkOut)).toBe(nights);
  });
});

describe("transitionRefusal", () => {
  const allowed = new Set([
    "booked>checked_in",
    "booked>cancelled",
    "booked>no_show",
    "checked_in>checked_out",
    "checked_in>cancelled",
  ]);
  const pairs = RESERVATION_STATUSES.flatMap((from) => RESERVATION_STATUSES.map((to) => [from, to] as const));
  // Inside the stay, with a room: only the status decides.
  const inside = { ...stay("2030-03-10", "2030-03-13"), hasRoom: true, today: "2030-03-11" };

  it("covers all 25 pairs", () => {
    expect(pairs).toHaveLength(25);
  });

  it.each(pairs)("%s -> %s", (from: ReservationStatus, to: ReservationStatus) => {
    expect(transitionRefusal(from, to, inside) === null).toBe(allowed.has(`${from}>${to}`));
    expect(nextStatuses(from).includes(to)).toBe(allowed.has(`${from}>${to}`));
  });

  it("check-in needs a room and a day inside the stay", () => {
    const at = (today: string, hasRoom = true) =>
      transitionRefusal("booked", "checked_in", { ...inside, today, hasRoom });
    expect(at("2030-03-09")).toBe("Check-in opens on the arrival date, 2030-03-10");
    expect(at("2030-03-10")).toBeNull();
    expect(at("2030-03-12")).toBeNull();
    expect(at("2030-03-13")).toMatch(/2030-03-13/);
    expect(at("2030-03-11", false)).toBe("Assign a room before checking the guest in");
  });

  it("a no-show is recorded from the arrival date on", () => {
    const at = (today: string) => transitionRefusal("booked", "no_show", { ...inside, today });
    expect(at("2030-03-09")).toMatch(/2030-03-10/);
    expect(at("2030-03-10")).toBeNull();
    expect(at("2030-04-01")).toBeNull();
  });

  it("cancel never depends on the date (fast-check)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), fc.boolean(), (offset, hasRoom) => {
        const today = addDays("2030-03-10", offset);
        for (const from of RESERVATION_STATUSES) {
          const refused = transitionRefusal(from, "cancelled", { ...inside, today, hasRoom });
          expect(refused === null).toBe(from === "booked" || from === "checked_in");
        }
      }),
    );
  });
});

describe("checkOutDateOnDeparture", () => {
  it("ends an early departure today, never below one night, and keeps a late one's dates (fast-check)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: -5, max: 40 }), (nights, offset) => {
        const s = stay("2030-06-01", addDays("2030-06-01", nights));
        const today = addDays("2030-06-01", offset);
        const out = checkOutDateOnDeparture(s, today);
        expect(compareIsoDates(out, s.checkInDate)).toBeGreaterThan(0);
        expect(compareIsoDates(out, s.checkOutDate)).toBeLessThanOrEqual(0);
        if (compareIsoDates(today, s.checkOutDate) >= 0) expect(out).toBe(s.checkOutDate);
        else if (offset >= 1) expect(out).toBe(today);
        else expect(out).toBe("2030-06-02");
      }),
    );
  });
});

describe("editableFields", () => {
  it("lets a booked stay change everything, a checked-in one its guests, departure and room, the rest guests only", () => {
    expect(editableFields("booked")).toEqual(expect.arrayContaining(["checkInDate", "roomTypeId", "roomId"]));
    expect(editableFields("checked_in")).not.toContain("checkInDate");
    expect(editableFields("checked_in")).not.toContain("roomTypeId");
    expect(editableFields("checked_in")).toEqual(
      expect.arrayContaining(["checkOutDate", "roomId", "adults"]),
    );
    for (const status of ["checked_out", "cancelled", "no_show"] as const) {
      expect(editableFields(status)).toEqual(["guestName", "guestPhone", "guestEmail"]);
    }
  });
});

describe("generateReservationCode", () => {
  it("is RES- plus five characters from A-Z0-9", () => {
    const sequence = [0, 25, 26, 35, 7];
    let i = 0;
    const bounds: number[] = [];
    const code = generateReservationCode((max) => {
      bounds.push(max);
      return sequence[i++] ?? 0;
    });
    expect(code).toBe("RES-AZ09H");
    expect(bounds).toEqual([36, 36, 36, 36, 36]);
  });

  it("matches the format with Math.random", () => {
    for (let n = 0; n < 200; n++) {
      const code = generateReservationCode((max) => Math.floor(Math.random() * max));
      expect(code).toMatch(/^RES-[A-Z0-9]{5}$/);
    }
  });

  it.each([-1, 36, 1.5, Number.NaN])("rejects a random source returning %d", (bad) => {
    expect(() => generateReservationCode(() => bad)).toThrow(RangeError);
  });
});
