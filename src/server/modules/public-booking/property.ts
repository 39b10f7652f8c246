/**
 * The property a public request names by its code, while its booking engine is on: the one lookup every
 * public route starts with, so an engine switched off answers 404 everywhere, exactly like an unknown code.
 */
import { sql } from "drizzle-orm";
import { AppError, MESSAGES } from "../../../domain/errors.js";
import { BatchedReads } from "../../db/batched-reads.js";
import type { Db } from "../../db/connect.js";
import { arrayLiteral, queryRows } from "../../db/rows.js";

export type EngineProperty = {
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  /** The property's latest event (kept offers are served while it is the one they reflect, offers.ts). */
  eventSeq: number;
};

type PropertyRow = {
  code: string;
  id: string;
  name: string;
  currency: string;
  time_zone: string;
  enabled: boolean;
  event_seq: string | number;
};

/**
 * The properties with these codes, their engines on or off. Codes are not unique across properties
 * (decision 044): the oldest property with the code answers.
 */
async function readByCodes(db: Db, codes: readonly string[]): Promise<Map<string, EngineProperty | null>> {
  const rows = await queryRows<PropertyRow>(
    db,
    sql`select distinct on (code) code, id, name, currency, time_zone, booking_engine_enabled as enabled,
               event_seq
          from properties
         where code = any(${arrayLiteral(codes)}::text[])
         order by code, created_at, id`,
  );
  return new Map(
    rows.map((row) => [
      row.code,
      row.enabled
        ? {
            id: row.id,
            name: row.name,
            currency: row.currency,
            timeZone: row.time_zone,
            eventSeq: Number(row.event_seq),
          }
        : null,
    ]),
  );
}

const found = (property: EngineProperty | null | undefined): EngineProperty => {
  if (!property) throw new AppError("not_found", MESSAGES.notFound);
  return property;
};

/** The property with `code` (404 while its engine is off or no property has it). */
export async function engineProperty(db: Db, code: string): Promise<EngineProperty> {
  return found((await readByCodes(db, [code])).get(code));
}

/**
 * `engineProperty` for the public reads that crowds send (the page, the offers): the codes asked for while a
 * lookup is in flight are looked up together in the next (src/server/db/batched-reads.ts), so each request
 * still sees every change committed before it arrived.
 */
export function engineProperties(db: Db): (code: string) => Promise<EngineProperty> {
  const reads = new BatchedReads<EngineProperty | null>((codes) => readByCodes(db, codes));
  return async (code) => found(await reads.read(code));
}
