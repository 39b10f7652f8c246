/**
 * An activity entry as people read it, in the language shown (docs/decisions/047-languages.md): the same
 * sentences as `src/domain/activity-text.ts` (which the server and its tests keep in English), each one a
 * message with its values inside, the values in the language's words and `Intl` formats. English reads word
 * for word as the domain's (activityText.test.ts). Called while a screen renders: the macros read the one
 * Lingui instance, set to the language shown.
 */
import { t } from "@lingui/core/macro";
import { SAID, SUBJECT_FIELDS } from "../../../domain/activity-fields.js";
import type { ActivityContext, ActivityText } from "../../../domain/activity-text.js";
import { capitalize } from "../../../domain/labels.js";
import type { ActivityEntry, ActivitySubject } from "../../../domain/schemas/activity.js";
import { RESERVATION_STATUS_WORDS } from "../../i18n/labels.js";
import { change, dayText, label, value } from "./activityValues.js";
import { FIELD_WORDS } from "./activityWords.js";

export { activityTime } from "./activityValues.js";

/** The changed fields in words, each its own line, except those the sentence says. */
function details(entry: ActivityEntry, context: ActivityContext): string[] {
  const said = new Set(SAID[entry.action] ?? []);
  // A stay's room is told by its number; its room type by the name looked up for the id.
  if (entry.changes.roomNumber) said.add("roomId");
  const isNew = (field: string) => entry.changes[field]?.before == null;
  const named = SUBJECT_FIELDS[entry.entityType] ?? [];
  return Object.keys(entry.changes)
    .filter((field) => FIELD_WORDS[field] && !said.has(field) && !(named.includes(field) && isNew(field)))
    .map((field) => change(field, entry, context))
    .filter((line): line is string => line !== null)
    .map(capitalize);
}

/** A rate override as the sentence names it: "Rate override for 24 Dec (Deluxe)". */
function rateOverride(day: string | null, roomType: string | null): string {
  if (day && roomType) return t`Rate override for ${day} (${roomType})`;
  if (day) return t`Rate override for ${day}`;
  if (roomType) return t`Rate override (${roomType})`;
  return t`Rate override`;
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
  const { name, code, room } = s;
  const day = s.date ? dayText(s.date, context) : null;
  switch (entry.entityType) {
    case "room":
      return name ? t`Room ${name}` : t`A room`;
    case "reservation": {
      if (name && code) return `${name} (${code})`;
      return code ?? name ?? t`A stay`;
    }
    case "guest":
      return name ? t`Guest ${name}` : t`A guest`;
    case "room_type":
      return name ? t`Room type ${name}` : t`A room type`;
    case "rate_override":
      return rateOverride(day, s.roomType);
    case "room_block":
      return room ? t`Room ${room}` : t`A room`;
    case "property":
      return name ? t`Hotel ${name}` : t`The hotel`;
    case "member":
      return name ?? t`A team member`;
    case "invitation":
      return name ? t`Invitation for ${name}` : t`An invitation`;
    case "api_token":
      return name ? t`API token “${name}”` : t`An API token`;
    case "webhook":
      return name ? t`Webhook ${name}` : t`A webhook`;
    case "tax_rate":
      return name ? t`Tax rate ${name}` : t`A tax rate`;
    case "product":
      return name ? t`Product ${name}` : t`A product`;
    case "rate_plan":
      return name ? t`Rate plan ${name}` : t`A rate plan`;
    case "day_close":
      return t`Day close`;
    default:
      return capitalize(entry.entityType.replaceAll("_", " "));
  }
}

/** What a stay's status change did: "Asha Rao (RES-7K2Q9) checked in to 101". */
function stayStatusSentence(
  entry: ActivityEntry,
  subject: string,
  status: string,
  context: ActivityContext,
): string {
  const room = value(entry, "roomNumber", "after", context) ?? entry.subject?.room;
  switch (status) {
    case "checked_in":
      return room ? t`${subject} checked in to ${room}` : t`${subject} checked in`;
    case "checked_out":
      return room ? t`${subject} checked out of ${room}` : t`${subject} checked out`;
    case "cancelled":
      return t`${subject} cancelled`;
    case "no_show":
      return t`${subject} marked as a no-show`;
    default: {
      const before = label(RESERVATION_STATUS_WORDS, status);
      return t`${subject} back to ${before}`;
    }
  }
}

/** An entry that changed or saved a record, or added, deleted or revoked one. */
function genericSentence(
  entry: ActivityEntry,
  subject: string,
  verb: string,
  context: ActivityContext,
): { sentence: string; saysTheChange: boolean } {
  const fields = Object.keys(entry.changes).filter((field) => FIELD_WORDS[field]);
  if (verb === "updated" || verb === "saved") {
    // One field changed from one value to another: said in the sentence ("…: price ₹2,000.00 → ₹2,500.00").
    const only = fields.length === 1 ? fields[0] : undefined;
    const { before, after } = (only && entry.changes[only]) || {};
    const line = only ? change(only, entry, context, " ") : null;
    if (line && before !== null && before !== undefined && after !== null && after !== undefined) {
      return { sentence: `${subject}: ${line}`, saysTheChange: true };
    }
    return { sentence: verb === "saved" ? t`${subject} saved` : t`${subject} changed`, saysTheChange: false };
  }
  const said: Record<string, () => string> = {
    created: () => t`${subject} added`,
    deleted: () => t`${subject} deleted`,
    revoked: () => t`${subject} revoked`,
  };
  const sentence = said[verb]?.() ?? `${subject} ${verb.replaceAll("_", " ")}`;
  return { sentence, saysTheChange: false };
}

/** The sentence of an action that has its own ("Payment of ₹1,500.00 (cash) recorded for …"), else null. */
function actionSentence(entry: ActivityEntry, subject: string, context: ActivityContext): string | null {
  const after = (field: string) => value(entry, field, "after", context);
  const before = (field: string) => value(entry, field, "before", context);
  switch (entry.action) {
    case "room.hk_status_changed":
      return `${subject}: ${before("hkStatus") ?? t`none`} → ${after("hkStatus") ?? t`none`}`;
    case "reservation.created":
      return t`${subject} booked`;
    case "payment.recorded":
    case "payment.refunded": {
      const amount = after("amount") ?? t`an amount`;
      const method = after("method");
      if (entry.action === "payment.refunded") {
        return method
          ? t`Refund of ${amount} (${method}) recorded for ${subject}`
          : t`Refund of ${amount} recorded for ${subject}`;
      }
      return method
        ? t`Payment of ${amount} (${method}) recorded for ${subject}`
        : t`Payment of ${amount} recorded for ${subject}`;
    }
    case "charge.posted": {
      const what = after("description") ?? t`a charge`;
      const quantity = Number(entry.changes.quantity?.after ?? 1);
      const item = quantity > 1 ? `${what} × ${quantity}` : what;
      const amount = after("gross");
      return amount ? t`${item} (${amount}) charged to ${subject}` : t`${item} charged to ${subject}`;
    }
    case "charge.voided": {
      const what = before("description") ?? t`a charge`;
      return t`${what} voided on ${subject}`;
    }
    case "invoice.issued": {
      const number = after("number") ?? "";
      const amount = after("gross");
      return amount
        ? t`Invoice ${number} issued for ${subject} (${amount})`
        : t`Invoice ${number} issued for ${subject}`;
    }
    case "day.closed": {
      const day = after("date");
      const automatic = entry.changes.automatic?.after === true;
      if (day) return automatic ? t`${day} closed automatically` : t`${day} closed`;
      return automatic ? t`A day closed automatically` : t`A day closed`;
    }
    case "invoice.emailed": {
      const number = after("number") ?? "";
      return t`Invoice ${number} emailed for ${subject}`;
    }
    case "invoice.credited": {
      const invoice = before("invoice") ?? "";
      const creditNote = after("number") ?? t`a credit note`;
      return t`Invoice ${invoice} credited by ${creditNote} for ${subject}`;
    }
    case "payment.voided": {
      const amount = after("amount") ?? before("amount") ?? t`an amount`;
      return t`Payment of ${amount} voided for ${subject}`;
    }
    case "rate_override.bulk_saved":
      return t`Rates set for several dates`;
    case "room_block.created":
      return t`${subject} taken out of order`;
    case "room_block.deleted":
      return t`${subject} back in service (out-of-order period removed)`;
    case "member.invited":
      return t`${subject} sent`;
    case "member.joined": {
      const role = after("role") ?? t`a member`;
      return t`${subject} joined as ${role}`;
    }
    case "member.role_changed":
      return `${subject}: ${before("role") ?? t`none`} → ${after("role") ?? t`none`}`;
    case "member.removed":
      return t`${subject} removed from the team`;
    case "webhook.redelivered":
      return t`${subject}: an event sent again`;
    case "guest.merged":
      return t`${subject}: another profile merged in`;
    case "guest.exported":
      return t`${subject}: personal data exported`;
    case "guest.anonymized":
      return t`${subject}: personal data erased`;
    default:
      return null;
  }
}

/** The sentence for `entry` and its details. */
export function activityText(entry: ActivityEntry, context: ActivityContext): ActivityText {
  const subject = subjectText(entry, context);
  const [, verb = ""] = entry.action.split(".");
  const own = actionSentence(entry, subject, context);
  const { sentence, saysTheChange } =
    own !== null
      ? { sentence: own, saysTheChange: false }
      : entry.entityType === "reservation" && verb !== "updated"
        ? { sentence: stayStatusSentence(entry, subject, verb, context), saysTheChange: false }
        : genericSentence(entry, subject, verb, context);
  // A deleted record's entry holds its last values: the sentence names it, the values add nothing.
  const quiet = saysTheChange || verb === "deleted";
  return { sentence, details: quiet ? [] : details(entry, context) };
}
