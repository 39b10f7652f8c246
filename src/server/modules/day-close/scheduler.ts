/**
 * The automatic day close (docs/product.md#day-close): day D closes once `dayCloseTime` has passed on D + 1
 * in the property's time zone. Each pass closes every property's due days in order, from the first open one
 * (so days missed while the server was down close at start, oldest first), at most `maxDaysPerPass` a
 * property, then yields to requests until the next pass. Several instances may run it: a day's row is the
 * lock (service.ts), and an instance that loses a day to another reads the property again next pass.
 * The clock is injected, so tests move time instead of waiting.
 */
import type { FastifyBaseLogger } from "fastify";
import { addDays, type IsoDate, todayIn } from "../../../domain/dates.js";
import { AppError } from "../../../domain/errors.js";
import type { Db } from "../../db/connect.js";
import { properties } from "../../db/schema.js";
import { AUTOMATIC_CLOSE, type CloseProperty, closeDay, nextOpenDay } from "./service.js";

export type DayCloseOptions = {
  now: () => Date;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Between passes; a pass also runs at start. */
  intervalMs?: number;
  /** Days one property closes in a pass (a long outage catches up over several passes). */
  maxDaysPerPass?: number;
};

const hourMinute = new Map<string, Intl.DateTimeFormat>();

/** "HH:MM" on the property's clock. */
export function localTime(timeZone: string, now: Date): string {
  let format = hourMinute.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    hourMinute.set(timeZone, format);
  }
  return format.format(now);
}

/** The last day that is due to be closed now: yesterday once the close time has passed today, else the day before. */
export function lastDueDay(property: Pick<CloseProperty, "timeZone" | "dayCloseTime">, now: Date): IsoDate {
  const today = todayIn(property.timeZone, now);
  return addDays(today, localTime(property.timeZone, now) >= property.dayCloseTime ? -1 : -2);
}

/** Closes one property's due days, oldest first (at most `maxDaysPerPass`); answers how many it closed. */
export async function closePropertyDueDays(
  db: Db,
  property: CloseProperty,
  options: DayCloseOptions,
): Promise<number> {
  const max = options.maxDaysPerPass ?? 31;
  const now = options.now();
  const last = lastDueDay(property, now);
  let next = await nextOpenDay(db, property);
  let closed = 0;
  for (; closed < max && next <= last; next = addDays(next, 1)) {
    try {
      await closeDay(db, property.id, next, AUTOMATIC_CLOSE, now);
      closed++;
    } catch (error) {
      // Another closer (an instance's scheduler, a manager) may have closed it first, whatever the refusal
      // said (out of order, or the day's row already written): go on from the first day still open when that
      // is later. Otherwise the property is read again next pass.
      const open = await nextOpenDay(db, property);
      if (open > next) {
        next = addDays(open, -1);
        continue;
      }
      if (!(error instanceof AppError && error.code === "invalid_transition"))
        options.log.error({ err: error, propertyId: property.id, date: next }, "day close failed");
      break;
    }
  }
  return closed;
}

/** Closes the due days of every property; answers how many it closed. */
export async function closeDueDays(db: Db, options: DayCloseOptions): Promise<number> {
  let closed = 0;
  for (const property of await db.select().from(properties)) {
    closed += await closePropertyDueDays(db, property, options);
  }
  return closed;
}

/** Runs a pass now and every `intervalMs`, one at a time; answers a stop that waits for a pass under way. */
export function scheduleDayCloses(db: Db, options: DayCloseOptions): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const pass = () => {
    running = closeDueDays(db, options)
      .then((closed) => {
        if (closed > 0) options.log.info({ closed }, "days closed");
      })
      .catch((err: unknown) => options.log.error({ err }, "day close pass failed"))
      .finally(() => {
        if (!stopped) timer = setTimeout(pass, options.intervalMs ?? 60_000).unref();
      });
  };
  pass();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
