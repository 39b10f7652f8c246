import { beforeAll, expect, it } from "vitest";
import { describeBackends, type TestUser } from "../../test/harness.js";

describeBackends("team: invitations waiting for another address", (ctx) => {
  let owner: TestUser;
  let pid: string;

  const waiting = (as?: TestUser) => ctx().request("GET", "/api/invitations/waiting", as ? { as } : {});
  const invite = (email: string, propertyId = pid, as = owner) =>
    ctx().request("POST", `/api/properties/${propertyId}/members`, {
      as,
      body: { email, role: "front_desk" },
    });

  beforeAll(async () => {
    owner = await ctx().signIn("owner@grandhotel.test");
    pid = await ctx().propertyOf(owner);
    const named = await ctx().request("PATCH", `/api/properties/${pid}`, {
      as: owner,
      body: { name: "Grand Hotel", currency: "INR", timeZone: "Asia/Kolkata" },
    });
    expect(named.statusCode).toBe(200);
    expect((await invite("asha.rao@grandhotel.test")).statusCode).toBe(201);
  });

  it("tells a colleague at the hotel's own domain, with the address masked", async () => {
    const colleague = await ctx().signIn("asha@grandhotel.test");
    const response = await waiting(colleague);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ propertyName: "Grand Hotel", email: "a•••@grandhotel.test" }]);
    expect(response.body).not.toContain("asha.rao@");
  });

  it("tells someone whose name or own address reads as the invited address, at a free mail domain", async () => {
    const byAddress = await ctx().signIn("asha.rao@gmail.com");
    expect((await waiting(byAddress)).json()).toEqual([
      { propertyName: "Grand Hotel", email: "a•••@grandhotel.test" },
    ]);
    const byName = await ctx().signIn("ar.1990@gmail.com", { displayName: "Ásha Rao" });
    expect((await waiting(byName)).json()).toEqual([
      { propertyName: "Grand Hotel", email: "a•••@grandhotel.test" },
    ]);
  });

  it("tells a stranger nothing: another free-mail user, a one-word name, an unverified address", async () => {
    const strangers = [
      await ctx().signIn("someone.else@gmail.com", { displayName: "Someone Else" }),
      await ctx().signIn("asha@gmail.com", { displayName: "Asha" }),
      await ctx().signIn("asha.rao@elsewhere.test", { emailVerified: false, displayName: "Asha Rao" }),
    ];
    for (const stranger of strangers) expect((await waiting(stranger)).json()).toEqual([]);
  });

  it("names nothing once the invitation is accepted, or to a member of that hotel", async () => {
    // The owner shares the domain but is a member already.
    expect((await waiting(owner)).json()).toEqual([]);
    expect((await invite("ravi.kumar@grandhotel.test")).statusCode).toBe(201);
    const ravi = await ctx().signIn("ravi.kumar@gmail.com");
    expect((await waiting(ravi)).json()).toHaveLength(1);
    // Signing in with the invited address accepts it: the notice has nothing left to say.
    const invited = await ctx().signIn("ravi.kumar@grandhotel.test");
    expect((await ctx().request("GET", "/api/session", { as: invited })).statusCode).toBe(200);
    expect((await waiting(ravi)).json()).toEqual([]);
  });

  it("never names the user's own invitation: the request accepts it first; 401 when signed out", async () => {
    expect((await waiting()).statusCode).toBe(401);
    expect((await invite("mira.shah@grandhotel.test")).statusCode).toBe(201);
    const mira = await ctx().signIn("mira.shah@grandhotel.test");
    // Now a member of Grand Hotel, so its other invitations are not hers to hear about either.
    expect((await waiting(mira)).json()).toEqual([]);
    const properties = await ctx().request("GET", "/api/properties", { as: mira });
    expect(properties.json().map((p: { name: string }) => p.name)).toEqual(["Grand Hotel"]);
  });
});
