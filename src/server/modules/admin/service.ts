/** What administrators see across properties. */
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { properties, users } from "../../db/schema.js";
import type { PropertyRow } from "../properties/index.js";

export type OwnedProperty = { property: PropertyRow; ownerEmail: string | null; ownerEmailVerified: boolean };

/** Every property with its owner's email, newest first. */
export async function listAllProperties(db: Db): Promise<OwnedProperty[]> {
  return db
    .select({
      property: properties,
      ownerEmail: users.email,
      ownerEmailVerified: sql<boolean>`coalesce(${users.emailVerified}, false)`,
    })
    .from(properties)
    .leftJoin(users, eq(users.id, properties.ownerId))
    .orderBy(desc(properties.createdAt), desc(properties.id));
}
