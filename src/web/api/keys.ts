/**
 * Query keys per property and resource, and which keys a change to each table makes stale. Live events
 * and mutations both invalidate through `keysForTable`, so the two can never disagree.
 */
import type { LiveTable } from "../../domain/constants.js";

/**
 * How long an answer counts as fresh without a change. The live feed (and a change's own answer) makes what a
 * change touches stale at once, whatever this says; it spares a second read when a screen mounts on an answer
 * just read, such as the first screen's (decision 031).
 */
export const FRESH_MS = 60_000;

export const keys = {
  property: (pid: string) => ["property", pid] as const,
  roomTypes: (pid: string) => ["property", pid, "room-types"] as const,
  rooms: (pid: string) => ["property", pid, "rooms"] as const,
  reservations: (pid: string) => ["property", pid, "reservations"] as const,
  /** Guest profiles: the list and searches, each profile with its stays, the booking form's suggestions. */
  guests: (pid: string) => ["property", pid, "guests"] as const,
  rateOverrides: (pid: string) => ["property", pid, "rate-overrides"] as const,
  availability: (pid: string) => ["property", pid, "availability"] as const,
  reports: (pid: string) => ["property", pid, "reports"] as const,
  adminProperties: ["admin", "properties"] as const,
  properties: ["properties"] as const,
  members: (pid: string) => ["property", pid, "members"] as const,
  invitations: (pid: string) => ["property", pid, "invitations"] as const,
  activity: (pid: string) => ["property", pid, "activity"] as const,
  roomBlocks: (pid: string) => ["property", pid, "room-blocks"] as const,
  apiTokens: (pid: string) => ["property", pid, "api-tokens"] as const,
  /** The subscriptions and, below them, each one's deliveries. */
  webhooks: (pid: string) => ["property", pid, "webhooks"] as const,
  deliveries: (pid: string, webhookId: string) =>
    ["property", pid, "webhooks", webhookId, "deliveries"] as const,
};

export function keysForTable(pid: string, table: LiveTable): (readonly string[])[] {
  switch (table) {
    case "properties":
      return [["own-property"], keys.property(pid), keys.reports(pid), keys.adminProperties, keys.properties];
    case "room_types":
      return [keys.roomTypes(pid), keys.rooms(pid), keys.rateOverrides(pid), keys.availability(pid)];
    case "rooms":
      return [keys.rooms(pid), keys.availability(pid), keys.reports(pid), keys.reservations(pid)];
    case "reservations":
      // A profile shows its stays, their count, nights and revenue: a new or changed stay changes them.
      return [keys.reservations(pid), keys.availability(pid), keys.reports(pid), keys.guests(pid)];
    case "guests":
      return [keys.guests(pid)];
    case "rate_overrides":
      return [keys.rateOverrides(pid), keys.reports(pid)];
    case "property_members":
      return [keys.members(pid), keys.property(pid), keys.properties];
    case "invitations":
      return [keys.invitations(pid)];
    case "activity":
      return [keys.activity(pid)];
    case "room_blocks":
      return [keys.roomBlocks(pid), keys.availability(pid), keys.reports(pid)];
    case "payments":
      return [keys.reservations(pid)];
    case "api_tokens":
      return [keys.apiTokens(pid)];
    case "webhooks":
      return [keys.webhooks(pid)];
  }
}
