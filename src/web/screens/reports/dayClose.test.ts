import { describe, expect, it } from "vitest";
import type { DayReport } from "../../../domain/schemas/day-closes.js";
import { DAY_CLOSE_COLUMNS, dayCloseCsv, dayCloseCsvName } from "./dayCloseCsv.js";
import { paymentsTotal, revenueTotal } from "./dayReportFigures.js";

const report = (date: string, changes: Partial<DayReport> = {}): DayReport => ({
  date,
  roomsAvailable: 3,
  roomsBlocked: 0,
  roomNightsSold: 1,
  occupancy: 33.33,
  adr: 1500,
  revpar: 500,
  revenue: { room: 1500, extras: 0.1, cityTax: 0.2 },
  taxes: [],
  payments: { cash: 0.1, card: 0.2, bank_transfer: 0, other: 0, refunds: 0.05 },
  arrivals: 1,
  departures: 0,
  noShows: 0,
  cancellations: 0,
  inHouse: 1,
  closedAt: "2027-03-02T03:00:00.000Z",
  closedBy: null,
  ...changes,
});

describe("day report sums", () => {
  it("adds in minor units: payments less refunds, and the revenue", () => {
    expect(paymentsTotal(report("2027-03-01"), "INR")).toBe(0.25);
    expect(revenueTotal(report("2027-03-01"), "INR")).toBe(1500.3);
  });
});

describe("dayCloseCsv", () => {
  it("writes RFC 4180 text: a byte-order mark, the header, CRLF records, money in the currency's decimals", () => {
    const text = dayCloseCsv(
      [report("2027-03-02", { closedBy: "8f2b5c1e-0000-4000-8000-000000000000" }), report("2027-03-01")],
      "INR",
    );
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(DAY_CLOSE_COLUMNS.join(","));
    expect(lines[1]).toBe(
      "2027-03-02,3,0,1,33.33,1500.00,500.00,1500.00,0.10,0.20,0.10,0.20,0.00,0.00,0.05,0.25,1,0,0,0,1,2027-03-02T03:00:00.000Z,A manager",
    );
    expect(lines[2]?.endsWith(",Automatic")).toBe(true);
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(4);
  });
  it("writes no decimals for a currency without them", () => {
    const line = dayCloseCsv([report("2027-03-01", { adr: 1500 })], "JPY").split("\r\n")[1];
    expect(line?.split(",")[5]).toBe("1500");
  });
  it("names the file by the hotel's code and the days it covers", () => {
    expect(dayCloseCsvName("SEA", [report("2027-03-02"), report("2027-03-01")])).toBe(
      "day-closes-SEA-2027-03-01-to-2027-03-02.csv",
    );
    expect(dayCloseCsvName("SEA", [])).toBe("day-closes-SEA.csv");
  });
});
