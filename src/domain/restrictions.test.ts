import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./dates.js";
import {
  findRestriction,
  isStopSell,
  minStayEntry,
  type Restriction,
  restrictionMessage,
} from "./restrictions.js";

const TWIN = "rt-twin";
const SUITE = "rt-suite";
const stay = (checkInDate: string, nights: number, roomTypeId: string | null = TWIN) => ({
  checkInDate,
  checkOutDate: addDays(checkInDate, nights),
  roomTypeId,
});
const r = (date: string, fields: Partial<Restriction> = {}): Restriction => ({
  date,
  roomTypeId: null,
  stopSell: false,
  minLOS: 1,
  ...fields,
});

describe("stop sell", () => {
  it("refuses a stay with a stopped night, for its type or All, naming the earliest such night", () => {
    const list = [r("2027-03-12", { stopSell: true, roomTypeId: TWIN }), r("2027-03-11", { stopSell: true })];
    expect(findRestriction(stay("2027-03-10", 3), list)).toEqual({ rule: "stop_sell", date: "2027-03-11" });
    expect(findRestriction(stay("2027-03-12", 1), list)).toEqual({ rule: "stop_sell", date: "2027-03-12" });
  });

  it("ignores other types, the departure date and nights outside the stay", () => {
    const list = [
      r("2027-03-10", { stopSell: true, roomTypeId: SUITE }),
      r("2027-03-13", { stopSell: true }),
      r("2027-03-09", { stopSell: true }),
    ];
    expect(findRestriction(stay("2027-03-10", 3), list)).toBeNull();
  });

  it("applies only All restrictions to a stay without a room type", () => {
    const list = [r("2027-03-10", { stopSell: true, roomTypeId: TWIN })];
    expect(findRestriction(stay("2027-03-10", 1, null), list)).toBeNull();
    expect(
      findRestriction(stay("2027-03-10", 1, null), [r("2027-03-10", { stopSell: true })]),
    ).not.toBeNull();
  });
});

describe("minimum stay", () => {
  it("uses the arrival date's type override, else the All one", () => {
    const list = [r("2027-04-01", { minLOS: 3 }), r("2027-04-01", { minLOS: 2, roomTypeId: TWIN })];
    expect(findRestriction(stay("2027-04-01", 1), list)).toEqual({
      rule: "min_los",
      date: "2027-04-01",
      minLOS: 2,
      nights: 1,
    });
    expect(findRestriction(stay("2027-04-01", 2), list)).toBeNull();
    expect(findRestriction(stay("2027-04-01", 2, SUITE), list)).toMatchObject({ minLOS: 3 });
  });

  it("looks only at the arrival date", () => {
    expect(findRestriction(stay("2027-04-01", 1), [r("2027-04-02", { minLOS: 5 })])).toBeNull();
  });
});

describe("messages", () => {
  it("name the date and the rule", () => {
    expect(restrictionMessage({ rule: "stop_sell", date: "2027-03-11" })).toBe(
      "Stop sell on 2027-03-11: that night cannot be sold",
    );
    expect(restrictionMessage({ rule: "min_los", date: "2027-04-01", minLOS: 3, nights: 1 })).toBe(
      "Minimum stay of 3 nights for arrivals on 2027-04-01",
    );
  });
});

describe("against a direct reading of the rule (fast-check)", () => {
  it("refuses exactly the stays the rule refuses", () => {
    const date = fc.integer({ min: 0, max: 12 }).map((d) => addDays("2027-07-01", d));
    const restriction = fc.record({
      date,
      roomTypeId: fc.constantFrom(TWIN, SUITE, null),
      stopSell: fc.boolean(),
      minLOS: fc.integer({ min: 1, max: 5 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(restriction, { selector: (x) => `${x.date}|${x.roomTypeId}`, maxLength: 15 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(TWIN, SUITE, null),
        (list, start, nights, type) => {
          const s = stay(addDays("2027-07-01", start), nights, type);
          const applies = (x: Restriction) => x.roomTypeId === null || x.roomTypeId === type;
          const stopped = list.some(
            (x) => x.stopSell && applies(x) && x.date >= s.checkInDate && x.date < s.checkOutDate,
          );
          const arrival =
            list.find((x) => x.date === s.checkInDate && type !== null && x.roomTypeId === type) ??
            list.find((x) => x.date === s.checkInDate && x.roomTypeId === null);
          const tooShort = arrival !== undefined && nights < arrival.minLOS;
          expect(findRestriction(s, list) !== null).toBe(stopped || tooShort);
        },
      ),
    );
  });
});

describe("one night's restrictions (the rate calendar)", () => {
  const night = [r("2027-03-10", { minLOS: 2 }), r("2027-03-10", { roomTypeId: SUITE, minLOS: 3 })];

  it("a type's own entry sets its minimum stay, else the All entry does", () => {
    expect(minStayEntry(night, SUITE)?.minLOS).toBe(3);
    expect(minStayEntry(night, TWIN)?.minLOS).toBe(2);
    expect(minStayEntry(night, null)?.minLOS).toBe(2);
    expect(minStayEntry([], TWIN)).toBeUndefined();
  });

  it("stop sell from the type's own entry or the All entry", () => {
    const stopped = [r("2027-03-10", { roomTypeId: SUITE, stopSell: true })];
    expect(isStopSell(stopped, SUITE)).toBe(true);
    expect(isStopSell(stopped, TWIN)).toBe(false);
    expect(isStopSell(stopped, null)).toBe(false);
    expect(isStopSell([r("2027-03-10", { stopSell: true })], TWIN)).toBe(true);
  });
});
