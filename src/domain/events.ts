/**
 * Events: every accepted change is one entry of the activity log (docs/product.md#activity-log), and that
 * entry is the event webhooks receive (docs/product.md#webhooks) and the live feed announces. Its type is the
 * entry's action. No zod here: the live feed's client reads `tablesChangedBy` on every /hms screen's first
 * load.
 */
import { LIVE_TABLES, type LiveTable, RESERVATION_STATUSES } from "./constants.js";

/** Every event type: the activity log's actions, one per kind of accepted change. */
export const EVENT_TYPES = [
  "property.created",
  "property.updated",
  "room_type.created",
  "room_type.updated",
  "room_type.deleted",
  "room.created",
  "room.updated",
  "room.deleted",
  "room.hk_status_changed",
  "rate_override.saved",
  "rate_override.updated",
  "rate_override.deleted",
  "rate_override.bulk_saved",
  "reservation.created",
  "reservation.updated",
  ...RESERVATION_STATUSES.map((status) => `reservation.${status}` as const),
  "guest.created",
  "guest.updated",
  "guest.merged",
  "guest.exported",
  "guest.anonymized",
  "payment.recorded",
  "payment.refunded",
  "payment.voided",
  "charge.posted",
  "charge.voided",
  "invoice.issued",
  "invoice.credited",
  "invoice.emailed",
  "tax_rate.created",
  "tax_rate.updated",
  "tax_rate.deleted",
  "product.created",
  "product.updated",
  "product.deleted",
  "rate_plan.created",
  "rate_plan.updated",
  "rate_plan.deleted",
  "day.closed",
  "room_block.created",
  "room_block.deleted",
  "member.invited",
  "member.joined",
  "member.role_changed",
  "member.removed",
  "invitation.revoked",
  "api_token.created",
  "api_token.revoked",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.redelivered",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A subscription names event types, a whole family (`reservation.*`) or everything (`*`). */
const EVENT_FAMILIES = [...new Set(EVENT_TYPES.map((type) => `${type.split(".")[0]}.*`))];
// Which events a subscription gets is decided where its deliveries are written: the trigger
// `innkeep_notify_event` (migrations 0012, 0013) matches these three forms.
export const EVENT_PATTERNS = ["*", ...EVENT_FAMILIES, ...EVENT_TYPES] as readonly string[];

/** The tables a change to each kind of record may touch: the web app refreshes what reads them. */
const TABLES_BY_ENTITY: Record<string, readonly LiveTable[]> = {
  // Its tax settings are in every stay's folio total.
  property: ["properties", "reservations", "folio_charges"],
  // Deleting a room type takes its rate overrides with it.
  room_type: ["room_types", "rooms", "rate_overrides"],
  room: ["rooms"],
  // A stay's status moves its room's housekeeping state; its payments are part of it.
  reservation: ["reservations", "rooms", "payments", "folio_charges", "invoices"],
  // A rate's percentage is in the folio totals of the stays it taxes.
  tax_rate: ["tax_rates", "room_types", "products", "reservations"],
  product: ["products"],
  rate_plan: ["rate_plans"],
  // A close marks no-shows, turns rooms dirty and moves the property's last closed day.
  day_close: ["day_closes", "reservations", "rooms", "properties"],
  // A profile's name, phone and email are its stays' too; a merge moves stays between profiles.
  guest: ["guests", "reservations"],
  rate_override: ["rate_overrides"],
  room_block: ["room_blocks"],
  member: ["property_members"],
  invitation: ["invitations"],
  api_token: ["api_tokens"],
  // A redelivery changes the subscription's delivery log.
  webhook: ["webhooks"],
};

/** What an event of `entityType` makes stale; every event is also a new activity entry. */
export function tablesChangedBy(entityType: string): LiveTable[] {
  // A kind this build does not know (a newer server): refresh everything.
  return [...(TABLES_BY_ENTITY[entityType] ?? LIVE_TABLES), "activity"];
}
