/**
 * Calendar dates are `YYYY-MM-DD` strings (never Date objects), so a stay never shifts by a day when the
 * server and the browser disagree about time zones or when daylight saving changes.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The UTC midnight of a real calendar date in `YYYY-MM-DD` form, or null (2025-02-30 is not one: it rolls
 * over into March, which the check of the day catches). One pattern match and one Date: every stay, quote
 * and offer goes through it for each night.
 */
function calendarDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const result = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 onto 1900-1999.
  result.setUTCFullYear(year, month - 1, day);
  return result.getUTCDate() === day ? result : null;
}

/** True for a real calendar date in `YYYY-MM-DD` form (rejects 2025-02-30). */
export function isIsoDate(value: string): boolean {
  return calendarDate(value) !== null;
}

/** True when `timeZone` is an IANA zone this runtime knows (constructing the formatter throws otherwise). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

const DAY_MS = 86_400_000;

/** The UTC midnight of a calendar date; throws a RangeError for anything else. */
export function parseIsoDate(date: IsoDate): Date {
  const result = calendarDate(date);
  if (!result) throw new RangeError(`Not a calendar date: ${date}`);
  return result;
}

function toIsoDate(value: Date): IsoDate {
  const fullYear = value.getUTCFullYear();
  // Outside 0001-9999 the result could not be written as YYYY-MM-DD.
  if (!(fullYear >= 1 && fullYear <= 9999)) throw new RangeError("Date out of range");
  const year = String(fullYear).padStart(4, "0");
  const month = String(value.getUTCMonth() + 1).padStart(2, "0");
  const day = String(value.getUTCDate()).padStart(2, "0");
  return `${year}-${month}-${day}`;
}

// Building a formatter for a time zone costs far more than using one (the browser loads the zone's rules),
// and screens ask for "today" on every render: keep one per zone and kind.
const formatsByKind = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(kind: "date" | "wallClock", timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formatsByKind.get(key);
  if (!format) {
    // Pin calendar and digits so a runtime default locale cannot hand back Buddhist years or non-Latin digits.
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      calendar: "gregory",
      numberingSystem: "latn",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      ...(kind === "wallClock" && {
        hourCycle: "h23",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      }),
    });
    formatsByKind.set(key, format);
  }
  return format;
}

/**
 * The calendar date in `timeZone` at instant `now`. The hotel's "today" depends on where the hotel is, not on
 * where the server runs: at 01:30 in Kolkata the UTC date is still yesterday.
 */
export function todayIn(timeZone: string, now: Date): IsoDate {
  const parts = zoneFormat("date", timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): string => {
    const found = parts.find((p) => p.type === type);
    if (!found) throw new RangeError(`No ${type} for ${now.toISOString()} in ${timeZone}`);
    return found.value;
  };
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

// An API token's "Expires" date is a hotel calendar date, so the token works through the whole of that day
// where the hotel is: it expires at the last second of the date in the property's time zone (23:59:59Z
// would end it at 05:29 the same morning in Kolkata, or let it run into the next afternoon in Honolulu).

/** Milliseconds the wall clock in `timeZone` is ahead of UTC at `instant`. */
function offsetAt(timeZone: string, instant: number): number {
  const format = zoneFormat("wallClock", timeZone);
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

/** Pure calendar arithmetic in UTC, so a daylight-saving change can never add or lose a day. */
export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return toIsoDate(new Date(parseIsoDate(date).getTime() + days * DAY_MS));
}

/**
 * The same day `months` calendar months later (earlier when negative), held to the month's last day: one month
 * after 31 January is 28 or 29 February.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  if (!Number.isInteger(months)) throw new RangeError(`Not a whole number of months: ${months}`);
  const start = parseIsoDate(date);
  const firstOfMonth = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(
    Date.UTC(firstOfMonth.getUTCFullYear(), firstOfMonth.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfMonth.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return toIsoDate(firstOfMonth);
}

/** `to` minus `from` in whole calendar days (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((parseIsoDate(to).getTime() - parseIsoDate(from).getTime()) / DAY_MS);
}

/** `count` consecutive dates starting at `start` (empty when count is 0 or less). */
export function dateSequence(start: IsoDate, count: number): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let i = 0; i < count; i++) dates.push(addDays(start, i));
  return dates;
}

/** The day of the week, 0 Sunday … 6 Saturday (as `Date.getUTCDay()` counts, and the bulk rate edit). */
export function weekdayOf(date: IsoDate): number {
  return parseIsoDate(date).getUTCDay();
}

/** Weekday numbers as `weekdayOf` counts them: 0 Sunday … 6 Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const WEEKDAY_LABELS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** "Mon" for a `YYYY-MM-DD`: the date's own weekday, whatever the viewer's time zone. */
export function weekdayLabel(date: IsoDate): string {
  return WEEKDAY_LABELS[weekdayOf(date)] ?? "";
}

/** "MM-DD", the compact column label of the front desk grid. */
export function formatMonthDay(date: IsoDate): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return date.slice(5);
}

/** Sort comparator; valid because fixed-width `YYYY-MM-DD` strings order lexically as dates. */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A day as people read it: "24 Dec" in the year of `today` (the hotel's), else "24 Dec 2027". */
export function formatDay(date: IsoDate, today: IsoDate): string {
  const [year, month, day] = date.split("-");
  const text = `${Number(day)} ${MONTHS[Number(month) - 1] ?? ""}`;
  return year === today.slice(0, 4) ? text : `${text} ${year}`;
}

const longDates = new Map<string, Intl.DateTimeFormat>();

/**
 * A day written out in `locale` ("Thursday 26 November 2026" in English, "jueves, 26 de noviembre de 2026"),
 * whatever the viewer's time zone. English is assembled from parts: engines disagree on the comma after the
 * weekday.
 */
export function formatLongDate(date: IsoDate, locale = "en-IN"): string {
  let format = longDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    longDates.set(locale, format);
  }
  const day = parseIsoDate(date);
  if (!locale.startsWith("en")) return format.format(day);
  const parts = format.formatToParts(day);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}`;
}
