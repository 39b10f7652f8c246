/**
 * A token's "Expires" date is a hotel calendar date, so the token works through the whole of that day where
 * the hotel is: it expires at the last second of the date in the property's time zone. (23:59:59Z would end
 * it at 05:29 the same morning in Kolkata, or let it run into the next afternoon in Honolulu.)
 */
import { addDays, type IsoDate, todayIn } from "../../../domain/dates.js";

const formats = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds the wall clock in `timeZone` is ahead of UTC at `instant`. */
function offsetAt(timeZone: string, instant: number): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      calendar: "gregory",
      numberingSystem: "latn",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(timeZone, format);
  }
  const part = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)] as const),
  );
  const wall = Date.UTC(
    part.year ?? 0,
    (part.month ?? 1) - 1,
    part.day ?? 1,
    part.hour ?? 0,
    part.minute ?? 0,
    part.second ?? 0,
  );
  return wall - (instant - (instant % 1000));
}

/**
 * The instant one second before `date`'s following midnight in `timeZone`, as ISO 8601 in UTC without
 * fractions ("2025-06-30T18:29:59Z" for 2025-06-30 in Asia/Kolkata). Midnight is tried with the offsets on
 * either side of a daylight-saving change that night, and the earliest that is already the next day wins:
 * where clocks jump from 00:00 to 01:00, the next day starts at 01:00.
 */
export function endOfDayIn(date: IsoDate, timeZone: string): string {
  const next = addDays(date, 1);
  const [year, month, day] = next.split("-").map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  const before = midnightAsUtc - offsetAt(timeZone, midnightAsUtc);
  const after = midnightAsUtc - offsetAt(timeZone, before);
  const starts = [before, after].filter((instant) => todayIn(timeZone, new Date(instant)) === next);
  const start = starts.length > 0 ? Math.min(...starts) : Math.max(before, after);
  return new Date(start - 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}
