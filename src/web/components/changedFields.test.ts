import { describe, expect, it } from "vitest";
import { changedFields } from "./changedFields.js";

describe("changedFields", () => {
  it("keeps only the fields whose value changed", () => {
    expect(
      changedFields(
        { name: "Twin", capacity: 2, baseRate: 1500 },
        { name: "Twin", capacity: 3, baseRate: 1500 },
      ),
    ).toEqual({
      capacity: 3,
    });
  });
  it("is empty when nothing changed", () => {
    expect(changedFields({ price: null, minLOS: 1 }, { price: null, minLOS: 1 })).toEqual({});
  });
  it("sees a price cleared to null and a type set to none", () => {
    expect(
      changedFields(
        { price: 2000 as number | null, roomTypeId: "a" as string | null },
        { price: null, roomTypeId: null },
      ),
    ).toEqual({
      price: null,
      roomTypeId: null,
    });
  });
});
