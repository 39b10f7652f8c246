/**
 * What a webhook form offers: everything (`*`) or whole families (`reservation.*`), derived from the
 * contract's EVENT_PATTERNS so a new family appears here without a change. Single event types stay possible
 * through the API; the table shows whatever a subscription names.
 */
import { t } from "@lingui/core/macro";
import { EVENT_PATTERNS } from "../../../domain/events.js";

export const ALL_EVENTS = "*";

export const EVENT_FAMILIES: readonly string[] = EVENT_PATTERNS.filter(
  (pattern) => pattern !== ALL_EVENTS && pattern.endsWith(".*"),
);

/** The patterns to send for the boxes ticked: `*` alone when "All events" is. */
export function chosenPatterns(all: boolean, families: ReadonlySet<string>): string[] {
  return all ? [ALL_EVENTS] : EVENT_FAMILIES.filter((family) => families.has(family));
}

/** A subscription's events as the table shows them (called while rendering, in the language shown). */
export function eventsLabel(events: readonly string[]): string {
  return events.includes(ALL_EVENTS) ? t`All events` : events.join(", ");
}
