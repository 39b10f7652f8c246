import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { describeBackends, TEST_ADMIN, type TestUser } from "../../test/harness.js";

type AdminRow = {
  id: string;
  ownerId: string;
  ownerEmail: string | null;
  ownerEmailVerified: boolean;
  name: string;
  code: string;
  createdAt: string;
};

describeBackends("admin", (ctx) => {
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    admin = await ctx().signIn(TEST_ADMIN, { displayName: "Admin" });
    member = await ctx().signIn();
  });

  async function countProperties(): Promise<number> {
    const result = await ctx().database.db.execute(sql`select count(*)::int as n from properties`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  }

  describe("GET /api/admin/properties", () => {
    it("lists every property, newest first, with its owner's email", async () => {
      const owners: TestUser[] = [];
      const pids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const owner = await ctx().signIn();
        owners.push(owner);
        pids.push(await ctx().propertyOf(owner));
      }
      const adminPid = await ctx().propertyOf(admin);

      const response = await ctx().request("GET", "/api/admin/properties", { as: admin });
      expect(response.statusCode).toBe(200);
      const list = response.json() as AdminRow[];
      expect(list).toHaveLength(await countProperties());
      // The admin's own property is the newest, then the three owners' in reverse creation order.
      expect(list.slice(0, 4).map((row) => row.id)).toEqual([adminPid, pids[2], pids[1], pids[0]]);
      for (const [i, owner] of owners.entries()) {
        expect(list).toContainEqual({
          id: pids[i],
          ownerId: owner.id,
          ownerEmail: owner.email,
          ownerEmailVerified: true,
          name: "Default Property",
          code: `PROP-${owner.id.slice(0, 6).toUpperCase()}`,
          currency: "INR",
          timeZone: "Asia/Kolkata",
          guestRetentionMonths: null,
          pricesIncludeTax: true,
          legalName: "",
          address: "",
          taxId: "",
          invoicePrefix: "INV-",
          cityTaxPerAdultPerNight: 0,
          cityTaxName: "",
          dayCloseTime: "03:00",
          autoNoShow: true,
          stayoverDirty: true,
          bookingEngineEnabled: false,
          closedThrough: null,
          createdAt: expect.any(String),
        });
      }
      const times = list.map((row) => Date.parse(row.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it("says when an owner's email was never verified by their provider", async () => {
      const claimed = ["ceo@grand-hotel.example", "ADMIN@example.com", "x@example.com"];
      const owners = await Promise.all(claimed.map((email) => ctx().signIn(email, { emailVerified: false })));
      const pids = await Promise.all(owners.map((owner) => ctx().propertyOf(owner)));
      const list = (await ctx().request("GET", "/api/admin/properties", { as: admin })).json() as AdminRow[];
      for (const [i, pid] of pids.entries()) {
        expect(list.find((row) => row.id === pid)).toMatchObject({
          ownerEmail: claimed[i],
          ownerEmailVerified: false,
        });
      }
    });

    it("shows a property's saved settings", async () => {
      const owner = await ctx().signIn();
      const pid = await ctx().propertyOf(owner);
      const saved = await ctx().request("PATCH", `/api/properties/${pid}`, {
        as: owner,
        body: { name: "Harbour Hotel", currency: "EUR", timeZone: "Europe/Lisbon" },
      });
      expect(saved.statusCode).toBe(200);
      const list = (await ctx().request("GET", "/api/admin/properties", { as: admin })).json() as AdminRow[];
      expect(list.find((row) => row.id === pid)).toMatchObject({
        name: "Harbour Hotel",
        currency: "EUR",
        timeZone: "Europe/Lisbon",
        ownerEmail: owner.email,
      });
    });

    it("answers 403 to a signed-in user who is not an admin", async () => {
      await ctx().propertyOf(member);
      const response = await ctx().request("GET", "/api/admin/properties", { as: member });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: "forbidden", message: "Unauthorized" } });
    });

    it("answers 401 when signed out", async () => {
      const response = await ctx().request("GET", "/api/admin/properties");
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: "unauthenticated", message: "Sign in required" } });
    });

    it("answers 403 to the admin email while the provider has not verified it", async () => {
      // Same issuer and subject, so this signs the admin user in again with email_verified false.
      const unverified = await ctx().signIn(TEST_ADMIN, { emailVerified: false });
      try {
        expect(unverified.id).toBe(admin.id);
        const response = await ctx().request("GET", "/api/admin/properties", { as: unverified });
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe("forbidden");
        const session = await ctx().request("GET", "/api/session", { as: unverified });
        expect(session.json().user).toMatchObject({ id: admin.id, isAdmin: false });
      } finally {
        admin = await ctx().signIn(TEST_ADMIN, { displayName: "Admin" });
      }
      expect((await ctx().request("GET", "/api/admin/properties", { as: admin })).statusCode).toBe(200);
    });
  });

  describe("GET /api/session", () => {
    it("marks the verified admin as admin", async () => {
      const response = await ctx().request("GET", "/api/session", { as: admin });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        user: { id: admin.id, email: TEST_ADMIN, displayName: "Admin", isAdmin: true, language: null },
      });
    });

    it("marks anyone else as not admin", async () => {
      const response = await ctx().request("GET", "/api/session", { as: member });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        user: { id: member.id, email: member.email, displayName: null, isAdmin: false, language: null },
      });
    });

    it("answers 200 with no user when signed out", async () => {
      const response = await ctx().request("GET", "/api/session");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: null });
    });
  });
});
