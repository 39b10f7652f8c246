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
import { type PlanPricing, priceStay } from "../../../domain/pricing.js";
import { type PlanTerms, planSellsType } from "../../../domain/rate-plans.js";
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
  /** The plan it is sold on; null or absent: the property's Standard plan. */
  ratePlanId?: string | null | undefined;
};

/** The plan a stay is priced on, as `innkeep_stay_terms` reads it. */
export type StayPlan = PlanPricing &
  PlanTerms & { id: string; name: string; active: boolean; public: boolean };

type TermsRow = {
  roomId: string | null;
  roomNumber: string | null;
  roomRoomTypeId: string | null;
  typeId: string | null;
  typeName: string | null;
  baseRate: string | null;
  capacity: number | null;
  propertyName: string | null;
  timeZone: string | null;
  currency: string | null;
  overrides: string;
  plan: string | null;
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
  roomTypeName: string | null;
  propertyName: string;
  today: IsoDate;
  currency: string;
  plan: StayPlan;
  nightlyRates: number[];
  total: number;
};

/**
 * What to check: a create checks everything; an edit only what its changes touch
 * (docs/product.md#editing-a-stay).
 */
export type TermChecks = {
  notBeforeToday: boolean;
  capacity: boolean;
  restrictions: boolean;
  /** The plan is on sale and sells the room type (an edit that keeps both keeps a retired plan's price). */
  plan: boolean;
};

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
                                     ${request.checkInDate}::date, ${request.checkOutDate}::date,
                                     ${request.ratePlanId ?? null}::uuid)`);
  const row = (result as unknown as { rows: TermsRow[] }).rows[0];
  if (!row?.timeZone || !row.currency || row.propertyName === null) {
    throw new AppError("not_found", "Property not found");
  }
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
  const plan = stayPlan(row.plan, request.ratePlanId ?? null);
  if (checks.plan) checkPlanSells(plan, row.typeId);
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
  const { nightlyRates, total } = priceStay({
    ...stay,
    baseRate,
    overrides,
    plan,
    adults: request.adults,
    currency: row.currency,
  });
  if (total > MAX_TOTAL) throw new AppError("validation", "The stay's total is too large");
  return {
    roomId: row.roomId,
    roomNumber: row.roomNumber,
    roomTypeId: row.typeId,
    roomTypeName: row.typeName,
    propertyName: row.propertyName,
    today,
    currency: row.currency,
    plan,
    nightlyRates,
    total,
  };
}

/** The plan the stay names (refused when it is not the property's), or the Standard plan. */
function stayPlan(json: string | null, requested: string | null): StayPlan {
  if (json === null) {
    if (requested !== null) throw fieldError("ratePlanId", "is not a rate plan of this property");
    throw new Error("the property has no Standard rate plan");
  }
  const raw = JSON.parse(json) as Omit<
    StayPlan,
    "adjustmentPercent" | "perAdultPerNight" | "depositPercent"
  > & {
    adjustmentPercent: string | number;
    perAdultPerNight: string | number;
    depositPercent: string | number;
  };
  const plan: StayPlan = {
    ...raw,
    adjustmentPercent: Number(raw.adjustmentPercent),
    perAdultPerNight: Number(raw.perAdultPerNight),
    depositPercent: Number(raw.depositPercent),
  };
  return plan;
}

function checkPlanSells(plan: StayPlan, roomTypeId: string | null): void {
  if (!plan.active) throw fieldError("ratePlanId", `${plan.name} is not on sale`);
  if (!planSellsType(plan, roomTypeId))
    throw fieldError("ratePlanId", `${plan.name} does not sell this room type`);
}
