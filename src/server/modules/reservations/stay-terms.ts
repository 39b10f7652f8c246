/**
 * What a stay is sold on: its room and room type (both the property's), the type's base rate and capacity,
 * the overrides that price or restrict its nights, and the property's "today". One statement reads it all
 * (the database function `innkeep_stay_terms`): on PGlite every round trip blocks the server's only thread,
 * so a create or an edit makes as few as it can.
 * `checkStayTerms` then applies the rules in the contract's order (400 before 409) and prices the nights.
 */
import { sql } from "drizzle-orm";
import { stayProblem } from "../../../domain/date-ranges.js";
import { compareIsoDates, type IsoDate, todayIn } from "../../../domain/dates.js";
import { AppError, fieldError } from "../../../domain/errors.js";
import { stayNightlyRates, sumMoney } from "../../../domain/pricing.js";
import { findRestriction, restrictionMessage } from "../../../domain/restrictions.js";
import type { Db } from "../../db/connect.js";
import { ROOM_TYPE_NOT_FOUND } from "../room-types/index.js";
import { ROOM_NOT_FOUND } from "../rooms/index.js";

/** numeric(12, 2): the largest total the column holds. */
const MAX_TOTAL = 9_999_999_999.99;

export type StayRequest = {
  roomId: string | null;
  roomTypeId: string | null;
  checkInDate: IsoDate;
  checkOutDate: IsoDate;
  adults: number;
  children: number;
};

type TermsRow = {
  roomId: string | null;
  roomNumber: string | null;
  roomRoomTypeId: string | null;
  typeId: string | null;
  baseRate: string | null;
  capacity: number | null;
  timeZone: string | null;
  overrides: string;
};
type OverrideJson = {
  date: string;
  roomTypeId: string | null;
  price: number | null;
  stopSell: boolean;
  minLOS: number;
};

export type StayTerms = {
  roomId: string | null;
  roomNumber: string | null;
  roomTypeId: string | null;
  today: IsoDate;
  nightlyRates: number[];
  total: number;
};

/**
 * What to check: a create checks everything; an edit only what its changes touch
 * (docs/product.md#editing-a-stay).
 */
export type TermChecks = { notBeforeToday: boolean; capacity: boolean; restrictions: boolean };

export async function loadStayTerms(
  db: Db,
  propertyId: string,
  request: StayRequest,
  now: Date,
  checks: TermChecks,
): Promise<StayTerms> {
  // The schemas check a create's dates; an edit's come from the stay and the change together.
  const problem = stayProblem(request.checkInDate, request.checkOutDate);
  if (problem !== null) throw fieldError("checkOutDate", problem);
  // The statement is the database's (migration 0014), planned once per connection: decision 027.
  const result = await db.execute<TermsRow>(sql`
    select * from innkeep_stay_terms(${propertyId}, ${request.roomId}::uuid, ${request.roomTypeId}::uuid,
                                     ${request.checkInDate}::date, ${request.checkOutDate}::date)`);
  const row = (result as unknown as { rows: TermsRow[] }).rows[0];
  if (!row?.timeZone) throw new AppError("not_found", "Property not found");
  if (request.roomId && !row.roomId) throw new AppError("not_found", ROOM_NOT_FOUND);
  if (request.roomTypeId && !row.typeId) throw new AppError("not_found", ROOM_TYPE_NOT_FOUND);
  if (request.roomTypeId && row.roomRoomTypeId && request.roomTypeId !== row.roomRoomTypeId) {
    throw fieldError("roomTypeId", `room ${row.roomNumber} is of another room type`);
  }
  const today = todayIn(row.timeZone, now);
  if (checks.notBeforeToday && compareIsoDates(request.checkInDate, today) < 0) {
    throw fieldError("checkInDate", `a stay cannot start before today (${today})`);
  }
  const guests = request.adults + request.children;
  if (checks.capacity && row.capacity !== null && guests > row.capacity) {
    throw fieldError("adults", `${guests} guests do not fit the room type's capacity of ${row.capacity}`);
  }
  const overrides = JSON.parse(row.overrides) as OverrideJson[];
  const stay = {
    checkInDate: request.checkInDate,
    checkOutDate: request.checkOutDate,
    roomTypeId: row.typeId,
  };
  if (checks.restrictions) {
    const violation = findRestriction(stay, overrides);
    if (violation) throw new AppError("restricted", restrictionMessage(violation));
  }
  const baseRate = row.baseRate === null ? null : Number(row.baseRate);
  const nightlyRates = stayNightlyRates({ ...stay, baseRate, overrides });
  const total = sumMoney(nightlyRates);
  if (total > MAX_TOTAL) throw new AppError("validation", "The stay's total is too large");
  return {
    roomId: row.roomId,
    roomNumber: row.roomNumber,
    roomTypeId: row.typeId,
    today,
    nightlyRates,
    total,
  };
}
