/**
 * An activity entry as people read it (docs/product.md#activity-log): one sentence naming the record
 * ("Room 204: clean → dirty", "Asha Rao (RES-7K2Q9) checked in to 101") and the changed fields in words
 * ("Check-out: 26 Dec → 27 Dec"), with the domain's labels, the hotel's currency and readable dates. Never a
 * field name, an id or a raw code. Shared by the web app's log and a stay's history (and anything else that
 * shows an entry), so an entry reads the same everywhere.
 */

import { FIELD_LABELS, MONEY_FIELDS, SAID, SUBJECT_FIELDS } from "./activity-fields.js";
import { formatDay, isIsoDate } from "./dates.js";
import { capitalize, HK_STATUS_LABELS, PAYMENT_METHOD_LABELS, RESERVATION_STATUS_LABELS } from "./labels.js";
import { formatMoney } from "./money.js";
import { ROLE_LABELS } from "./permissions.js";
import type { ActivityEntry, ActivitySubject } from "./schemas/activity.js";

/** Where the entry is read: the hotel's currency and time zone, and its today (for the year of a date). */
export type ActivityContext = { currency: string; timeZone: string; today: string };
export type ActivityText = { sentence: string; details: string[] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * When an entry happened, on the hotel's clock: "24 Dec 2026, 14:05" (`locale` en-GB); a screen in another
 * language passes its own ("24 dic 2026, 14:05").
 */
export function formatActivityTime(at: string, timeZone: string, locale = "en-GB"): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    calendar: "gregory",
    numberingSystem: "latn",
  }).format(new Date(at));
}

function label(codes: Readonly<Record<string, string>>, value: string): string {
  return codes[value] ?? value.replaceAll("_", " ");
}

/** One value in words. `null` when there is nothing to say (an unknown id). */
function valueText(
  field: string,
  value: unknown,
  entry: ActivityEntry,
  context: ActivityContext,
): string | null {
  if (value === null || value === undefined || value === "") return "none";
  if (Array.isArray(value)) {
    const parts = value.map((item) => valueText(field, item, entry, context)).filter((part) => part !== null);
    return parts.length > 0 ? parts.join(", ") : "none";
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (MONEY_FIELDS.has(field) && !Number.isNaN(Number(value))) {
    return formatMoney(Number(value), context.currency);
  }
  if (field === "minLOS") return Number(value) === 1 ? "1 night" : `${value} nights`;
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") return null;
  if (field === "status") return label(RESERVATION_STATUS_LABELS, value);
  if (field === "hkStatus") return label(HK_STATUS_LABELS, value);
  if (field === "method") return label(PAYMENT_METHOD_LABELS, value);
  if (field === "role") return (ROLE_LABELS as Record<string, string>)[value]?.toLowerCase() ?? value;
  // An id is never shown: its record's name, or nothing.
  if (field.endsWith("Id") || UUID.test(value)) return entry.names[value] ?? null;
  if (isIsoDate(value)) return formatDay(value, context.today);
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return formatActivityTime(value, context.timeZone);
  return value;
}

/** "check-out: 26 Dec → 27 Dec" (or, inside a sentence, with `separator` " ": "price ₹2,000.00 → ₹2,500.00"). */
function change(
  field: string,
  entry: ActivityEntry,
  context: ActivityContext,
  separator = ": ",
): string | null {
  const { before, after } = entry.changes[field] ?? {};
  const was = before === null || before === undefined ? null : valueText(field, before, entry, context);
  const now = after === null || after === undefined ? null : valueText(field, after, entry, context);
  if (was === null && now === null) return null;
  const name = `${FIELD_LABELS[field]}${separator}`;
  if (was === null) return `${name}${now}`;
  if (now === null) return `${name}${was} → none`;
  return `${name}${was} → ${now}`;
}

/** The changed fields in words, each its own line, except those the sentence says. */
function details(entry: ActivityEntry, context: ActivityContext): string[] {
  const said = new Set(SAID[entry.action] ?? []);
  // A stay's room is told by its number; its room type by the name looked up for the id.
  if (entry.changes.roomNumber) said.add("roomId");
  const isNew = (field: string) => entry.changes[field]?.before == null;
  const named = SUBJECT_FIELDS[entry.entityType] ?? [];
  return Object.keys(entry.changes)
    .filter((field) => FIELD_LABELS[field] && !said.has(field) && !(named.includes(field) && isNew(field)))
    .map((field) => change(field, entry, context))
    .filter((line): line is string => line !== null)
    .map(capitalize);
}

/** The record as the sentence names it: "Room 204", "Asha Rao (RES-7K2Q9)", "Rate override for 24 Dec (Deluxe)". */
export function subjectText(entry: ActivityEntry, context: ActivityContext): string {
  const s: ActivitySubject = entry.subject ?? {
    name: null,
    code: null,
    room: null,
    date: null,
    roomType: null,
  };
  const day = s.date ? formatDay(s.date, context.today) : null;
  switch (entry.entityType) {
    case "room":
      return s.name ? `Room ${s.name}` : "A room";
    case "reservation": {
      if (s.name && s.code) return `${s.name} (${s.code})`;
      return s.code ?? s.name ?? "A stay";
    }
    case "guest":
      return s.name ? `Guest ${s.name}` : "A guest";
    case "room_type":
      return s.name ? `Room type ${s.name}` : "A room type";
    case "rate_override":
      return `Rate override${day ? ` for ${day}` : ""}${s.roomType ? ` (${s.roomType})` : ""}`;
    case "room_block":
      return s.room ? `Room ${s.room}` : "A room";
    case "property":
      return s.name ? `Hotel ${s.name}` : "The hotel";
    case "member":
      return s.name ?? "A team member";
    case "invitation":
      return s.name ? `Invitation for ${s.name}` : "An invitation";
    case "api_token":
      return s.name ? `API token “${s.name}”` : "An API token";
    case "webhook":
      return s.name ? `Webhook ${s.name}` : "A webhook";
    case "tax_rate":
      return s.name ? `Tax rate ${s.name}` : "A tax rate";
    case "product":
      return s.name ? `Product ${s.name}` : "A product";
    case "rate_plan":
      return s.name ? `Rate plan ${s.name}` : "A rate plan";
    default:
      return capitalize(entry.entityType.replaceAll("_", " "));
  }
}

function value(entry: ActivityEntry, field: string, side: "before" | "after", context: ActivityContext) {
  const raw = entry.changes[field]?.[side];
  return raw === null || raw === undefined ? null : valueText(field, raw, entry, context);
}

/** "booked", "checked in to 101" … what a stay's status change did. */
function stayStatusSentence(entry: ActivityEntry, status: string, context: ActivityContext): string {
  const room = value(entry, "roomNumber", "after", context) ?? entry.subject?.room;
  switch (status) {
    case "checked_in":
      return room ? `checked in to ${room}` : "checked in";
    case "checked_out":
      return room ? `checked out of ${room}` : "checked out";
    case "cancelled":
      return "cancelled";
    case "no_show":
      return "marked as a no-show";
    default:
      return `back to ${label(RESERVATION_STATUS_LABELS, status)}`;
  }
}

/** The sentence for `entry` and its details. */
export function activityText(entry: ActivityEntry, context: ActivityContext): ActivityText {
  const subject = subjectText(entry, context);
  const [, verb = ""] = entry.action.split(".");
  // Set when the sentence says the entry's one change itself, which is then not listed again.
  let saysTheChange = false;
  const sentence = ((): string => {
    switch (entry.action) {
      case "room.hk_status_changed": {
        const was = value(entry, "hkStatus", "before", context);
        const now = value(entry, "hkStatus", "after", context);
        return `${subject}: ${was ?? "none"} → ${now ?? "none"}`;
      }
      case "reservation.created":
        return `${subject} booked`;
      case "payment.recorded": {
        const amount = value(entry, "amount", "after", context);
        const method = value(entry, "method", "after", context);
        return `Payment of ${amount ?? "an amount"}${method ? ` (${method})` : ""} recorded for ${subject}`;
      }
      case "payment.refunded": {
        const amount = value(entry, "amount", "after", context);
        const method = value(entry, "method", "after", context);
        return `Refund of ${amount ?? "an amount"}${method ? ` (${method})` : ""} recorded for ${subject}`;
      }
      case "charge.posted": {
        const what = value(entry, "description", "after", context) ?? "a charge";
        const quantity = Number(entry.changes.quantity?.after ?? 1);
        const amount = value(entry, "gross", "after", context);
        return `${what}${quantity > 1 ? ` × ${quantity}` : ""}${amount ? ` (${amount})` : ""} charged to ${subject}`;
      }
      case "charge.voided": {
        const what = value(entry, "description", "before", context) ?? "a charge";
        return `${what} voided on ${subject}`;
      }
      case "invoice.issued": {
        const amount = value(entry, "gross", "after", context);
        return `Invoice ${value(entry, "number", "after", context) ?? ""} issued for ${subject}${amount ? ` (${amount})` : ""}`;
      }
      case "day.closed": {
        const day = value(entry, "date", "after", context) ?? "A day";
        return `${day} closed${entry.changes.automatic?.after === true ? " automatically" : ""}`;
      }
      case "invoice.emailed":
        return `Invoice ${value(entry, "number", "after", context) ?? ""} emailed for ${subject}`;
      case "invoice.credited":
        return `Invoice ${value(entry, "invoice", "before", context) ?? ""} credited by ${value(entry, "number", "after", context) ?? "a credit note"} for ${subject}`;
      case "payment.voided": {
        const amount = value(entry, "amount", "after", context) ?? value(entry, "amount", "before", context);
        return `Payment of ${amount ?? "an amount"} voided for ${subject}`;
      }
      case "rate_override.bulk_saved":
        return "Rates set for several dates";
      case "room_block.created":
        return `${subject} taken out of order`;
      case "room_block.deleted":
        return `${subject} back in service (out-of-order period removed)`;
      case "member.invited":
        return `${subject} sent`;
      case "member.joined":
        return `${subject} joined as ${value(entry, "role", "after", context) ?? "a member"}`;
      case "member.role_changed":
        return `${subject}: ${value(entry, "role", "before", context) ?? "none"} → ${value(entry, "role", "after", context) ?? "none"}`;
      case "member.removed":
        return `${subject} removed from the team`;
      case "webhook.redelivered":
        return `${subject}: an event sent again`;
      case "guest.merged":
        return `${subject}: another profile merged in`;
      case "guest.exported":
        return `${subject}: personal data exported`;
      case "guest.anonymized":
        return `${subject}: personal data erased`;
      default:
        break;
    }
    if (entry.entityType === "reservation" && verb !== "updated") {
      return `${subject} ${stayStatusSentence(entry, verb, context)}`;
    }
    const fields = Object.keys(entry.changes).filter((field) => FIELD_LABELS[field]);
    if (verb === "updated" || verb === "saved") {
      // One field changed from one value to another: said in the sentence ("…: price ₹2,000.00 → ₹2,500.00").
      const only = fields.length === 1 ? fields[0] : undefined;
      const { before, after } = (only && entry.changes[only]) || {};
      const line = only ? change(only, entry, context, " ") : null;
      if (line && before !== null && before !== undefined && after !== null && after !== undefined) {
        saysTheChange = true;
        return `${subject}: ${line}`;
      }
      return `${subject} ${verb === "saved" ? "saved" : "changed"}`;
    }
    const verbs: Record<string, string> = { created: "added", deleted: "deleted", revoked: "revoked" };
    return `${subject} ${verbs[verb] ?? verb.replaceAll("_", " ")}`;
  })();
  // A deleted record's entry holds its last values: the sentence names it, the values add nothing.
  const quiet = saysTheChange || verb === "deleted";
  return { sentence, details: quiet ? [] : details(entry, context) };
}
