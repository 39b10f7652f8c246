import { createHash } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import {
  DEFAULT_CURRENCY,
  DEFAULT_PROPERTY_NAME,
  DEFAULT_TIME_ZONE,
  PROPERTY_CODE_PREFIX,
} from "../../../domain/constants.js";
import { type IsoDate, todayIn } from "../../../domain/dates.js";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import { minorDigits } from "../../../domain/money.js";
import { isRole, type Role } from "../../../domain/permissions.js";
import type { PropertyUpdateInput } from "../../../domain/schemas/properties.js";
import type { Db } from "../../db/connect.js";
import { properties, propertyMembers } from "../../db/schema.js";
import { type Actor, changed, recordActivity, withActivity } from "../activity/index.js";
import { refreshFolioTotals } from "../folio/index.js";

export type PropertyRow = typeof properties.$inferSelect;
export type MemberProperty = { property: PropertyRow; role: Role };

export function defaultPropertyCode(userId: string): string {
  return `${PROPERTY_CODE_PREFIX}${userId.slice(0, 6).toUpperCase()}`;
}

/**
 * The id of the property a user creates for themselves: a name-based UUID (version 5, RFC 9562) of their
 * user id, so one user can own only one such property and concurrent first calls collide on the primary key,
 * on every backend (a unique owner column would need the distribution column on Citus).
 */
export function ownPropertyId(userId: string): string {
  const bytes = createHash("sha1").update(OWN_PROPERTY_NAMESPACE).update(userId.toLowerCase()).digest();
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The namespace of ownPropertyId's names (a fixed random UUID's bytes: any constant would do). */
const OWN_PROPERTY_NAMESPACE = Buffer.from("5b0f6b1e8f0a4e7c9d2a3c4b5e6f7a81", "hex");

/** Every property the user belongs to: their own first, then in the order they joined. */
export async function listMemberProperties(db: Db, userId: string): Promise<MemberProperty[]> {
  const rows = await db
    .select({ property: properties, role: propertyMembers.role })
    .from(propertyMembers)
    .innerJoin(properties, eq(properties.id, propertyMembers.propertyId))
    .where(eq(propertyMembers.userId, userId))
    .orderBy(sql`${propertyMembers.role} = 'owner' desc`, asc(propertyMembers.createdAt), asc(properties.id));
  return rows.flatMap((row) => (isRole(row.role) ? [{ property: row.property, role: row.role }] : []));
}

/**
 * The caller's first property (their own if they have one). Only a user who belongs to no property gets
 * one, created with the defaults (docs/product.md#properties-and-settings): an invited user lands in the
 * inviting hotel. Its id is ownPropertyId's, which makes concurrent first calls safe: the losers' inserts do
 * nothing and they read the winner's row.
 */
export async function getOrCreateFirstProperty(
  db: Db,
  actor: Actor & { id: string },
): Promise<MemberProperty> {
  const [first] = await listMemberProperties(db, actor.id);
  if (first) return first;
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(properties)
      .values({
        id: ownPropertyId(actor.id),
        ownerId: actor.id,
        name: DEFAULT_PROPERTY_NAME,
        code: defaultPropertyCode(actor.id),
        currency: DEFAULT_CURRENCY,
        currencyDigits: minorDigits(DEFAULT_CURRENCY),
        timeZone: DEFAULT_TIME_ZONE,
      })
      .onConflictDoNothing({ target: properties.id })
      .returning();
    if (!created) return;
    await tx.insert(propertyMembers).values({ propertyId: created.id, userId: actor.id, role: "owner" });
    await recordActivity(tx as unknown as Db, created.id, actor, {
      action: "property.created",
      entityType: "property",
      entityId: created.id,
      changes: { name: { before: null, after: created.name } },
    });
  });
  const [row] = await listMemberProperties(db, actor.id);
  if (!row) throw new Error("property vanished after creation");
  return row;
}

export async function getProperty(db: Db, propertyId: string): Promise<PropertyRow> {
  const [row] = await db.select().from(properties).where(eq(properties.id, propertyId)).limit(1);
  if (!row) throw new AppError("not_found", MESSAGES.notFound);
  return row;
}

/** Edits the property's settings and writes the entry, in one transaction. */
export async function updateProperty(
  db: Db,
  propertyId: string,
  actor: Actor,
  input: PropertyUpdateInput,
): Promise<PropertyRow> {
  const { after } = await withActivity(
    db,
    propertyId,
    actor,
    (tx) => changeProperty(tx, propertyId, input),
    ({ before, after }) => ({
      action: "property.updated",
      entityType: "property",
      entityId: propertyId,
      changes: changed(before, after, LOGGED_SETTINGS),
    }),
  );
  return after;
}

const LOGGED_SETTINGS = [
  "name",
  "currency",
  "timeZone",
  "guestRetentionMonths",
  "pricesIncludeTax",
  "legalName",
  "address",
  "taxId",
  "invoicePrefix",
  "cityTaxPerAdultPerNight",
  "cityTaxName",
  "dayCloseTime",
  "autoNoShow",
  "stayoverDirty",
  "bookingEngineEnabled",
] as const;

/** Settings the stays' folio totals are worked out from (migration 0022 `innkeep_folio_total`). */
const FOLIO_SETTINGS = ["currencyDigits", "pricesIncludeTax", "cityTaxPerAdultPerNight"] as const;

async function changeProperty(
  db: Db,
  propertyId: string,
  input: PropertyUpdateInput,
): Promise<{ before: PropertyRow; after: PropertyRow }> {
  const [before] = await db.select().from(properties).where(eq(properties.id, propertyId)).for("update");
  const { cityTaxPerAdultPerNight, ...rest } = input;
  const [after] = await db
    .update(properties)
    .set({
      ...rest,
      ...(rest.currency === undefined ? {} : { currencyDigits: minorDigits(rest.currency) }),
      ...(cityTaxPerAdultPerNight === undefined
        ? {}
        : { cityTaxPerAdultPerNight: cityTaxPerAdultPerNight.toFixed(2) }),
    })
    .where(eq(properties.id, propertyId))
    .returning();
  if (!before || !after) throw new AppError("not_found", MESSAGES.notFound);
  if (FOLIO_SETTINGS.some((field) => before[field] !== after[field])) {
    await refreshFolioTotals(db, propertyId);
  }
  return { before, after };
}

/** The property's "today" in its time zone (status changes and deletes need no prices). */
export async function propertyToday(db: Db, propertyId: string, now: Date): Promise<IsoDate> {
  const result = await db.execute<{ timeZone: string }>(
    sql`select time_zone as "timeZone" from properties where id = ${propertyId}`,
  );
  const row = (result as unknown as { rows: { timeZone: string }[] }).rows[0];
  if (!row) throw new AppError("not_found", "Property not found");
  return todayIn(row.timeZone, now);
}
