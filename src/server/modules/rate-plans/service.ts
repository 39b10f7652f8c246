/**
 * Rate plans (docs/product.md#rate-plans): what a stay is sold on. The Standard plan is the database's
 * (created with the property, never deleted or turned off: migration 0026); a plan stays were sold on is
 * kept (409 in_use) and can be turned off instead.
 */
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { LIMITS } from "../../../domain/constants.js";
import { AppError, fieldError } from "../../../domain/errors.js";
import type {
  RatePlan,
  RatePlanUpdateInput,
  ratePlanCreateInput,
} from "../../../domain/schemas/rate-plans.js";
import type { Db } from "../../db/connect.js";
import { pgConstraint } from "../../db/errors.js";
import { properties, ratePlans, roomTypes } from "../../db/schema.js";
import { toIso, toMoney } from "../../http/present.js";
import { type Actor, createRecord, deleteRecord, editRecord, type RecordTarget } from "../activity/index.js";
import { requireMinorUnit } from "../folio/index.js";

type RatePlanRow = typeof ratePlans.$inferSelect;
type RatePlanData = z.output<typeof ratePlanCreateInput>;

export const RATE_PLAN_NOT_FOUND = "Rate plan not found";

export function presentRatePlan(row: RatePlanRow): RatePlan {
  return {
    id: row.id,
    name: row.name,
    adjustmentPercent: toMoney(row.adjustmentPercent),
    perAdultPerNight: toMoney(row.perAdultPerNight),
    cancellationDays: row.cancellationDays,
    depositPercent: toMoney(row.depositPercent),
    roomTypeIds: row.roomTypeIds,
    public: row.public,
    active: row.active,
    standard: row.standard,
    createdAt: toIso(row.createdAt),
  };
}

const logged = {
  type: "rate_plan",
  present: presentRatePlan,
  fields: [
    "name",
    "adjustmentPercent",
    "perAdultPerNight",
    "cancellationDays",
    "depositPercent",
    "roomTypeIds",
    "public",
    "active",
  ] as const,
};

/** The property's plans, the Standard plan first, then oldest first. */
export async function listRatePlans(db: Db, propertyId: string): Promise<RatePlan[]> {
  const rows = await db
    .select()
    .from(ratePlans)
    .where(eq(ratePlans.propertyId, propertyId))
    .orderBy(desc(ratePlans.standard), asc(ratePlans.createdAt), asc(ratePlans.id));
  return rows.map(presentRatePlan);
}

type Checked = Partial<Pick<RatePlanData, "perAdultPerNight" | "roomTypeIds">>;

/** A supplement the currency can hold, and room types of this property. */
async function check(tx: Db, propertyId: string, input: Checked): Promise<void> {
  if (input.perAdultPerNight !== undefined) {
    const [property] = await tx
      .select({ currency: properties.currency })
      .from(properties)
      .where(eq(properties.id, propertyId));
    if (property) requireMinorUnit("perAdultPerNight", input.perAdultPerNight, property.currency);
  }
  const ids = input.roomTypeIds ?? [];
  if (ids.length > 0) {
    const [found] = await tx
      .select({ n: count() })
      .from(roomTypes)
      .where(and(eq(roomTypes.propertyId, propertyId), inArray(roomTypes.id, ids)));
    if ((found?.n ?? 0) !== ids.length)
      throw fieldError("roomTypeIds", "must be room types of this property");
  }
}

const values = (input: Partial<RatePlanData>) => ({
  ...input,
  adjustmentPercent: input.adjustmentPercent === undefined ? undefined : String(input.adjustmentPercent),
  perAdultPerNight: input.perAdultPerNight === undefined ? undefined : String(input.perAdultPerNight),
  depositPercent: input.depositPercent === undefined ? undefined : String(input.depositPercent),
});

export async function createRatePlan(
  db: Db,
  propertyId: string,
  actor: Actor,
  input: RatePlanData,
): Promise<RatePlan> {
  const row = await createRecord(db, propertyId, actor, "rate_plan.created", logged, async (tx) => {
    await check(tx, propertyId, input);
    // Under the property's row lock, so two creates cannot both pass the bound.
    await tx
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.id, propertyId))
      .for("update");
    const [existing] = await tx
      .select({ n: count() })
      .from(ratePlans)
      .where(eq(ratePlans.propertyId, propertyId));
    if ((existing?.n ?? 0) >= LIMITS.maxRatePlans) {
      throw new AppError(
        "conflict",
        `A hotel has at most ${LIMITS.maxRatePlans} rate plans: turn one off or delete one`,
      );
    }
    const [row] = await tx
      .insert(ratePlans)
      .values({ propertyId, ...values(input), name: input.name })
      .returning();
    if (!row) throw new Error("rate plan insert returned no row");
    return row;
  });
  return presentRatePlan(row);
}

export async function updateRatePlan(
  db: Db,
  target: RecordTarget,
  input: RatePlanUpdateInput,
): Promise<RatePlan> {
  const row = await editRecord(db, target, "rate_plan.updated", logged, async (tx) => {
    const where = and(eq(ratePlans.propertyId, target.propertyId), eq(ratePlans.id, target.id));
    const [before] = await tx.select().from(ratePlans).where(where).for("update");
    if (!before) throw new AppError("not_found", RATE_PLAN_NOT_FOUND);
    if (before.standard && input.active === false) {
      throw fieldError(
        "active",
        "the Standard plan is always on sale: it is the plan of every stay that names none",
      );
    }
    await check(tx, target.propertyId, input);
    const [after] = await tx.update(ratePlans).set(values(input)).where(where).returning();
    if (!after) throw new AppError("not_found", RATE_PLAN_NOT_FOUND);
    return { before, after };
  });
  return presentRatePlan(row);
}

/** Deletes a plan no stay was sold on; stays keep the price they were sold at either way. */
export async function deleteRatePlan(db: Db, target: RecordTarget): Promise<RatePlan> {
  const row = await deleteRecord(db, target, "rate_plan.deleted", logged, async (tx) => {
    const where = and(eq(ratePlans.propertyId, target.propertyId), eq(ratePlans.id, target.id));
    const [plan] = await tx.select().from(ratePlans).where(where).for("update");
    if (!plan) throw new AppError("not_found", RATE_PLAN_NOT_FOUND);
    if (plan.standard) {
      throw new AppError(
        "in_use",
        "The Standard plan cannot be deleted: it is the plan of every stay that names none",
      );
    }
    try {
      await tx.delete(ratePlans).where(where);
    } catch (error) {
      if (pgConstraint(error) === "reservations_rate_plan_fk") {
        throw new AppError(
          "in_use",
          `Rate plan "${plan.name}" is in use: stays were sold on it. Turn it off instead`,
        );
      }
      throw error;
    }
    return plan;
  });
  return presentRatePlan(row);
}
