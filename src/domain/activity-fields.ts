/**
 * The words of the activity log (src/domain/activity-text.ts): each kind of record and each logged field in
 * words, and which fields a sentence already says.
 */
import type { ActivityRecordType } from "./schemas/activity.js";

/** The record-type filter's words. */
export const ACTIVITY_RECORD_LABELS: Record<ActivityRecordType, string> = {
  reservation: "Stays and payments",
  guest: "Guests",
  room: "Rooms",
  room_type: "Room types",
  rate_override: "Rates",
  room_block: "Out of order",
  property: "Hotel settings",
  member: "Team members",
  invitation: "Invitations",
  api_token: "API tokens",
  webhook: "Webhooks",
};

/** Each logged field's name in words; a field not here is internal (an id, a timestamp) and never shown. */
export const FIELD_LABELS: Record<string, string> = {
  status: "status",
  code: "code",
  guestName: "guest name",
  guestPhone: "phone",
  guestEmail: "email",
  adults: "adults",
  children: "children",
  checkInDate: "check-in",
  checkOutDate: "check-out",
  nights: "nights",
  roomTypeId: "room type",
  roomTypeName: "room type",
  roomNumber: "room",
  total: "total",
  price: "price",
  minLOS: "minimum stay",
  stopSell: "stop sell",
  date: "date",
  number: "number",
  floor: "floor",
  hkStatus: "housekeeping",
  name: "name",
  capacity: "capacity",
  baseRate: "base rate",
  currency: "currency",
  timeZone: "time zone",
  email: "email",
  role: "role",
  expiresAt: "expires",
  url: "address",
  events: "events",
  active: "active",
  startDate: "first night out",
  endDate: "back in service",
  reason: "reason",
  amount: "amount",
  method: "method",
  note: "note",
  from: "from",
  to: "to",
  weekdays: "days",
  roomTypes: "room types",
  saved: "dates saved",
  revokedApiTokens: "API tokens ended",
  phone: "phone",
  guestRetentionMonths: "guest retention (months)",
  language: "language",
  country: "country",
  dateOfBirth: "date of birth",
  documentType: "document",
  documentNumber: "document number",
  address: "address",
  taxId: "tax id",
  notes: "notes",
  tags: "tags",
  marketingConsent: "marketing consent",
  mergedGuest: "merged profile",
  movedStays: "stays moved",
};
export const MONEY_FIELDS = new Set(["total", "price", "amount", "baseRate"]);
/** Fields the sentence itself says, so they are not listed again. */
export const SAID: Record<string, string[]> = {
  "room.hk_status_changed": ["hkStatus"],
  "payment.recorded": ["id", "amount", "method"],
  "payment.voided": ["amount", "voidedAt"],
  "member.role_changed": ["role"],
  "member.joined": ["role"],
  "member.removed": ["role"],
};

/** Fields that name the record: a new record's value is in the sentence's subject, so it is not listed. */
export const SUBJECT_FIELDS: Record<string, string[]> = {
  reservation: ["code", "guestName"],
  guest: ["name"],
  room: ["number"],
  room_type: ["name"],
  rate_override: ["date", "roomTypeId"],
  room_block: ["roomNumber", "roomId"],
  property: ["name"],
  invitation: ["email"],
  api_token: ["name"],
  webhook: ["url"],
};
