/**
 * Which day a manager may close next, as far as the property record tells (src/server/modules/day-close/
 * service.ts `nextOpenDay`): the day after the last closed one, or before any close the property's first day,
 * the earlier of the day it was made and its earliest arrival. Only a day before today closes. The server
 * decides: a refusal (another manager closed it first, an earlier stay than the screen knows of) is shown.
 */
import { addDays } from "../../../domain/dates.js";

export type DueDay =
  /** `date` may be closed now. */
  | { date: string }
  /** Nothing to close: `next`, the first open day, is today (it closes once it is over). */
  | { date: null; next: string };

export function dueDay({
  closedThrough,
  createdDay,
  today,
  arrivalsYesterday,
}: {
  closedThrough: string | null;
  /** The day the property was made, in its time zone. */
  createdDay: string;
  today: string;
  /** Whether a stay arrived yesterday (asked only while nothing is closed and the property is new today). */
  arrivalsYesterday: boolean;
}): DueDay {
  const yesterday = addDays(today, -1);
  let next: string;
  if (closedThrough) next = addDays(closedThrough, 1);
  else if (createdDay < today) next = createdDay;
  // Made today, yet a stay arrived yesterday (its time zone moved east since): that day is the first.
  else next = arrivalsYesterday ? yesterday : today;
  return next < today ? { date: next } : { date: null, next };
}

/** Whether `dueDay` needs to know of yesterday's arrivals: nothing closed yet, the property made today. */
export function needsArrivalsYesterday(closedThrough: string | null, createdDay: string, today: string) {
  return closedThrough === null && createdDay >= today;
}
