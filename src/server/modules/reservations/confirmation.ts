/**
 * The guest's booking confirmation (docs/product.md#email), queued with the stay it confirms: from the front
 * desk when the clerk ticks "Send confirmation", always from the booking engine (with the manage link).
 */
import { depositDue, freeCancellationUntil } from "../../../domain/rate-plans.js";
import type { OutgoingEmail } from "../../mail/outbox.js";
import { type BookingFacts, bookingConfirmationMessage } from "../../mail/templates.js";
import type { StayTerms } from "./stay-terms.js";

export type ConfirmedStay = {
  id: string;
  code: string;
  /** `language`: the profile's (`guests.language`); a new profile's is the database's default, English. */
  guest: { name: string; email: string; language?: string };
  input: { checkInDate: string; checkOutDate: string; adults: number; children: number };
  terms: Pick<StayTerms, "propertyName" | "roomTypeName" | "plan" | "total" | "currency">;
  manageLink: string | null;
};

/** What the messages about a stay say of it. */
export function bookingFacts(stay: Omit<ConfirmedStay, "id">): BookingFacts {
  const { terms, input } = stay;
  return {
    hotel: terms.propertyName,
    code: stay.code,
    guestName: stay.guest.name,
    checkInDate: input.checkInDate,
    checkOutDate: input.checkOutDate,
    adults: input.adults,
    children: input.children,
    roomTypeName: terms.roomTypeName,
    ratePlanName: terms.plan.name,
    total: terms.total,
    currency: terms.currency,
    freeCancellationUntil: freeCancellationUntil(terms.plan, input.checkInDate),
    depositDue: depositDue(terms.plan, terms.total, terms.currency),
    manageLink: stay.manageLink,
  };
}

export function confirmationEmail(stay: ConfirmedStay): OutgoingEmail {
  return {
    kind: "booking_confirmation",
    reservationId: stay.id,
    to: stay.guest.email,
    ...bookingConfirmationMessage(bookingFacts(stay), stay.guest.language),
  };
}
