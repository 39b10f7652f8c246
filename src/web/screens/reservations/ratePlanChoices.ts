/**
 * The rate plans a booking or edit form offers (docs/product.md#rate-plans): those on sale that sell the
 * stay's room type, the Standard plan first, as the server's rule (src/domain/rate-plans.ts) will check
 * them. The front desk sells every plan on sale, offered on the booking engine or not.
 */
import { planSellsType } from "../../../domain/rate-plans.js";
import type { RatePlan } from "../../../domain/schemas/rate-plans.js";

/**
 * The plans to offer for `roomTypeId` (null: a stay without a type, which only a plan for all types sells);
 * `current`, a stay's own plan, is kept even when it is off sale or does not sell the type, so the form
 * shows what the stay is on.
 */
export function planChoices(
  plans: readonly RatePlan[],
  roomTypeId: string | null,
  current?: string,
): RatePlan[] {
  const offered = plans.filter(
    (plan) => plan.id === current || (plan.active && planSellsType(plan, roomTypeId)),
  );
  return offered.sort((a, b) => Number(b.standard) - Number(a.standard));
}

/** The plan chosen: the one picked while it is still offered, else the first offered (Standard if it is). */
export function chosenPlan(choices: readonly RatePlan[], picked: string): RatePlan | undefined {
  return choices.find((plan) => plan.id === picked) ?? choices[0];
}
