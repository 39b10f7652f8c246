/**
 * Status changes (docs/product.md#statuses-and-transitions). The rules are the domain's
 * (`transitionRefusal`); the row lock serialises concurrent changes of one stay, so two clerks pressing
 * Check-In and Cancel at once cannot both act on the same "booked" state. Room side effects (occupied, vacant
 * and dirty) follow in the database's triggers.
 */
import type { ReservationStatus } from "../../../domain/constants.js";
import { daysBetween } from "../../../domain/dates.js";
import { AppError } from "../../../domain/errors.js";
import { sumMoney } from "../../../domain/pricing.js";
import { checkOutDateOnDeparture, transitionRefusal } from "../../../domain/stays.js";
import type { Db } from "../../db/connect.js";
import { propertyToday } from "../properties/index.js";
import {
  findReservationRecord,
  type ReservationRecord,
  type ReservationRow,
  updateReservation,
} from "./service.js";

export type StatusChange = { before: ReservationRecord; after: ReservationRecord };

/** A status change, in the caller's transaction (patchReservation's, in edit.ts). */
export async function changeReservationStatus(
  tx: Db,
  propertyId: string,
  id: string,
  to: ReservationStatus,
  now: Date,
): Promise<StatusChange> {
  const before = await findReservationRecord(tx, propertyId, id, { lock: true });
  const { row } = before;
  const today = await propertyToday(tx, propertyId, now);
  const refusal = transitionRefusal(row.status as ReservationStatus, to, {
    checkInDate: row.checkInDate,
    checkOutDate: row.checkOutDate,
    hasRoom: row.roomId !== null,
    today,
  });
  if (refusal) throw new AppError("invalid_transition", refusal);
  const set: Partial<ReservationRow> = { status: to };
  if (to === "checked_out") Object.assign(set, departure(row, today));
  const updated = await updateReservation(tx, propertyId, id, set);
  return { before, after: { row: updated, roomNumber: before.roomNumber } };
}

/** An early departure ends the stay today: the nights not stayed are dropped with what they were sold for. */
function departure(row: ReservationRow, today: string): Partial<ReservationRow> {
  const checkOutDate = checkOutDateOnDeparture(row, today);
  if (checkOutDate === row.checkOutDate) return {};
  const nights = daysBetween(row.checkInDate, checkOutDate);
  const nightlyRates = row.nightlyRates.slice(0, nights);
  return {
    checkOutDate,
    nights,
    nightlyRates,
    total: sumMoney(nightlyRates.map(Number)).toFixed(2),
  };
}
