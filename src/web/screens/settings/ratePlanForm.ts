/**
 * The rate plan form's values as typed and as the API takes them (src/domain/schemas/rate-plans.ts), and
 * what an edit changed. Numbers are kept as typed, so a field can be cleared while typing; a blank
 * adjustment, supplement or deposit means none.
 */
import { msg } from "@lingui/core/macro";
import { STANDARD_RATE_PLAN } from "../../../domain/constants.js";
import type { RatePlan, RatePlanCreateInput } from "../../../domain/schemas/rate-plans.js";
import type { Labels } from "./words.js";

export type RatePlanValues = {
  name: string;
  adjustmentPercent: string;
  perAdultPerNight: string;
  /** Days before arrival; kept while "Non-refundable" is ticked, so unticking it brings them back. */
  cancellationDays: string;
  nonRefundable: boolean;
  depositPercent: string;
  /** Sorted, so two lists of the same types compare equal; none: all room types. */
  roomTypeIds: string[];
  public: boolean;
  active: boolean;
};

export type RatePlanInput = Required<RatePlanCreateInput>;

/** The form's labels by the API's field names, so a refusal names a field as the form does. */
export const RATE_PLAN_LABELS: Labels<keyof RatePlanInput> = {
  name: msg`Name`,
  adjustmentPercent: msg`Adjustment (%)`,
  perAdultPerNight: msg`Per adult per night`,
  cancellationDays: msg`Free cancellation (days before arrival)`,
  depositPercent: msg`Deposit (%)`,
  roomTypeIds: msg`Room types`,
  public: msg`Offer on the booking engine`,
  active: msg`On sale`,
};

/** A new plan starts with the Standard plan's terms: on sale and offered online, for every room type. */
export const BLANK_RATE_PLAN: RatePlanValues = {
  name: "",
  adjustmentPercent: "0",
  perAdultPerNight: "0",
  cancellationDays: String(STANDARD_RATE_PLAN.cancellationDays),
  nonRefundable: false,
  depositPercent: "0",
  roomTypeIds: [],
  public: true,
  active: true,
};

export function ratePlanValues(plan: RatePlan): RatePlanValues {
  return {
    name: plan.name,
    adjustmentPercent: String(plan.adjustmentPercent),
    perAdultPerNight: String(plan.perAdultPerNight),
    cancellationDays:
      plan.cancellationDays === null ? BLANK_RATE_PLAN.cancellationDays : String(plan.cancellationDays),
    nonRefundable: plan.cancellationDays === null,
    depositPercent: String(plan.depositPercent),
    roomTypeIds: [...plan.roomTypeIds].sort(),
    public: plan.public,
    active: plan.active,
  };
}

/** Blank is none; anything else is sent as typed, for the schema to refuse if it must. */
const amount = (typed: string) => (typed.trim() === "" ? 0 : Number(typed));

export function ratePlanInput(values: RatePlanValues): RatePlanInput {
  return {
    name: values.name.trim(),
    adjustmentPercent: amount(values.adjustmentPercent),
    perAdultPerNight: amount(values.perAdultPerNight),
    cancellationDays: values.nonRefundable ? null : amount(values.cancellationDays),
    depositPercent: amount(values.depositPercent),
    roomTypeIds: values.roomTypeIds,
    public: values.public,
    active: values.active,
  };
}

/** The fields an edit changed, for the partial PATCH; the room types compare by the types they name. */
export function ratePlanChanges(before: RatePlanInput, after: RatePlanInput): Partial<RatePlanInput> {
  const changes: Partial<Record<keyof RatePlanInput, unknown>> = {};
  for (const field of Object.keys(after) as (keyof RatePlanInput)[]) {
    const same =
      field === "roomTypeIds"
        ? before.roomTypeIds.join() === after.roomTypeIds.join()
        : Object.is(before[field], after[field]);
    if (!same) changes[field] = after[field];
  }
  return changes as Partial<RatePlanInput>;
}

/** The room types with `id` ticked or not, kept sorted. */
export function toggleRoomType(ids: readonly string[], id: string, ticked: boolean): string[] {
  const rest = ids.filter((one) => one !== id);
  return ticked ? [...rest, id].sort() : rest;
}
