import type { ReservationStatus, StaySource } from "../../../domain/constants.js";
import type { Reservation } from "../../../domain/schemas/reservations.js";
import type { reservations } from "../../db/schema.js";
import { toIso, toMoney } from "../../http/present.js";

export type ReservationRow = typeof reservations.$inferSelect;
/** A stay as the API shows it needs its room's number, which lives on the room. */
export type ReservationRecord = { row: ReservationRow; roomNumber: string | null };

export function presentReservation({ row, roomNumber }: ReservationRecord): Reservation {
  return {
    id: row.id,
    propertyId: row.propertyId,
    code: row.code,
    guestId: row.guestId,
    guestName: row.guestName,
    guestPhone: row.guestPhone,
    guestEmail: row.guestEmail,
    roomTypeId: row.roomTypeId,
    roomId: row.roomId,
    // The room's number; a deleted room's as it was when it went (kept on the stay, migration 0011).
    roomNumber: roomNumber ?? row.roomNumber,
    adults: row.adults,
    children: row.children,
    checkInDate: row.checkInDate,
    checkOutDate: row.checkOutDate,
    nights: row.nights,
    // The status check constraint guarantees one of the enum values.
    status: row.status as ReservationStatus,
    // Never null once stored: the database fills in the Standard plan (reservations_rate_plan_check).
    ratePlanId: row.ratePlanId ?? "",
    source: row.source as StaySource,
    total: toMoney(row.total),
    folioTotal: toMoney(row.folioTotal),
    balance: toMoney(row.balance),
    createdBy: row.createdBy,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}
