/**
 * Editing a stay (docs/product.md#editing-a-stay): only what its status allows, and only fields whose value
 * changes count. A change of dates, room type or room re-prices the stay with the creation rule and re-checks
 * capacity and restrictions; the room's overlap rule, blocks and room-type inventory are the database's, so
 * the edit and every concurrent booking see one consistent answer.
 */
import type { ReservationStatus } from "../../../domain/constants.js";
import { stayProblem } from "../../../domain/date-ranges.js";
import { compareIsoDates } from "../../../domain/dates.js";
import { AppError, fieldError } from "../../../domain/errors.js";
import type { ReservationEdit } from "../../../domain/schemas/reservations.js";
import {
  type EditableField,
  editableFields,
  nightsBetween,
  REPRICING_FIELDS,
} from "../../../domain/stays.js";
import type { Db } from "../../db/connect.js";
import { type Actor, changed, withActivity } from "../activity/index.js";
import { presentReservation } from "./presenter.js";
import {
  findReservationRecord,
  type ReservationRecord,
  type ReservationRow,
  updateReservation,
} from "./service.js";
import { writeGuest } from "./stay-guest.js";
import { loadStayTerms } from "./stay-terms.js";
import { changeReservationStatus } from "./transitions.js";

/** The fields an activity entry compares when a stay changes. */
const LOGGED_FIELDS = [
  "status",
  "guestName",
  "guestPhone",
  "guestEmail",
  "adults",
  "children",
  "checkInDate",
  "checkOutDate",
  "nights",
  "roomTypeId",
  "roomId",
  "roomNumber",
  "ratePlanId",
  "total",
] as const;

export type StayEdit = { before: ReservationRecord; after: ReservationRecord; fields: EditableField[] };

/**
 * PATCH of a stay: a status change or an edit, and its activity entry, in one transaction that this opens
 * (the steps below run in it, under the stay's row lock). Answers the stay after the change.
 */
export async function patchReservation(
  db: Db,
  propertyId: string,
  actor: Actor,
  id: string,
  body: ReservationEdit & { status?: ReservationStatus },
  now: Date,
  /** More work in the same transaction, once the stay has changed (the guest's cancellation email). */
  alongside?: (tx: Db, after: ReservationRecord) => Promise<void>,
): Promise<ReservationRecord> {
  const { status, ...edit } = body;
  const { after } = await withActivity(
    db,
    propertyId,
    actor,
    async (tx) => {
      const change =
        status === undefined
          ? await editReservation(tx, propertyId, id, edit, now)
          : await changeReservationStatus(tx, propertyId, id, status, now);
      await alongside?.(tx, change.after);
      return change;
    },
    ({ before, after }) => ({
      action: status === undefined ? "reservation.updated" : `reservation.${status}`,
      entityType: "reservation",
      entityId: id,
      changes: changed(presentReservation(before), presentReservation(after), LOGGED_FIELDS),
    }),
  );
  return after;
}

/** An edit of a stay's fields, in the caller's transaction. */
async function editReservation(
  tx: Db,
  propertyId: string,
  id: string,
  edit: ReservationEdit,
  now: Date,
): Promise<StayEdit> {
  const before = await findReservationRecord(tx, propertyId, id, { lock: true });
  const { row } = before;
  const status = row.status as ReservationStatus;
  const fields = (Object.keys(edit) as EditableField[]).filter(
    (field) => edit[field] !== undefined && edit[field] !== row[field],
  );
  const allowed = editableFields(status);
  const refused = fields.find((field) => !allowed.includes(field));
  if (refused) {
    throw new AppError("invalid_transition", `The ${refused} of a ${status} reservation cannot be changed`);
  }
  if (fields.length === 0) return { before, after: before, fields };
  const next = { ...row, ...pick(edit, fields) } as ReservationRow;
  const problem = stayProblem(next.checkInDate, next.checkOutDate);
  if (problem !== null) throw fieldError("checkOutDate", problem);
  const changes = (field: EditableField) => fields.includes(field);
  if (status === "checked_in" && changes("roomId") && next.roomId === null) {
    throw new AppError("invalid_transition", "A checked-in guest needs a room: move them to another one");
  }
  const set: Partial<ReservationRow> = pick(edit, fields);
  let roomNumber = before.roomNumber;
  const repriced = fields.some((field) => REPRICING_FIELDS.includes(field));
  if (repriced || changes("adults") || changes("children")) {
    const terms = await loadStayTerms(
      tx,
      propertyId,
      {
        ...next,
        // The room decides the type unless the edit names one.
        roomTypeId: changes("roomTypeId")
          ? next.roomTypeId
          : changes("roomId") && next.roomId !== null
            ? null
            : row.roomTypeId,
      },
      now,
      {
        notBeforeToday: changes("checkInDate"),
        capacity: true,
        restrictions:
          changes("checkInDate") || changes("checkOutDate") || changes("roomTypeId") || changes("roomId"),
        plan: changes("ratePlanId") || changes("roomTypeId") || changes("roomId"),
      },
    );
    // A plan with a per-adult supplement prices the adults too.
    const reprice = repriced || (changes("adults") && terms.plan.perAdultPerNight > 0);
    if (
      status === "checked_in" &&
      changes("checkOutDate") &&
      compareIsoDates(next.checkOutDate, terms.today) <= 0
    ) {
      throw new AppError("invalid_transition", `The new check-out date must be after today (${terms.today})`);
    }
    if (reprice) {
      Object.assign(set, {
        roomId: terms.roomId,
        roomTypeId: terms.roomTypeId,
        nights: nightsBetween(next.checkInDate, next.checkOutDate),
        ratePlanId: terms.plan.id,
        nightlyRates: terms.nightlyRates.map(String),
        total: terms.total.toFixed(2),
      });
      roomNumber = terms.roomNumber;
    }
  }
  // The guest's name, phone and email are the profile's: written there, and the database copies them to
  // every stay of the guest, this one included (migration 0021).
  const { guestName, guestPhone, guestEmail, ...staySet } = set;
  const contact = { name: guestName, phone: guestPhone, email: guestEmail };
  if (Object.values(contact).some((value) => value !== undefined)) {
    await writeGuest(tx, propertyId, row.guestId, contact);
  }
  const updated =
    Object.keys(staySet).length > 0
      ? await updateReservation(tx, propertyId, id, staySet)
      : (await findReservationRecord(tx, propertyId, id)).row;
  return { before, after: { row: updated, roomNumber }, fields };
}

function pick(edit: ReservationEdit, fields: readonly EditableField[]): Partial<ReservationRow> {
  return Object.fromEntries(fields.map((field) => [field, edit[field]])) as Partial<ReservationRow>;
}
