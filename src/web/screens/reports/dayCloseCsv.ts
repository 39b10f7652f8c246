/**
 * The listed closed days as CSV, made in the browser from the reports already on screen (the server has no
 * export of them). Written as the server's exports are (src/server/modules/exports/service.ts): RFC 4180
 * with CRLF between records, a byte-order mark so spreadsheet programs read UTF-8 as UTF-8, a header row,
 * money in major units with a dot in the currency's decimals, dates YYYY-MM-DD, and text cells made safe
 * from formulas by `csvText` (src/domain/csv.ts). The header and the "Closed by" words are in the language
 * shown: the screen passes them (`useDayCloseCsvWords`, DayCloseReport.tsx); English is the default.
 */
import { csvText } from "../../../domain/csv.js";
import { minorDigits } from "../../../domain/money.js";
import type { DayReport } from "../../../domain/schemas/day-closes.js";
import { paymentsTotal } from "./dayReportFigures.js";

/** The header row in English; `useDayCloseCsvWords` says each column in the language shown, in this order. */
export const DAY_CLOSE_COLUMNS = [
  "Date",
  "Rooms available",
  "Rooms blocked",
  "Room-nights sold",
  "Occupancy %",
  "ADR",
  "RevPAR",
  "Room revenue",
  "Extras revenue",
  "City tax",
  "Cash",
  "Card",
  "Bank transfer",
  "Other",
  "Refunds",
  "Payments",
  "Arrivals",
  "Departures",
  "No-shows",
  "Cancellations",
  "In house",
  "Closed at",
  "Closed by",
];

/** The words the file is written with: its header row, and who closed each day. */
export type DayCloseCsvWords = {
  columns: readonly string[];
  automatic: string;
  manager: string;
};

const ENGLISH: DayCloseCsvWords = {
  columns: DAY_CLOSE_COLUMNS,
  automatic: "Automatic",
  manager: "A manager",
};

/** A field quoted when it holds a comma, a quote or a line break, its quotes doubled (RFC 4180). */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function dayCloseCsv(
  reports: readonly DayReport[],
  currency: string,
  words: DayCloseCsvWords = ENGLISH,
): string {
  const digits = minorDigits(currency);
  const money = (amount: number) => amount.toFixed(digits);
  const rows = reports.map((day) => [
    day.date,
    String(day.roomsAvailable),
    String(day.roomsBlocked),
    String(day.roomNightsSold),
    day.occupancy.toFixed(2),
    money(day.adr),
    money(day.revpar),
    money(day.revenue.room),
    money(day.revenue.extras),
    money(day.revenue.cityTax),
    money(day.payments.cash),
    money(day.payments.card),
    money(day.payments.bank_transfer),
    money(day.payments.other),
    money(day.payments.refunds),
    money(paymentsTotal(day, currency)),
    String(day.arrivals),
    String(day.departures),
    String(day.noShows),
    String(day.cancellations),
    String(day.inHouse),
    day.closedAt,
    csvText(day.closedBy === null ? words.automatic : words.manager),
  ]);
  const records = [words.columns, ...rows].map((row) => row.map(field).join(","));
  return `\uFEFF${records.join("\r\n")}\r\n`;
}

/** The export's file name: the hotel's code and the days it covers, oldest first. */
export function dayCloseCsvName(code: string, reports: readonly DayReport[]): string {
  const first = reports.at(-1)?.date;
  const last = reports[0]?.date;
  return first && last ? `day-closes-${code}-${first}-to-${last}.csv` : `day-closes-${code}.csv`;
}

/** Hands `text` to the browser as a download named `name`. */
export function downloadCsv(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser's download by now (as src/web/api/guests.ts does).
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
