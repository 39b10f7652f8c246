import { expect, it } from "vitest";
import { describeBackends } from "../../test/harness.js";

describeBackends("own property", (ctx) => {
  it("answers 401 when signed out", async () => {
    const response = await ctx().request("GET", "/api/property");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: "unauthenticated", message: "Sign in required" } });
  });

  it("creates the property with the defaults on first call", async () => {
    const user = await ctx().signIn();
    const response = await ctx().request("GET", "/api/property", { as: user });
    expect(response.statusCode).toBe(200);
    const property = response.json();
    expect(property).toMatchObject({
      ownerId: user.id,
      name: "Default Property",
      code: `PROP-${user.id.slice(0, 6).toUpperCase()}`,
      currency: "INR",
      timeZone: "Asia/Kolkata",
    });
    const again = await ctx().request("GET", "/api/property", { as: user });
    expect(again.json().id).toBe(property.id);
  });

  it("creates exactly one property for 20 concurrent first calls", async () => {
    const user = await ctx().signIn();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => ctx().request("GET", "/api/property", { as: user })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    const rows = await ctx().database.db.execute(
      `select count(*)::int as n from properties where owner_id = '${user.id}'` as never,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});
