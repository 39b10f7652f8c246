/**
 * Which stays belong to a day's arrivals, departures and in-house lists, for the Front Desk's board and the
 * printable daily lists (docs/product.md#front-desk-tape-chart). The board is the desk's work: arrivals still
 * to check in, departures still to check out (and those already gone, marked), guests in the house. On
 * another day than today the same lists read as what the day held or is expected to hold.
 */
import { i18n } from "@lingui/core";
import { t } from "@lingui/core/macro";
import type { ReservationStatus } from "../../../domain/constants.js";
import { formatLongDate } from "../../../domain/dates.js";
import type { DateFilter } from "../../api/reservations.js";
import { localeOf } from "../../i18n/format.js";

export type DayList = {
  /** The list's English name (a key; the screens show their own words for it). */
  title: string;
  filter: DateFilter;
  statuses: readonly ReservationStatus[];
};

/** The board's three lists on `date`, seen from `today` (both `YYYY-MM-DD` in the property's zone). */
export function boardLists(date: string, today: string): readonly DayList[] {
  const past = date < today;
  const future = date > today;
  return [
    // Checked-in guests leave Arrivals (and its count): they are in house now.
    { title: "Arrivals", filter: "arrivingOn", statuses: ["booked"] },
    {
      title: "Departures",
      filter: "departingOn",
      statuses: future ? ["booked", "checked_in"] : ["checked_in", "checked_out"],
    },
    {
      title: "In house",
      filter: "inHouseOn",
      statuses: past ? ["checked_in", "checked_out"] : future ? ["booked", "checked_in"] : ["checked_in"],
    },
  ];
}

/** The printable lists on any date: every stay that arrives, leaves or sleeps there, but not the ones called off. */
const LIVE_STAYS: readonly ReservationStatus[] = ["booked", "checked_in", "checked_out"];
export const DAY_LISTS: readonly DayList[] = [
  { title: "Arrivals", filter: "arrivingOn", statuses: LIVE_STAYS },
  { title: "Departures", filter: "departingOn", statuses: LIVE_STAYS },
  { title: "In house", filter: "inHouseOn", statuses: LIVE_STAYS },
];

/**
 * "Thursday 26 November 2026" for a `YYYY-MM-DD` in the language shown ("jueves, 26 de noviembre de 2026",
 * "गुरुवार, 26 नवंबर 2026"), whatever the viewer's time zone. Called while rendering.
 */
export function longDate(date: string): string {
  return formatLongDate(date, localeOf(i18n.locale));
}

/** How the board and the lists name their day: "Today, Thursday 26 November 2026" or the date alone. */
export function dayLabel(date: string, today: string): string {
  const day = longDate(date);
  return date === today ? t`Today, ${day}` : day;
}

/** Stays in room order, as a clerk walks the corridor (101, 102, … 110); stays without a room last. */
export function byRoom<T extends { roomNumber: string | null }>(stays: readonly T[]): T[] {
  return [...stays].sort((a, b) => {
    if (a.roomNumber === b.roomNumber) return 0;
    if (a.roomNumber === null) return 1;
    if (b.roomNumber === null) return -1;
    return a.roomNumber.localeCompare(b.roomNumber, "en", { numeric: true });
  });
}
