import { describe, expect, it } from "vitest";
import type { RatePlan } from "../../../domain/schemas/rate-plans.js";
import {
  BLANK_RATE_PLAN,
  ratePlanChanges,
  ratePlanInput,
  ratePlanValues,
  toggleRoomType,
} from "./ratePlanForm.js";

const plan: RatePlan = {
  id: "p1",
  name: "Bed and breakfast",
  adjustmentPercent: 10,
  perAdultPerNight: 250,
  cancellationDays: null,
  depositPercent: 30,
  roomTypeIds: ["t2", "t1"],
  public: false,
  active: true,
  standard: false,
  createdAt: "2030-01-01T00:00:00.000Z",
};

describe("the rate plan form", () => {
  it("starts a new plan on the Standard plan's terms, and sends blanks as none", () => {
    expect(
      ratePlanInput({ ...BLANK_RATE_PLAN, name: "  Saver ", adjustmentPercent: "", depositPercent: "" }),
    ).toEqual({
      name: "Saver",
      adjustmentPercent: 0,
      perAdultPerNight: 0,
      cancellationDays: 2,
      depositPercent: 0,
      roomTypeIds: [],
      public: true,
      active: true,
    });
  });
  it("reads a plan back as it was saved: a non-refundable one keeps a days value to return to", () => {
    const values = ratePlanValues(plan);
    expect(values).toMatchObject({ nonRefundable: true, cancellationDays: "2", roomTypeIds: ["t1", "t2"] });
    expect(ratePlanInput(values)).toMatchObject({ cancellationDays: null, perAdultPerNight: 250 });
    expect(ratePlanInput({ ...values, nonRefundable: false, cancellationDays: "7" }).cancellationDays).toBe(
      7,
    );
  });
  it("sends only what an edit changed; the same room types in another order are no change", () => {
    const before = ratePlanInput(ratePlanValues(plan));
    expect(ratePlanChanges(before, ratePlanInput(ratePlanValues(plan)))).toEqual({});
    const edited = {
      ...ratePlanValues(plan),
      depositPercent: "50",
      roomTypeIds: toggleRoomType(["t1", "t2"], "t3", true),
    };
    expect(ratePlanChanges(before, ratePlanInput(edited))).toEqual({
      depositPercent: 50,
      roomTypeIds: ["t1", "t2", "t3"],
    });
  });
  it("ticks and unticks a room type, keeping the list sorted", () => {
    expect(toggleRoomType(["b"], "a", true)).toEqual(["a", "b"]);
    expect(toggleRoomType(["a", "b"], "a", false)).toEqual(["b"]);
    expect(toggleRoomType(["a"], "a", true)).toEqual(["a"]);
  });
});
