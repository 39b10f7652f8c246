/**
 * The rate calendar's model: one row for "All" and one per room type, one cell per date, each with the
 * price a night sells at and the restrictions in force. Prices and restrictions come from the domain's
 * rules (pricing.ts, restrictions.ts), the same ones that price and refuse stays, so the calendar cannot
 * disagree with a booking's total.
 */
import { dateSequence, daysBetween, type IsoDate, weekdayOf } from "../../../domain/dates.js";
import { nightlyRateLookup } from "../../../domain/pricing.js";
import { isStopSell, minStayEntry } from "../../../domain/restrictions.js";
import type { RateOverride } from "../../../domain/schemas/rate-overrides.js";
import type { RoomType } from "../../../domain/schemas/room-types.js";

/** Dates the calendar shows at once, and pages by. */
export const RATE_CALENDAR_DAYS = 30;

/** A row's room type; id null is the "All" row, which has no base rate of its own. */
export type CalendarRoomType = { id: string | null; name: string; baseRate: number | null };

export type CalendarCell = {
  date: IsoDate;
  /** What the night sells at; null on the "All" row when no override there sets a price. */
  price: number | null;
  stopSell: boolean;
  /** Minimum stay for arrivals that night (1 = none). */
  minLOS: number;
  /** This row's own override of the date (not one inherited from "All"), to edit or delete. */
  override: RateOverride | undefined;
};

export type CalendarRow = { roomType: CalendarRoomType; cells: CalendarCell[] };

/** The English names the model gives the "All" row and a type without a name; `shownTypeName` shows them. */
export const ALL_NAME = "All";
export const UNNAMED = "(unnamed)";

const ALL_ROOM_TYPES: CalendarRoomType = { id: null, name: ALL_NAME, baseRate: null };

function byDate(overrides: readonly RateOverride[]): Map<IsoDate, RateOverride[]> {
  const nights = new Map<IsoDate, RateOverride[]>();
  for (const override of overrides) {
    const night = nights.get(override.date);
    if (night) night.push(override);
    else nights.set(override.date, [override]);
  }
  return nights;
}

/** Rows for `dates`: "All" first, then the room types in the order given. */
export function buildRateCalendar(
  dates: readonly IsoDate[],
  roomTypes: readonly RoomType[],
  overrides: readonly RateOverride[],
): CalendarRow[] {
  const priceOf = nightlyRateLookup(overrides);
  const nights = byDate(overrides);
  const rowTypes = [
    ALL_ROOM_TYPES,
    ...roomTypes.map((type) => ({ id: type.id, name: type.name || UNNAMED, baseRate: type.baseRate })),
  ];
  return rowTypes.map((roomType) => ({
    roomType,
    cells: dates.map((date) => {
      const night = nights.get(date) ?? [];
      return {
        date,
        price: priceOf(date, roomType.id, roomType.baseRate),
        stopSell: isStopSell(night, roomType.id),
        minLOS: minStayEntry(night, roomType.id)?.minLOS ?? 1,
        override: night.find((o) => o.roomTypeId === roomType.id),
      };
    }),
  }));
}

/** The calendar's dates from `start`. */
export function calendarDates(start: IsoDate): IsoDate[] {
  return dateSequence(start, RATE_CALENDAR_DAYS);
}

/** The dates of [from, to] (both included) on the chosen weekdays: the nights a bulk edit writes. */
export function bulkEditDates(from: IsoDate, to: IsoDate, weekdays: readonly number[]): IsoDate[] {
  if (from > to) return [];
  const chosen = new Set(weekdays);
  return dateSequence(from, daysBetween(from, to) + 1).filter((date) => chosen.has(weekdayOf(date)));
}
