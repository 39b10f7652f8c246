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
  /**
   * Each stay's folio: its lines follow from the stay (nights, guests), its charges and payments, its
   * invoices (which lines are invoiced), the property's tax settings and the rates its nights are taxed at.
   */
  folios: (pid: string) => ["property", pid, "folios"] as const,
  /** The register and each stay's invoices and credit notes. */
  invoices: (pid: string) => ["property", pid, "invoices"] as const,
  taxRates: (pid: string) => ["property", pid, "tax-rates"] as const,
  products: (pid: string) => ["property", pid, "products"] as const,
  ratePlans: (pid: string) => ["property", pid, "rate-plans"] as const,
  /** The outbox (Settings → Emails). */
  emails: (pid: string) => ["property", pid, "emails"] as const,
  /** Closed days and their reports (Reports → Day close). */
  dayCloses: (pid: string) => ["property", pid, "day-closes"] as const,
};

export function keysForTable(pid: string, table: LiveTable): (readonly string[])[] {
  switch (table) {
    case "properties":
      // The property's key is the prefix of all its queries: its settings (currency, taxes) reach every one.
      return [["own-property"], keys.property(pid), keys.reports(pid), keys.adminProperties, keys.properties];
    case "room_types":
      // A type's tax rate taxes its nights.
      return [
        keys.roomTypes(pid),
        keys.rooms(pid),
        keys.rateOverrides(pid),
        keys.availability(pid),
        keys.folios(pid),
      ];
    case "rooms":
      return [keys.rooms(pid), keys.availability(pid), keys.reports(pid), keys.reservations(pid)];
    case "reservations":
      // A profile shows its stays, their count, nights and revenue: a new or changed stay changes them.
      return [
        keys.reservations(pid),
        keys.availability(pid),
        keys.reports(pid),
        keys.guests(pid),
        keys.folios(pid),
      ];
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
      return [keys.reservations(pid), keys.folios(pid)];
    case "api_tokens":
      return [keys.apiTokens(pid)];
    case "webhooks":
      return [keys.webhooks(pid)];
    case "folio_charges":
      // A charge changes its stay's folio total and balance, which the stays lists show.
      return [keys.folios(pid), keys.reservations(pid)];
    case "invoices":
      // Issuing or crediting marks the folio's lines invoiced or free again.
      return [keys.invoices(pid), keys.folios(pid)];
    case "tax_rates":
      // A rate's name and percentage name the folio's tax rows and the settings' choices.
      return [keys.taxRates(pid), keys.products(pid), keys.folios(pid)];
    case "products":
      return [keys.products(pid)];
    case "rate_plans":
      return [keys.ratePlans(pid)];
    case "day_closes":
      return [keys.dayCloses(pid), keys.reports(pid)];
  }
}
