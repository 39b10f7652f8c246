import type { Db } from "../../db/connect.js";
import { type Actor, created, withActivity } from "../activity/record.js";
import { presentReservation } from "./presenter.js";
import { createReservation, type ReservationData, type ReservationRecord } from "./service.js";

/** What a new stay's activity entry records. */
const CREATED_FIELDS = [
  "code",
  "guestName",
  "roomId",
  "roomNumber",
  "checkInDate",
  "checkOutDate",
  "total",
] as const;

/**
 * Books a stay and writes its `reservation.created` entry in one transaction: the create route's whole
 * write, which the bench also runs without HTTP (bench/lib/api-history.ts).
 */
export function createReservationLogged(
  db: Db,
  propertyId: string,
  actor: Actor,
  input: ReservationData,
  now: Date,
): Promise<ReservationRecord> {
  return withActivity(
    db,
    propertyId,
    actor,
    (tx) => createReservation(tx, propertyId, actor.id, input, now),
    (result) => ({
      action: "reservation.created",
      entityType: "reservation",
      entityId: result.row.id,
      changes: created(presentReservation(result), CREATED_FIELDS),
    }),
  );
}
