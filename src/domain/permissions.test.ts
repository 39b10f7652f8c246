import { describe, expect, it } from "vitest";
import { canGrant, canManageMember, ROLES, roleCovers, rolesNotCoveredBy } from "./permissions.js";

describe("roles covering roles", () => {
  it("orders the roles by their rights: owner ⊇ manager ⊇ front desk ⊇ housekeeping", () => {
    const order = ["owner", "manager", "front_desk", "housekeeping"] as const;
    for (const [i, holder] of order.entries()) {
      for (const [j, role] of order.entries()) {
        // The owner and a manager have the same rights (the owner's row is protected elsewhere).
        const expected = j >= i || (holder === "manager" && role === "owner");
        expect(roleCovers(holder, role), `${holder} covers ${role}`).toBe(expected);
      }
    }
  });

  it("names the roles a demoted or removed member's tokens lose", () => {
    expect(rolesNotCoveredBy("manager")).toEqual([]);
    expect(rolesNotCoveredBy("front_desk")).toEqual(["owner", "manager"]);
    expect(rolesNotCoveredBy("housekeeping")).toEqual(["owner", "manager", "front_desk"]);
    expect(rolesNotCoveredBy(null)).toEqual([...ROLES]);
  });

  it("never grants owner nor beyond the granter's own role", () => {
    expect(canGrant("manager", "manager")).toBe(true);
    expect(canGrant("owner", "owner")).toBe(false);
    expect(canGrant("front_desk", "manager")).toBe(false);
    expect(canGrant("front_desk", "housekeeping")).toBe(true);
    expect(canManageMember("manager", "front_desk", "manager")).toBe(true);
    expect(canManageMember("manager", "owner", null)).toBe(false);
    expect(canManageMember("front_desk", "housekeeping", null)).toBe(false);
  });
});
