import { describe, expect, it } from "vitest";
import { AppError } from "../../../domain/errors.js";
import type { Guest } from "../../../domain/schemas/guests.js";
import {
  byFormField,
  changedProfile,
  EMPTY_GUEST_FIELDS,
  guestFieldValues,
  profileInput,
} from "./profileInput.js";

const guest: Guest = {
  id: "g1",
  propertyId: "p1",
  name: "Asha Rao",
  email: "asha@example.com",
  phone: "+91 98765 43210",
  language: "hi",
  country: "IN",
  dateOfBirth: null,
  documentType: "passport",
  documentNumber: "Z1234567",
  address: "",
  taxId: "",
  notes: "",
  tags: ["VIP", "Corporate"],
  marketingConsent: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  anonymizedAt: null,
};

describe("profile form values", () => {
  it("sends blanks as none, tags as a list, and leaves a new profile's language to the hotel", () => {
    const input = profileInput({ ...EMPTY_GUEST_FIELDS, name: "  Ravi ", tags: " VIP, , Late arrival ," });
    expect(input).toMatchObject({ name: "Ravi", dateOfBirth: null, documentType: null });
    expect(input.tags).toEqual(["VIP", "Late arrival"]);
    expect("language" in input).toBe(false);
  });

  it("an edit sends only what changed, tags compared as lists", () => {
    const record = profileInput(guestFieldValues(guest));
    expect(changedProfile(record, profileInput(guestFieldValues(guest)))).toEqual({});
    const edited = profileInput({
      ...guestFieldValues(guest),
      tags: "VIP,Corporate",
      phone: "+91 90000 00000",
    });
    expect(changedProfile(record, edited)).toEqual({ phone: "+91 90000 00000" });
    const dropped = profileInput({ ...guestFieldValues(guest), tags: "VIP", documentType: "" });
    expect(changedProfile(record, dropped)).toEqual({ tags: ["VIP"], documentType: null });
  });

  it("names a tag's problem as the Tags field's", () => {
    const error = new AppError("validation", "tags.1: must not be blank", [
      { field: "tags.1", message: "must not be blank" },
    ]);
    const named = byFormField(error) as AppError;
    expect(named.fields).toEqual([{ field: "tags", message: "must not be blank" }]);
    expect(named.code).toBe("validation");
  });
});
