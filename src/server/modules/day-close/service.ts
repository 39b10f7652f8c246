/**
 * Closing a day (docs/product.md#day-close): occupied rooms turn dirty for the stay-over cleaning; then in one
 * transaction the day's arrivals that never came become no-shows, the report is stored and the property's
 * last closed day moves on, so the database refuses any later change dated on it (migration 0023). The day's
 * row is written first: a second closer of the same day waits on its key and is refused, on every backend.
 */
import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import { addDays, type IsoDate, todayIn } from "../../../domain/dates.js";
import { AppError } from "../../../domain/errors.js";
import type { DayReport, NextDayClose } from "../../../domain/schemas/day-closes.js";
import type { Db } from "../../db/connect.js";
import { pgErrorCode } from "../../db/errors.js";
import { queryRows } from "../../db/rows.js";
import { dayCloses, properties, reservations } from "../../db/schema.js";
import { type Actor, recordActivity } from "../activity/index.js";
import { anonymizeExpiredGuests } from "../guests/index.js";
import { dayReport } from "./report.js";

/** Who the log names for the automatic close. */
export const AUTOMATIC_CLOSE: Actor = { id: null, name: "Day close" };

export type CloseProperty = typeof properties.$inferSelect;

/**
 * A property's first day: the earlier of its creation date and its earliest stay's arrival (days before it
 * count as closed).
 */
export async function firstDay(db: Db, property: CloseProperty): Promise<IsoDate> {
  const created = todayIn(property.timeZone, new Date(property.createdAt));
  const [earliest] = await db
    .select({ date: reservations.checkInDate })
    .from(reservations)
    .where(eq(reservations.propertyId, property.id))
    .orderBy(asc(reservations.checkInDate))
    .limit(1);
  return earliest && earliest.date < created ? earliest.date : created;
}

/** The day a close may close next: the day after the last closed one, or the first day. */
export async function nextOpenDay(db: Db, property: CloseProperty): Promise<IsoDate> {
  return property.closedThrough ? addDays(property.closedThrough, 1) : firstDay(db, property);
}

/** The day a close may close next and whether it is due yet (`GET …/day-closes/next`). */
export async function nextDayToClose(db: Db, propertyId: string, now: Date): Promise<NextDayClose> {
  const [property] = await db.select().from(properties).where(eq(properties.id, propertyId));
  if (!property) throw new AppError("not_found", "Property not found");
  const date = await nextOpenDay(db, property);
  return { date, due: date < todayIn(property.timeZone, now) };
}

async function closeIn(
  tx: Db,
  property: CloseProperty,
  date: IsoDate,
  actor: Actor,
  now: Date,
): Promise<DayReport> {
  const propertyId = property.id;
  try {
    await tx.insert(dayCloses).values({ propertyId, date, report: {}, closedBy: actor.id });
  } catch (error) {
    if (pgErrorCode(error) === "23505") throw new AppError("invalid_transition", `${date} is already closed`);
    throw error;
  }
  // The property as it is now that this close holds the day (another may have closed the one before).
  const [current] = await tx.select().from(properties).where(eq(properties.id, propertyId));
  if (!current) throw new AppError("not_found", "Property not found");
  await refuseOutOfOrder(tx, current, date, now);
  let noShows = 0;
  if (current.autoNoShow) {
    const marked = await tx
      .update(reservations)
      .set({ status: "no_show", updatedAt: sql`now()` })
      .where(
        and(
          eq(reservations.propertyId, propertyId),
          eq(reservations.status, "booked"),
          lte(reservations.checkInDate, date),
        ),
      )
      .returning({ id: reservations.id });
    noShows = marked.length;
  }
  const closedAt = now.toISOString();
  const report = await dayReport(
    tx,
    propertyId,
    date,
    {
      currency: current.currency,
      pricesIncludeTax: current.pricesIncludeTax,
      cityTax: current.cityTaxPerAdultPerNight,
    },
    noShows,
    { at: closedAt, by: actor.id },
  );
  await tx
    .update(dayCloses)
    .set({ report, closedAt })
    .where(and(eq(dayCloses.propertyId, propertyId), eq(dayCloses.date, date)));
  await tx.update(properties).set({ closedThrough: date }).where(eq(properties.id, propertyId));
  await recordActivity(tx, propertyId, actor, {
    action: "day.closed",
    entityType: "day_close",
    entityId: null,
    changes: {
      date: { before: null, after: date },
      noShows: { before: null, after: noShows },
      automatic: { before: null, after: actor.id === null },
    },
  });
  return report;
}

/** Refuses a close of today or later, or of a day whose previous day is open (409 invalid_transition). */
async function refuseOutOfOrder(tx: Db, property: CloseProperty, date: IsoDate, now: Date): Promise<void> {
  if (date >= todayIn(property.timeZone, now)) {
    throw new AppError("invalid_transition", `${date} cannot be closed yet: only days before today close`);
  }
  if (property.closedThrough && date <= property.closedThrough) {
    throw new AppError("invalid_transition", `${date} is already closed`);
  }
  const next = await nextOpenDay(tx, property);
  if (date < next) {
    throw new AppError("invalid_transition", `${date} counts as closed: the first day to close is ${next}`);
  }
  if (date > next) {
    throw new AppError("invalid_transition", `${date} cannot be closed before ${next}, the first open day`);
  }
}

/** Rooms one statement of the stay-over turn changes at most. */
export const STAYOVER_BATCH = 250;

/**
 * Occupied rooms turn dirty for the stay-over cleaning, a batch at a time: each statement is short and holds
 * few room locks, so a booking of one of those rooms (it locks its room, migration 0018) waits for one batch
 * at most, not for the close; on PGlite, which runs one statement at a time, other requests pass between
 * batches. Returns how many rooms turned.
 */
export async function turnStayoversDirty(
  db: Db,
  propertyId: string,
  batchSize = STAYOVER_BATCH,
): Promise<number> {
  let turned = 0;
  for (;;) {
    const batch = await queryRows<{ id: string }>(
      db,
      sql`update rooms set hk_status = 'dirty'
          where property_id = ${propertyId} and id in (
            select id from rooms
            where property_id = ${propertyId} and status = 'occupied' and hk_status <> 'dirty'
            limit ${batchSize})
          returning id`,
    );
    turned += batch.length;
    if (batch.length < batchSize) return turned;
  }
}

/**
 * Closes `date` for the property, then applies the guest retention rule (it writes its own entries). A
 * manager's close names them; the automatic close, "Day close". The stay-over rooms turn first, in batches,
 * once the day is known to be the one due: the close's transaction then holds no room, and its event (which
 * makes every open screen read the property again) follows the turned rooms. A close refused after that
 * (another closer was first) leaves them turned, as that closer would have.
 */
export async function closeDay(
  db: Db,
  propertyId: string,
  date: IsoDate,
  actor: Actor,
  now: Date,
): Promise<DayReport> {
  const [before] = await db.select().from(properties).where(eq(properties.id, propertyId));
  if (!before) throw new AppError("not_found", "Property not found");
  await refuseOutOfOrder(db, before, date, now);
  if (before.stayoverDirty) await turnStayoversDirty(db, propertyId);
  const report = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [property] = await tx.select().from(properties).where(eq(properties.id, propertyId));
    if (!property) throw new AppError("not_found", "Property not found");
    return closeIn(tx, property, date, actor, now);
  });
  const [property] = await db.select().from(properties).where(eq(properties.id, propertyId));
  if (property?.guestRetentionMonths) {
    await anonymizeExpiredGuests(db, propertyId, AUTOMATIC_CLOSE, date, property.guestRetentionMonths);
  }
  return report;
}

export async function listDayCloses(
  db: Db,
  propertyId: string,
  window: { from?: string | undefined; to?: string | undefined },
): Promise<DayReport[]> {
  const rows = await db
    .select({ report: dayCloses.report })
    .from(dayCloses)
    .where(
      and(
        eq(dayCloses.propertyId, propertyId),
        window.from ? gte(dayCloses.date, window.from) : undefined,
        window.to ? lte(dayCloses.date, window.to) : undefined,
      ),
    )
    .orderBy(desc(dayCloses.date))
    .limit(DAY_CLOSE_PAGE);
  return rows.map((row) => row.report as DayReport);
}

/** Closed days a list answers at most (a year and a bit). */
export const DAY_CLOSE_PAGE = 400;

export async function getDayClose(db: Db, propertyId: string, date: IsoDate): Promise<DayReport> {
  const [row] = await db
    .select({ report: dayCloses.report })
    .from(dayCloses)
    .where(and(eq(dayCloses.propertyId, propertyId), eq(dayCloses.date, date)));
  if (!row) throw new AppError("not_found", `${date} is not closed`);
  return row.report as DayReport;
}
