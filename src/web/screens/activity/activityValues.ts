/**
 * An activity entry's values in the language shown (docs/decisions/047-languages.md): a field's value in words
 * ("checked in", "₹2,000.00", "24 Dec", "1 night"), a change of one ("check-out: 26 Dec → 27 Dec") and the
 * time of an entry, as `src/domain/activity-text.ts` writes them in English. Called while a screen renders.
 */
import { i18n, type MessageDescriptor } from "@lingui/core";
import { plural, t } from "@lingui/core/macro";
import { MONEY_FIELDS } from "../../../domain/activity-fields.js";
import { type ActivityContext, formatActivityTime } from "../../../domain/activity-text.js";
import { isIsoDate } from "../../../domain/dates.js";
import { formatMoney } from "../../../domain/money.js";
import type { ActivityEntry } from "../../../domain/schemas/activity.js";
import { dateWords, localeOf, writesAsEnglish } from "../../i18n/format.js";
import {
  HK_STATUS_WORDS,
  PAYMENT_KIND_WORDS,
  PAYMENT_METHOD_WORDS,
  RESERVATION_STATUS_WORDS,
} from "../../i18n/labels.js";
import { FIELD_WORDS, ROLE_WORDS } from "./activityWords.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const english = () => writesAsEnglish(i18n.locale);
/** When an entry happened, on the hotel's clock: "24 Dec 2026, 14:05" (`formatActivityTime`), "24 dic 2026, 14:05". */
export function activityTime(at: string, timeZone: string): string {
  return english()
    ? formatActivityTime(at, timeZone)
    : formatActivityTime(at, timeZone, localeOf(i18n.locale));
}

/** A logged field's name in words. */
export function fieldName(field: string): string | null {
  const words = FIELD_WORDS[field];
  return words ? i18n._(words) : null;
}

/** A code in words (a status, a method); an unknown one with its underscores as spaces. */
export function label(words: Readonly<Record<string, MessageDescriptor>>, value: string): string {
  const found = words[value];
  return found ? i18n._(found) : value.replaceAll("_", " ");
}

/** A calendar date as the log writes it: "24 Dec", "2 Jan 2027". */
export function dayText(date: string, context: ActivityContext): string {
  return dateWords(i18n.locale).day(date, context.today);
}

/** One value in words. `null` when there is nothing to say (an unknown id). */
function valueText(
  field: string,
  value: unknown,
  entry: ActivityEntry,
  context: ActivityContext,
): string | null {
  if (value === null || value === undefined || value === "") return t`none`;
  if (Array.isArray(value)) {
    const parts = value.map((item) => valueText(field, item, entry, context)).filter((part) => part !== null);
    return parts.length > 0 ? parts.join(", ") : t`none`;
  }
  if (typeof value === "boolean") return value ? t`yes` : t`no`;
  const locale = localeOf(i18n.locale);
  if (MONEY_FIELDS.has(field) && !Number.isNaN(Number(value))) {
    return formatMoney(Number(value), context.currency, { locale });
  }
  if (field === "minLOS") {
    const nights = Number(value);
    return Number.isNaN(nights) ? String(value) : plural(nights, { one: "# night", other: "# nights" });
  }
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") return null;
  if (field === "status") return label(RESERVATION_STATUS_WORDS, value);
  if (field === "hkStatus") return label(HK_STATUS_WORDS, value);
  if (field === "method") return label(PAYMENT_METHOD_WORDS, value);
  if (field === "kind") return label(PAYMENT_KIND_WORDS, value);
  if (field === "role") return ROLE_WORDS[value] ? i18n._(ROLE_WORDS[value]) : value;
  // An id is never shown: its record's name, or nothing.
  if (field.endsWith("Id") || UUID.test(value)) return entry.names[value] ?? null;
  if (isIsoDate(value)) return dayText(value, context);
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return activityTime(value, context.timeZone);
  return value;
}

/** "check-out: 26 Dec → 27 Dec" (or, inside a sentence, with `separator` " ": "price ₹2,000.00 → ₹2,500.00"). */
export function change(
  field: string,
  entry: ActivityEntry,
  context: ActivityContext,
  separator = ": ",
): string | null {
  const { before, after } = entry.changes[field] ?? {};
  const was = before === null || before === undefined ? null : valueText(field, before, entry, context);
  const now = after === null || after === undefined ? null : valueText(field, after, entry, context);
  if (was === null && now === null) return null;
  const name = `${fieldName(field)}${separator}`;
  if (was === null) return `${name}${now}`;
  if (now === null) return `${name}${was} → ${t`none`}`;
  return `${name}${was} → ${now}`;
}

/** A field's value before or after the change, in words. */
export function value(
  entry: ActivityEntry,
  field: string,
  side: "before" | "after",
  context: ActivityContext,
): string | null {
  const raw = entry.changes[field]?.[side];
  return raw === null || raw === undefined ? null : valueText(field, raw, entry, context);
}
