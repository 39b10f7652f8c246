/**
 * The erasure's and the merge's rules on their own (docs/product.md#guests): which values of a log entry are
 * blanked or scrubbed, and what a merged profile keeps.
 */
import { describe, expect, it } from "vitest";
import { ANONYMIZED_GUEST_NAME } from "../../../domain/constants.js";
import type { GuestRow } from "../reservations/index.js";
import { mergedProfile } from "./merge.js";
import { eraseChanges } from "./privacy.js";

describe("erasing a log entry's changes", () => {
  const secrets = ["Asha Rao-Iyer", "asha@example.com", "Asha Rao"];

  it("blanks personal fields, keeping whether they were set, and leaves amounts, dates and codes", () => {
    expect(
      eraseChanges(
        {
          guestName: { before: "Asha Rao", after: "Asha Rao-Iyer" },
          guestEmail: { before: null, after: "asha@example.com" },
          dateOfBirth: { before: "1990-01-01", after: null },
          tags: { before: [], after: ["VIP"] },
          code: { before: null, after: "RES-7K2Q9" },
          total: { before: 3000, after: 4500 },
          checkInDate: { before: "2030-05-10", after: "2030-05-11" },
        },
        secrets,
      ),
    ).toEqual({
      guestName: { before: ANONYMIZED_GUEST_NAME, after: ANONYMIZED_GUEST_NAME },
      guestEmail: { before: null, after: "" },
      dateOfBirth: { before: null, after: null },
      tags: { before: [], after: [] },
      code: { before: null, after: "RES-7K2Q9" },
      total: { before: 3000, after: 4500 },
      checkInDate: { before: "2030-05-10", after: "2030-05-11" },
    });
  });

  it("scrubs the person from any other text, in any case, longest value first", () => {
    expect(
      eraseChanges({ note: { before: null, after: "Paid by ASHA RAO-IYER (asha@example.com)" } }, secrets),
    ).toEqual({ note: { before: null, after: "Paid by  ()" } });
  });
});

describe("merging two profiles", () => {
  const profile = (fields: Partial<GuestRow>): GuestRow =>
    ({
      name: "",
      email: "",
      phone: "",
      country: "",
      dateOfBirth: null,
      documentType: null,
      documentNumber: "",
      address: "",
      taxId: "",
      notes: "",
      tags: [],
      ...fields,
    }) as GuestRow;

  it("keeps the target's values, fills its blanks from the source and joins the tags", () => {
    const target = profile({ name: "Asha Rao", email: "asha@example.com", tags: ["VIP"] });
    const source = profile({
      name: "A. Rao",
      email: "other@example.com",
      phone: "+91 1",
      documentType: "passport",
      tags: ["VIP", "Late arrival"],
    });
    expect(mergedProfile(target, source)).toEqual({
      phone: "+91 1",
      documentType: "passport",
      tags: ["VIP", "Late arrival"],
    });
  });

  it("changes nothing when the source adds nothing", () => {
    expect(mergedProfile(profile({ name: "A", tags: ["VIP"] }), profile({ tags: ["VIP"] }))).toEqual({});
  });
});
