import { describe, expect, it } from "vitest";
import { emailDomain, invitationHintKeys, maskEmail } from "./invitation-hints.js";

describe("maskEmail", () => {
  it.each([
    ["asha.rao@grandhotel.com", "a•••@grandhotel.com"],
    ["a@example.com", "a•••@example.com"],
    ["élodie@hotel.fr", "é•••@hotel.fr"],
    ["no-at-sign", "•••"],
    ["@example.com", "•••"],
  ])("%s -> %s", (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});

describe("emailDomain", () => {
  it("answers the lower-cased domain", () => {
    expect(emailDomain("Asha@GrandHotel.com")).toBe("grandhotel.com");
    expect(emailDomain("nobody")).toBe("");
  });
});

describe("invitationHintKeys", () => {
  const verified = (email: string, displayName: string | null = null) =>
    invitationHintKeys({ email, emailVerified: true, displayName });

  it("matches an organisation's own domain", () => {
    expect(verified("asha@grandhotel.com")).toEqual({ domain: "grandhotel.com", names: [] });
  });

  it("never matches by a domain many people share, free mail or the example domains", () => {
    for (const email of ["someone@gmail.com", "x@Outlook.com", "staff-1@example.com"]) {
      expect(verified(email)).toBeNull();
    }
  });

  it("matches a two-word name from the display name or the local part, accents and separators folded", () => {
    expect(verified("asha.rao@gmail.com")).toEqual({ domain: null, names: ["asharao"] });
    expect(verified("ar1990@gmail.com", "Ásha Rao")).toEqual({ domain: null, names: ["asharao"] });
    expect(verified("asha.rao@gmail.com", "Asha Rao")?.names).toEqual(["asharao"]);
  });

  it("ignores one-word and very short names: too many people share them", () => {
    expect(verified("john@gmail.com", "John")).toBeNull();
    expect(verified("info@gmail.com", "Al Li")).toBeNull();
    expect(verified("john.1990@gmail.com")).toBeNull();
  });

  it("matches nothing for an address the provider did not verify", () => {
    expect(
      invitationHintKeys({ email: "asha@grandhotel.com", emailVerified: false, displayName: "Asha Rao" }),
    ).toBeNull();
    expect(invitationHintKeys({ email: null, emailVerified: true, displayName: "Asha Rao" })).toBeNull();
  });
});
