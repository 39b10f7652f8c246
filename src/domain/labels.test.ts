import { describe, expect, it } from "vitest";
import {
  DOCUMENT_TYPES,
  HK_STATUSES,
  PAYMENT_METHODS,
  RESERVATION_STATUSES,
  ROOM_STATUSES,
} from "./constants.js";
import {
  capitalize,
  countryChoices,
  countryName,
  DOCUMENT_TYPE_LABELS,
  guestDisplayName,
  HK_STATUS_LABELS,
  languageName,
  PAYMENT_METHOD_LABELS,
  RESERVATION_STATUS_LABELS,
  ROOM_STATUS_LABELS,
  stayDisplayName,
  staysLabel,
} from "./labels.js";

describe("labels", () => {
  it.each([
    ["reservation status", RESERVATION_STATUSES, RESERVATION_STATUS_LABELS],
    ["housekeeping status", HK_STATUSES, HK_STATUS_LABELS],
    ["room status", ROOM_STATUSES, ROOM_STATUS_LABELS],
    ["payment method", PAYMENT_METHODS, PAYMENT_METHOD_LABELS],
    ["document type", DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS],
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

  it("counts stays in words", () => {
    expect(staysLabel(0)).toBe("0 stays");
    expect(staysLabel(1)).toBe("1 stay");
    expect(staysLabel(3)).toBe("3 stays");
  });

  it("capitalizes the first letter only", () => {
    expect(capitalize("checked in")).toBe("Checked in");
    expect(capitalize("")).toBe("");
  });

  it("names countries and languages in English, and shows an unknown code as it is", () => {
    expect(countryName("IN")).toBe("India");
    expect(countryName("ES")).toBe("Spain");
    expect(countryName("")).toBe("");
    expect(countryName("QQ")).toBe("QQ");
    expect(languageName("hi")).toBe("Hindi");
    expect(languageName("en-IN")).toBe("English (India)");
    expect(languageName("")).toBe("");
    expect(languageName("not a tag")).toBe("not a tag");
  });

  it("offers countries by name, once each, without withdrawn codes or the non-countries", () => {
    const choices = countryChoices();
    const codes = choices.map((choice) => choice.code);
    expect(codes).toContain("IN");
    expect(codes).toContain("GB");
    for (const gone of ["SU", "YU", "UK", "EU", "UN", "ZZ"]) expect(codes).not.toContain(gone);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(choices.map((choice) => choice.name)).size).toBe(choices.length);
    const names = choices.map((choice) => choice.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });
});

describe("guestDisplayName", () => {
  it("names a profile by its name, else its email or phone, else says it has none", () => {
    expect(guestDisplayName({ name: " Asha Rao ", email: "a@example.com" })).toBe("Asha Rao");
    expect(guestDisplayName({ name: "", email: "a@example.com", phone: "+91 1" })).toBe("a@example.com");
    expect(guestDisplayName({ name: " ", email: "", phone: "+91 1" })).toBe("+91 1");
    expect(guestDisplayName({ name: "", email: "", phone: "" })).toBe("Guest without a name");
  });
});
