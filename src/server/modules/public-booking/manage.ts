/**
 * The guest's own page for a booking engine stay (`/book/manage/:token`): the stay, found by its token's
 * hash alone, and its cancellation while the plan's window is open (docs/product.md#booking-engine). The
 * cancellation is the front desk's status change, logged as the guest's, with the guest's email queued in
 * the same transaction.
 */
import { sql } from "drizzle-orm";
import { todayIn } from "../../../domain/dates.js";
import { AppError } from "../../../domain/errors.js";
import { cancellationOpen, freeCancellationUntil } from "../../../domain/rate-plans.js";
import type { PublicBooking } from "../../../domain/schemas/public-booking.js";
import type { Db } from "../../db/connect.js";
import { queryRows } from "../../db/rows.js";
import { toMoney } from "../../http/present.js";
import { queueEmail } from "../../mail/outbox.js";
import { cancellationMessage } from "../../mail/templates.js";
import type { Actor } from "../activity/index.js";
import { patchReservation } from "../reservations/index.js";
import { manageTokenHash } from "./booking.js";

/** Who the activity log says cancelled it. */
export const GUEST_ACTOR: Actor = { id: null, name: "Guest" };

type ManagedRow = {
  id: string;
  propertyId: string;
  code: string;
  status: PublicBooking["status"];
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  total: string;
  guestName: string;
  guestEmail: string;
  /** The guest's profile's language (`guests.language`): the cancellation is written in it. */
  guestLanguage: string;
  roomTypeName: string | null;
  ratePlanName: string;
  cancellationDays: number | null;
  hotelName: string;
  currency: string;
  timeZone: string;
  enabled: boolean;
};

/** The stay behind a manage link; 404 for an unknown token or while the hotel's engine is off. */
async function managedStay(db: Db, token: string): Promise<ManagedRow> {
  const [row] = await queryRows<ManagedRow>(
    db,
    sql`
      select s.id, s.property_id as "propertyId", s.code, s.status, s.check_in_date::text as "checkIn",
             s.check_out_date::text as "checkOut", s.adults, s.children, s.total::text as total,
             s.guest_name as "guestName", s.guest_email as "guestEmail", g.language as "guestLanguage",
             coalesce(t.name, s.room_type_name) as "roomTypeName", p.name as "ratePlanName",
             p.cancellation_days as "cancellationDays", h.name as "hotelName", h.currency,
             h.time_zone as "timeZone", h.booking_engine_enabled as enabled
      from reservations s
      join properties h on h.id = s.property_id
      join rate_plans p on p.property_id = s.property_id and p.id = s.rate_plan_id
      join guests g on g.property_id = s.property_id and g.id = s.guest_id
      left join room_types t on t.property_id = s.property_id and t.id = s.room_type_id
      where s.manage_token_hash = ${manageTokenHash(token)}`,
  );
  if (!row?.enabled) throw new AppError("not_found", "Booking not found");
  return row;
}

function cancellable(row: ManagedRow, now: Date): boolean {
  return row.status === "booked" && cancellationOpen(row, row.checkIn, todayIn(row.timeZone, now));
}

function present(row: ManagedRow, now: Date): PublicBooking {
  return {
    code: row.code,
    status: row.status,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    adults: row.adults,
    children: row.children,
    roomTypeName: row.roomTypeName ?? "",
    ratePlanName: row.ratePlanName,
    total: toMoney(row.total),
    currency: row.currency,
    hotelName: row.hotelName,
    cancellable: cancellable(row, now),
  };
}

export async function findManagedBooking(db: Db, token: string, now: Date): Promise<PublicBooking> {
  return present(await managedStay(db, token), now);
}

/** Why a stay cannot be cancelled online, in the guest's words. */
function refusal(row: ManagedRow): string {
  if (row.status !== "booked")
    return `Booking ${row.code} can no longer be cancelled: it is ${row.status.replace("_", " ")}`;
  const until = freeCancellationUntil(row, row.checkIn);
  return until === null
    ? `Booking ${row.code} is non-refundable and cannot be cancelled online; please contact ${row.hotelName}`
    : `Booking ${row.code} could be cancelled online until ${until}; please contact ${row.hotelName}`;
}

export async function cancelManagedBooking(
  db: Db,
  token: string,
  now: Date,
  sending: boolean,
): Promise<PublicBooking> {
  const row = await managedStay(db, token);
  if (!cancellable(row, now)) throw new AppError("invalid_transition", refusal(row));
  await patchReservation(
    db,
    row.propertyId,
    GUEST_ACTOR,
    row.id,
    { status: "cancelled" },
    now,
    async (tx) => {
      if (!row.guestEmail) return;
      const message = cancellationMessage(
        {
          hotel: row.hotelName,
          code: row.code,
          guestName: row.guestName,
          checkInDate: row.checkIn,
          checkOutDate: row.checkOut,
        },
        row.guestLanguage,
      );
      await queueEmail(
        tx,
        row.propertyId,
        { kind: "cancellation", reservationId: row.id, to: row.guestEmail, ...message },
        sending,
      );
    },
  );
  return present({ ...row, status: "cancelled" }, now);
}
