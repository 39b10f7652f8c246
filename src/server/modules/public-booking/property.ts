/**
 * The property a public request names by its code, while its booking engine is on: the one lookup every
 * public route starts with, so an engine switched off answers 404 everywhere, exactly like an unknown code.
 */
import { asc, eq } from "drizzle-orm";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import type { Db } from "../../db/connect.js";
import { properties } from "../../db/schema.js";

export type EngineProperty = {
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  /** The property's latest event (kept offers are served while it is the one they reflect, offers.ts). */
  eventSeq: number;
};

/** Codes are not unique across properties (decision 044): the oldest property with the code answers. */
export async function engineProperty(db: Db, code: string): Promise<EngineProperty> {
  const [row] = await db
    .select({
      id: properties.id,
      name: properties.name,
      currency: properties.currency,
      timeZone: properties.timeZone,
      enabled: properties.bookingEngineEnabled,
      eventSeq: properties.eventSeq,
    })
    .from(properties)
    .where(eq(properties.code, code))
    .orderBy(asc(properties.createdAt), asc(properties.id))
    .limit(1);
  if (!row?.enabled) throw new AppError("not_found", MESSAGES.notFound);
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    timeZone: row.timeZone,
    eventSeq: Number(row.eventSeq),
  };
}
