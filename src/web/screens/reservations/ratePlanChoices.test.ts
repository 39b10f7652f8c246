import { expect, it } from "vitest";
import type { RatePlan } from "../../../domain/schemas/rate-plans.js";
import { chosenPlan, planChoices } from "./ratePlanChoices.js";
import { quoteQueryOf } from "./useQuote.js";

const plan = (id: string, changes: Partial<RatePlan> = {}): RatePlan => ({
  id,
  name: id,
  adjustmentPercent: 0,
  perAdultPerNight: 0,
  cancellationDays: 2,
  depositPercent: 0,
  roomTypeIds: [],
  public: true,
  active: true,
  standard: false,
  createdAt: "2030-01-01T00:00:00.000Z",
  ...changes,
});

const plans = [
  plan("saver", { roomTypeIds: ["suite"] }),
  plan("standard", { standard: true }),
  plan("retired", { active: false }),
  plan("offline", { public: false }),
];

it("offers the plans on sale that sell the room type, Standard first, online or not", () => {
  expect(planChoices(plans, "suite").map((one) => one.id)).toEqual(["standard", "saver", "offline"]);
  expect(planChoices(plans, "twin").map((one) => one.id)).toEqual(["standard", "offline"]);
  // A stay without a type: only the plans for every type sell it.
  expect(planChoices(plans, null).map((one) => one.id)).toEqual(["standard", "offline"]);
});

it("keeps a stay's own plan on offer, even off sale", () => {
  expect(planChoices(plans, "twin", "retired").map((one) => one.id)).toEqual([
    "standard",
    "retired",
    "offline",
  ]);
});

it("chooses the plan picked while it is offered, else the first", () => {
  const choices = planChoices(plans, "suite");
  expect(chosenPlan(choices, "saver")?.id).toBe("saver");
  expect(chosenPlan(choices, "")?.id).toBe("standard");
  expect(chosenPlan(planChoices(plans, "twin"), "saver")?.id).toBe("standard");
  expect(chosenPlan([], "saver")).toBeUndefined();
});

it("quotes on the chosen plan and the adults, so the total shown is what the booking costs", () => {
  const input = {
    checkInDate: "2030-01-01",
    checkOutDate: "2030-01-03",
    roomId: "",
    roomTypeId: "suite",
    adults: "2",
    children: "",
  };
  expect(quoteQueryOf({ ...input, ratePlanId: "saver" })).toEqual({
    checkInDate: "2030-01-01",
    checkOutDate: "2030-01-03",
    roomTypeId: "suite",
    adults: 2,
    children: 0,
    ratePlanId: "saver",
    availability: "true",
  });
  expect(quoteQueryOf({ ...input, ratePlanId: "" })).not.toHaveProperty("ratePlanId");
});
