/**
 * Drizzle schema for every table, one file per area under tables/ (this file is what drizzle-kit reads and
 * what the code imports). The exclusion constraint against overlapping stays and the
 * change-notification triggers cannot be expressed here; they live in the hand-written migration
 * `0001_constraints_and_triggers.sql`.
 */
export * from "./tables/activity.js";
export * from "./tables/emails.js";
export * from "./tables/folio.js";
export * from "./tables/guests.js";
export * from "./tables/integrations.js";
export * from "./tables/inventory.js";
export * from "./tables/properties.js";
export * from "./tables/rate-plans.js";
export * from "./tables/stays.js";
