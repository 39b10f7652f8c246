/**
 * Rate plans (docs/product.md#rate-plans): how a stay is sold on top of the room type's night price (a
 * percentage, a per-adult supplement), with its cancellation window and deposit. Every property has one
 * "Standard" plan (`standard`), created with the property and never deleted (migration 0026).
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, recordId } from "./columns.js";
import { propertyRef } from "./properties.js";

export const ratePlans = pgTable(
  "rate_plans",
  {
    id: recordId(),
    propertyId: propertyRef(),
    name: text("name").notNull(),
    adjustmentPercent: numeric("adjustment_percent", { precision: 5, scale: 2 }).notNull().default("0"),
    perAdultPerNight: numeric("per_adult_per_night", { precision: 12, scale: 2 }).notNull().default("0"),
    /** Free cancellation until this many days before arrival; null: non-refundable. */
    cancellationDays: integer("cancellation_days"),
    depositPercent: numeric("deposit_percent", { precision: 5, scale: 2 }).notNull().default("0"),
    /** The room types it sells; empty: all of them. */
    roomTypeIds: uuid("room_type_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** Offered by the public booking engine; the front desk sells every active plan. */
    public: boolean("public").notNull().default(true),
    active: boolean("active").notNull().default(true),
    /** The property's "Standard" plan: a stay's plan when none is named. */
    standard: boolean("standard").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "rate_plans_pkey", columns: [t.propertyId, t.id] }),
    uniqueIndex("rate_plans_standard_key").on(t.propertyId).where(sql`${t.standard}`),
    check("rate_plans_adjustment_check", sql`${t.adjustmentPercent} between -100 and 100`),
    check("rate_plans_per_adult_check", sql`${t.perAdultPerNight} >= 0`),
    check("rate_plans_cancellation_check", sql`${t.cancellationDays} >= 0`),
    check("rate_plans_deposit_check", sql`${t.depositPercent} between 0 and 100`),
    check("rate_plans_standard_active_check", sql`${t.active} or not ${t.standard}`),
  ],
);
