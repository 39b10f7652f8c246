/**
 * The booking engine's offers (docs/product.md#booking-engine): each room type that can be sold for the
 * dates and guests, with every public plan's total. The rules are the front desk's: the room-type and hotel
 * inventory (`vacancyOf`: `soldOutNight`, the rule the database refuses a booking by), stop-sell and minimum stay
 * (`findRestriction`), capacity, and the one pricing rule (`nightlyRates`, as `stayNightlyRates`, once per room type, then each
 * plan by `priceOnPlan`: what `priceStay` does). One database function reads it all (`innkeep_sellable`,
 * migration 0027), with the property's event number in the same snapshot, so an answer can be kept until
 * the property's next change (decision 045). An offer is only a quote: the booking checks everything again,
 * under the database's locks.
 */
import { sql } from "drizzle-orm";
import { compareIsoDates, dateSequence, todayIn } from "../../../domain/dates.js";
import type { RateOverride } from "../../../domain/pricing.js";
import { nightlyRates, priceOnPlan } from "../../../domain/pricing.js";
import { depositDue, planSellsType } from "../../../domain/rate-plans.js";
import { findRestriction, type Restriction } from "../../../domain/restrictions.js";
import type { RoomOffer } from "../../../domain/schemas/public-booking.js";
import { nightsBetween } from "../../../domain/stays.js";
import type { Db } from "../../db/connect.js";
import { queryRows } from "../../db/rows.js";
import { type NightUse, type TypeRooms, vacancyOf } from "../quotes/index.js";
import type { StayPlan } from "../reservations/index.js";
import type { EngineProperty } from "./property.js";

export type OfferRequest = { checkIn: string; checkOut: string; adults: number; children: number };

type TypeRow = { id: string; name: string; capacity: number; baseRate: string };
type PlanRow = Omit<StayPlan, "adjustmentPercent" | "perAdultPerNight" | "depositPercent"> & {
  adjustmentPercent: string;
  perAdultPerNight: string;
  depositPercent: string;
};
type OffersRow = {
  seq: string | number | null;
  types: string;
  rooms: string;
  nights: string;
  overrides: string;
  plans: string;
};

/**
 * What offers are worked out from, for the nights from `from` to `to` (exclusive), as of event `seq`: the
 * room types, their rooms, the nights' use, the overrides and the public plans on sale.
 */
export type Sellable = {
  seq: number;
  types: SellableType[];
  rooms: TypeRooms[];
  uses: NightUse[];
  overrides: SellableOverride[];
  plans: StayPlan[];
};
export type SellableType = TypeRow;
export type SellableOverride = RateOverride & Restriction;

/** The nights from `from` to `to` (exclusive) as the database has them now, in one snapshot. */
export async function readSellable(db: Db, propertyId: string, from: string, to: string): Promise<Sellable> {
  const [row] = await queryRows<OffersRow>(
    db,
    sql`select * from innkeep_sellable(${propertyId}, ${from}::date, ${to}::date)`,
  );
  if (!row) throw new Error("the offers statement returned no row");
  const plans = (JSON.parse(row.plans) as PlanRow[]).map(
    (plan): StayPlan => ({
      ...plan,
      adjustmentPercent: Number(plan.adjustmentPercent),
      perAdultPerNight: Number(plan.perAdultPerNight),
      depositPercent: Number(plan.depositPercent),
    }),
  );
  return {
    seq: Number(row.seq ?? 0),
    types: JSON.parse(row.types) as TypeRow[],
    rooms: JSON.parse(row.rooms) as TypeRooms[],
    uses: JSON.parse(row.nights) as NightUse[],
    overrides: JSON.parse(row.overrides) as SellableOverride[],
    plans,
  };
}

/** Offers as of the property's event `seq`: the answer a search is served (kept by the route). */
export type Offers = { seq: number; offers: RoomOffer[] };

/**
 * What can be sold for the request, room type by type, read from the database for it alone; none when
 * nothing can (or the dates are past). The route works from the property's kept snapshot instead
 * (sellable-snapshots.ts): the same answer, by the same `offersFrom`.
 */
export async function listOffers(
  db: Db,
  property: EngineProperty,
  request: OfferRequest,
  now: Date,
): Promise<Offers> {
  if (arrivalPast(property, request, now)) return { seq: property.eventSeq, offers: [] };
  const sellable = await readSellable(db, property.id, request.checkIn, request.checkOut);
  return { seq: sellable.seq, offers: offersFrom(sellable, property, request) };
}

/**
 * The offers for the request from what is sellable over its nights (`sellable` may hold other nights too:
 * only the request's are looked at).
 */
export function offersFrom(
  { types, rooms, uses, overrides, plans }: Sellable,
  property: EngineProperty,
  request: OfferRequest,
): RoomOffer[] {
  const nights = dateSequence(request.checkIn, nightsBetween(request.checkIn, request.checkOut));
  const guests = request.adults + request.children;
  const soldOut = vacancyOf(uses, rooms);
  const offers: RoomOffer[] = [];
  for (const type of types) {
    if (type.capacity < guests) continue;
    if (soldOut(type.id, nights, null) !== null) continue;
    const stay = { checkInDate: request.checkIn, checkOutDate: request.checkOut, roomTypeId: type.id };
    const own = overrides.filter((o) => o.roomTypeId === null || o.roomTypeId === type.id);
    if (findRestriction(stay, own) !== null) continue;
    // The type's nights priced once; each plan then applies to those prices.
    const baseRates = nightlyRates(nights, type.id, Number(type.baseRate), own);
    const offered = plans
      .filter((plan) => planSellsType(plan, type.id))
      .map((plan) => {
        const priced = priceOnPlan(baseRates, plan, request.adults, property.currency);
        return {
          ratePlanId: plan.id,
          name: plan.name,
          total: priced.total,
          nights: nights.map((date, i) => ({ date, price: priced.nightlyRates[i] ?? 0 })),
          cancellationDays: plan.cancellationDays,
          depositDue: depositDue(plan, priced.total, property.currency),
        };
      });
    if (offered.length > 0) {
      offers.push({ roomTypeId: type.id, roomTypeName: type.name, capacity: type.capacity, plans: offered });
    }
  }
  return offers;
}

/** An arrival before the hotel's today: nothing is offered (and no answer for it is kept). */
export function arrivalPast(property: EngineProperty, request: OfferRequest, now: Date): boolean {
  return compareIsoDates(request.checkIn, todayIn(property.timeZone, now)) < 0;
}
