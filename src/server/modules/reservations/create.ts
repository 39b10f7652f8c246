/**
 * Booking a stay: priced on the server by the one pricing rule (stay-terms.ts), its code allocated here, its
 * overlaps refused by the database's exclusion constraint, its confirmation queued with it when asked.
 */
import { randomInt as cryptoRandomInt, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { StaySource } from "../../../domain/constants.js";
import { AppError, fieldError } from "../../../domain/errors.js";
import { formatMoney, toMinor } from "../../../domain/money.js";
import { generateReservationCode, nightsBetween } from "../../../domain/stays.js";
import { announceEvent } from "../../db/changes-channel.js";
import type { Db } from "../../db/connect.js";
import { columnJson, queryRows, tableRow } from "../../db/rows.js";
import { activity, emails, guests, reservations } from "../../db/schema.js";
import { outboxRow } from "../../mail/outbox.js";
import { type Actor, activityRow, created } from "../activity/index.js";
import { confirmationEmail } from "./confirmation.js";
import { presentReservation, type ReservationRecord, type ReservationRow } from "./presenter.js";
import { constraintError, type ReservationData } from "./service.js";
import { stayGuest } from "./stay-guest.js";
import { loadStayTerms, type StayTerms } from "./stay-terms.js";

const ALL_CHECKS = { notBeforeToday: true, capacity: true, restrictions: true, plan: true } as const;

/** Codes have 36^5 ≈ 60 million values; a few attempts make a collision practically impossible. */
const CODE_ATTEMPTS = 5;

/**
 * A booking as the create takes it: the front desk's body, or the booking engine's (a new guest's country
 * and language).
 */
export type StayCreate = Omit<ReservationData, "ratePlanId" | "sendConfirmation"> & {
  ratePlanId?: string | null;
  guestCountry?: string;
  guestLanguage?: string;
};

/** What the create stores from the input (a test builds one by hand). */
type StayInput = Pick<StayCreate, "adults" | "children" | "checkInDate" | "checkOutDate">;

/** Where a booking comes from, and whether it emails the guest its confirmation. */
export type StayOrigin = {
  source: StaySource;
  /** The manage link's token's hash (booking engine stays); null: no manage link. */
  manageTokenHash: string | null;
  /** Queue the guest's booking confirmation with the stay; null: none. */
  confirmation: { manageLink: string | null } | null;
  /** A mail server is configured: the message is queued to send, else kept (src/server/mail/outbox.ts). */
  sending: boolean;
  /** The total the guest was offered: another is refused (409 price_changed), never charged. */
  expectedTotal?: number;
};

/** A front-desk booking without a confirmation. */
export const FRONT_DESK: StayOrigin = {
  source: "front_desk",
  manageTokenHash: null,
  confirmation: null,
  sending: false,
};

/** A new stay, with the terms it was sold on (the booking engine answers its total and tells its guest). */
export type BookedStay = ReservationRecord & { terms: StayTerms };

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

/** The row a create inserts (`innkeep_create_reservation` inserts exactly these columns: a test checks). */
export function newStay(
  id: string,
  propertyId: string,
  code: string,
  actor: Actor,
  input: StayInput,
  terms: Pick<StayTerms, "roomTypeId" | "roomId" | "nightlyRates" | "total"> & { plan: { id: string } },
  guestId: string,
  origin: Pick<StayOrigin, "source" | "manageTokenHash"> = FRONT_DESK,
) {
  return {
    id,
    propertyId,
    code,
    // The guest's name, phone and email are copied from this profile by the database (migration 0021).
    guestId,
    roomTypeId: terms.roomTypeId,
    roomId: terms.roomId,
    adults: input.adults,
    children: input.children,
    checkInDate: input.checkInDate,
    checkOutDate: input.checkOutDate,
    nights: nightsBetween(input.checkInDate, input.checkOutDate),
    status: "booked",
    nightlyRates: terms.nightlyRates.map(String),
    total: terms.total.toFixed(2),
    // Kept by the database: total minus the payments that are not void.
    balance: terms.total.toFixed(2),
    ratePlanId: terms.plan.id,
    source: origin.source,
    manageTokenHash: origin.manageTokenHash,
    createdBy: actor.id,
  };
}

/**
 * Creates a booked reservation, its `reservation.created` activity entry and, when asked, the guest's
 * confirmation email in one call of a database function (migrations 0015 and 0026, decision 032), so they
 * commit together without a transaction held open across round trips. Overlap with another
 * booked/checked_in stay of the room is refused by the exclusion constraint `reservations_no_overlap`, which
 * holds under any concurrency. A code collision is not an error: `on conflict (property_id, code) do
 * nothing` returns no row, writes no entry, and we draw another code. Only the unique code index is the
 * conflict arbiter, so an overlap still raises 23P01 and is never retried. The terms are read before the
 * call, as a transaction at READ COMMITTED would read them too: a room retyped or deleted in between is
 * refused by the insert's constraints.
 */
export async function createReservation(
  db: Db,
  propertyId: string,
  actor: Actor,
  input: StayCreate,
  now: Date,
  origin: StayOrigin = FRONT_DESK,
  randomInt: (maxExclusive: number) => number = cryptoRandomInt,
): Promise<BookedStay> {
  const terms = await loadStayTerms(db, propertyId, input, now, ALL_CHECKS);
  if (origin.source === "booking_engine" && !terms.plan.public) {
    throw fieldError("ratePlanId", `${terms.plan.name} is not offered online`);
  }
  if (origin.expectedTotal !== undefined && toMinor(origin.expectedTotal) !== toMinor(terms.total)) {
    throw new AppError(
      "price_changed",
      `The price of this stay is now ${formatMoney(terms.total, terms.currency)} (it was ${formatMoney(origin.expectedTotal, terms.currency)}): please look at the offer again`,
    );
  }
  const { guest, write } = await stayGuest(db, propertyId, input);
  if (origin.confirmation && !guest.email) {
    throw fieldError("guestEmail", "is needed to send the guest a confirmation");
  }
  const profile = write ? columnJson(guests, { propertyId, ...guest }) : null;
  const id = randomUUID();
  const at = now.toISOString();
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const code = generateReservationCode(randomInt);
    const values = newStay(id, propertyId, code, actor, input, terms, guest.id, origin);
    // Every logged field is one the call stores as given, so the entry can be written beside it.
    const stored = {
      ...values,
      guestName: guest.name,
      guestPhone: guest.phone,
      guestEmail: guest.email,
      roomNumber: null,
      roomTypeName: null,
      // Not logged: worked out by the database (migration 0022).
      folioTotal: values.total,
      createdAt: at,
      updatedAt: at,
    };
    const entry = {
      action: "reservation.created" as const,
      entityType: "reservation",
      entityId: id,
      changes: created(presentReservation({ row: stored, roomNumber: terms.roomNumber }), CREATED_FIELDS),
    };
    const stay = columnJson(reservations, values);
    const logged = columnJson(activity, activityRow(propertyId, actor, entry));
    const email = origin.confirmation
      ? columnJson(
          emails,
          outboxRow(
            propertyId,
            confirmationEmail({ id, code, guest, input, terms, manageLink: origin.confirmation.manageLink }),
            origin.sending,
          ),
        )
      : null;
    let row: ReservationRow | undefined;
    try {
      const [raw] = await queryRows<Record<string, unknown>>(
        db,
        sql`select * from innkeep_create_reservation(${stay}::jsonb, ${logged}::jsonb, ${profile}::jsonb,
                                                      ${email}::jsonb)`,
      );
      row = raw && tableRow(reservations, raw);
    } catch (error) {
      throw constraintError(error) ?? error;
    }
    if (row) {
      await announceEvent(db, propertyId);
      return { row, roomNumber: terms.roomNumber, terms };
    }
  }
  throw new AppError("conflict", "Could not allocate a reservation code; please try again");
}
