/**
 * A guest's booking on the booking engine (docs/product.md#booking-engine): the front desk's create, with
 * the engine's terms — a room type, not a room; a public plan; the total the guest was offered, or 409
 * price_changed; a new guest profile in the guest's language; the confirmation with the manage link queued in
 * the same call, in that language. The
 * manage link's token is shown once and only its hash is kept.
 */
import { createHash, randomBytes } from "node:crypto";
import type { z } from "zod";
import type { publicBookingInput } from "../../../domain/schemas/public-booking.js";
import type { Db } from "../../db/connect.js";
import type { Actor } from "../activity/index.js";
import { createReservation } from "../reservations/index.js";
import type { EngineProperty } from "./property.js";

/** Who the activity log says booked it. */
export const BOOKING_ENGINE_ACTOR: Actor = { id: null, name: "Booking engine" };

/** The manage link's token as stored: SHA-256, hex. */
export function manageTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export const manageLink = (publicUrl: string, token: string) => `${publicUrl}/book/manage/${token}`;

export async function bookOnline(
  db: Db,
  property: EngineProperty,
  input: z.output<typeof publicBookingInput>,
  now: Date,
  mail: { publicUrl: string; sending: boolean },
): Promise<{ code: string; manageToken: string; total: number }> {
  const manageToken = randomBytes(32).toString("base64url");
  const { row, terms } = await createReservation(
    db,
    property.id,
    BOOKING_ENGINE_ACTOR,
    {
      guestName: input.guest.name,
      guestEmail: input.guest.email,
      guestPhone: input.guest.phone,
      guestCountry: input.guest.country,
      guestLanguage: input.language,
      roomId: null,
      roomTypeId: input.roomTypeId,
      ratePlanId: input.ratePlanId,
      checkInDate: input.checkIn,
      checkOutDate: input.checkOut,
      adults: input.adults,
      children: input.children,
    },
    now,
    {
      source: "booking_engine",
      manageTokenHash: manageTokenHash(manageToken),
      confirmation: { manageLink: manageLink(mail.publicUrl, manageToken) },
      sending: mail.sending,
      expectedTotal: input.expectedTotal,
    },
  );
  return { code: row.code, manageToken, total: terms.total };
}
