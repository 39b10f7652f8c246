import { describe, expect, it } from "vitest";
import { HK_STATUSES, PAYMENT_METHODS, RESERVATION_STATUSES, ROOM_STATUSES } from "./constants.js";
import {
  capitalize,
  HK_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  RESERVATION_STATUS_LABELS,
  ROOM_STATUS_LABELS,
  stayDisplayName,
} from "./labels.js";

describe("labels", () => {
  it.each([
    ["reservation status", RESERVATION_STATUSES, RESERVATION_STATUS_LABELS],
    ["housekeeping status", HK_STATUSES, HK_STATUS_LABELS],
    ["room status", ROOM_STATUSES, ROOM_STATUS_LABELS],
    ["payment method", PAYMENT_METHODS, PAYMENT_METHOD_LABELS],
  ] as const)("every %s has a label in words, not its code", (_, codes, labels) => {
    for (const code of codes) {
      const label = (labels as Record<string, string>)[code];
      expect(label).toBeTruthy();
      expect(label).not.toContain("_");
    }
    expect(Object.keys(labels).sort()).toEqual([...codes].sort());
  });

  it("names a stay by its guest, or by its code when it has no name", () => {
    expect(stayDisplayName({ guestName: "Asha Rao", code: "RES-7K2Q9" })).toBe("Asha Rao");
    expect(stayDisplayName({ guestName: "", code: "RES-7K2Q9" })).toBe("RES-7K2Q9");
    expect(stayDisplayName({ guestName: "   ", code: "RES-7K2Q9" })).toBe("RES-7K2Q9");
    expect(stayDisplayName({ guestName: null, code: "RES-7K2Q9" })).toBe("RES-7K2Q9");
  });

  it("capitalizes the first letter only", () => {
    expect(capitalize("checked in")).toBe("Checked in");
    expect(capitalize("")).toBe("");
  });
});
