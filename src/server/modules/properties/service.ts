import { eq } from "drizzle-orm";
import {
  DEFAULT_CURRENCY,
  DEFAULT_PROPERTY_NAME,
  DEFAULT_TIME_ZONE,
  PROPERTY_CODE_PREFIX,
} from "../../../domain/constants.js";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import type { PropertyUpdateInput } from "../../../domain/schemas.js";
import type { Db } from "../../db/connect.js";
import { properties, propertyMembers } from "../../db/schema.js";

export type PropertyRow = typeof properties.$inferSelect;

export function defaultPropertyCode(userId: string): string {
  return `${PROPERTY_CODE_PREFIX}${userId.slice(0, 6).toUpperCase()}`;
}

/**
 * The caller's own property, created with the spec's defaults on first call. `unique(owner_id)` makes
 * concurrent first calls safe: the losers' inserts do nothing and they read the winner's row.
 */
export async function getOrCreateOwnProperty(db: Db, userId: string): Promise<PropertyRow> {
  const existing = await findOwnProperty(db, userId);
  if (existing) return existing;
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(properties)
      .values({
        ownerId: userId,
        name: DEFAULT_PROPERTY_NAME,
        code: defaultPropertyCode(userId),
        currency: DEFAULT_CURRENCY,
        timeZone: DEFAULT_TIME_ZONE,
      })
      .onConflictDoNothing({ target: properties.ownerId })
      .returning();
    if (created) await tx.insert(propertyMembers).values({ propertyId: created.id, userId, role: "owner" });
  });
  const row = await findOwnProperty(db, userId);
  if (!row) throw new Error("property vanished after creation");
  return row;
}

/** The property the user owns, if it has been created yet. */
export async function findOwnProperty(db: Db, userId: string): Promise<PropertyRow | undefined> {
  const [row] = await db.select().from(properties).where(eq(properties.ownerId, userId)).limit(1);
  return row;
}

export async function getProperty(db: Db, propertyId: string): Promise<PropertyRow> {
  const [row] = await db.select().from(properties).where(eq(properties.id, propertyId)).limit(1);
  if (!row) throw new AppError("not_found", MESSAGES.notFound);
  return row;
}

export async function updateProperty(
  db: Db,
  propertyId: string,
  input: PropertyUpdateInput,
): Promise<PropertyRow> {
  const [row] = await db.update(properties).set(input).where(eq(properties.id, propertyId)).returning();
  if (!row) throw new AppError("not_found", MESSAGES.notFound);
  return row;
}
