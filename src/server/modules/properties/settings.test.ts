import { beforeAll, beforeEach, expect, it } from "vitest";
import { describeBackends, type TestUser } from "../../test/harness.js";

const DEFAULTS = { name: "Default Property", currency: "INR", timeZone: "Asia/Kolkata" };

describeBackends("property settings", (ctx) => {
  let owner: TestUser;
  let pid: string;
  let other: TestUser;
  let otherPid: string;

  const url = (propertyId: string) => `/api/properties/${propertyId}`;
  const update = (body: unknown, options: { as?: TestUser; headers?: Record<string, string> } = {}) =>
    ctx().request("PATCH", url(pid), { as: owner, body, ...options });
  const settingsOf = async (user: TestUser) => {
    const { name, currency, timeZone } = (await ctx().request("GET", "/api/property", { as: user })).json();
    return { name, currency, timeZone };
  };

  beforeAll(async () => {
    owner = await ctx().signIn();
    pid = await ctx().propertyOf(owner);
    other = await ctx().signIn();
    otherPid = await ctx().propertyOf(other);
  });

  beforeEach(async () => {
    const reset = await update(DEFAULTS);
    expect(reset.statusCode).toBe(200);
  });

  it("saves name, currency and time zone and answers with the property", async () => {
    const response = await update({ name: "Sea View Inn", currency: "USD", timeZone: "America/New_York" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: pid,
      ownerId: owner.id,
      name: "Sea View Inn",
      code: `PROP-${owner.id.slice(0, 6).toUpperCase()}`,
      currency: "USD",
      timeZone: "America/New_York",
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
      role: "owner",
    });
    expect(await settingsOf(owner)).toEqual({
      name: "Sea View Inn",
      currency: "USD",
      timeZone: "America/New_York",
    });
  });

  it("changes only the fields a PATCH sends", async () => {
    const response = await update({ name: "Only the name" });
    expect(response.statusCode).toBe(200);
    expect(await settingsOf(owner)).toEqual({ ...DEFAULTS, name: "Only the name" });
  });

  it("upper-cases the currency code and trims the fields", async () => {
    const response = await update({ name: "  Lake Lodge ", currency: " inr ", timeZone: " Europe/Paris " });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: "Lake Lodge", currency: "INR", timeZone: "Europe/Paris" });
    expect(await settingsOf(owner)).toEqual({
      name: "Lake Lodge",
      currency: "INR",
      timeZone: "Europe/Paris",
    });
  });

  it("accepts the default zone Asia/Kolkata (missing from Node 20's zone list)", async () => {
    expect((await update({ ...DEFAULTS, timeZone: "UTC" })).statusCode).toBe(200);
    const response = await update({ ...DEFAULTS, timeZone: "Asia/Kolkata" });
    expect(response.statusCode).toBe(200);
    expect(response.json().timeZone).toBe("Asia/Kolkata");
  });

  it.each([
    ["currency", { ...DEFAULTS, currency: "XYZ" }],
    ["currency", { ...DEFAULTS, currency: "US" }],
    ["currency", { ...DEFAULTS, currency: "" }],
    ["currency", { ...DEFAULTS, currency: 356 }],
    ["timeZone", { ...DEFAULTS, timeZone: "Mars/Olympus" }],
    ["timeZone", { ...DEFAULTS, timeZone: "" }],
    ["name", { ...DEFAULTS, name: "" }],
    ["name", { ...DEFAULTS, name: "   " }],
    ["name", { ...DEFAULTS, name: "x".repeat(201) }],
    ["currency", { name: "Only a name", currency: "" }],
    ["name", {}],
    ["code", { ...DEFAULTS, code: "HACKED" }],
    ["ownerId", { ...DEFAULTS, ownerId: "00000000-0000-4000-8000-000000000000" }],
  ])("rejects a bad %s with 400 naming it and changes nothing (%j)", async (field, body) => {
    const response = await update(body);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe("validation");
    expect(error.message).toContain(field);
    expect(await settingsOf(owner)).toEqual(DEFAULTS);
  });

  it("names the invalid time zone's field with a helpful message", async () => {
    const response = await update({ ...DEFAULTS, timeZone: "Mars/Olympus" });
    expect(response.json()).toEqual({
      error: {
        code: "validation",
        message: "timeZone: must be an IANA time zone such as Asia/Kolkata",
        fields: [{ field: "timeZone", message: "must be an IANA time zone such as Asia/Kolkata" }],
      },
    });
  });

  it("answers 404 for another tenant's property and changes nothing", async () => {
    const response = await ctx().request("PATCH", url(otherPid), {
      as: owner,
      body: { name: "Taken over", currency: "USD", timeZone: "UTC" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
    expect(await settingsOf(other)).toEqual(DEFAULTS);
  });

  it("answers 401 when signed out and changes nothing", async () => {
    const response = await ctx().request("PATCH", url(pid), {
      body: { name: "Anonymous", currency: "USD", timeZone: "UTC" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("unauthenticated");
    expect(await settingsOf(owner)).toEqual(DEFAULTS);
  });

  it("answers 415 for a body that is not JSON and changes nothing", async () => {
    const response = await update("name=Form+Post&currency=USD&timeZone=UTC", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe("unsupported_media_type");
    const plain = await update(JSON.stringify({ name: "Plain", currency: "USD", timeZone: "UTC" }), {
      headers: { "content-type": "text/plain" },
    });
    expect(plain.statusCode).toBe(415);
    expect(await settingsOf(owner)).toEqual(DEFAULTS);
  });

  it("answers 403 for a cross-origin request and changes nothing", async () => {
    const response = await update(
      { name: "Cross-site", currency: "USD", timeZone: "UTC" },
      { headers: { origin: "https://evil.example" } },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("forbidden");
    expect(await settingsOf(owner)).toEqual(DEFAULTS);
  });

  it("accepts a request from its own origin", async () => {
    const response = await update(
      { name: "Same site", currency: "INR", timeZone: "Asia/Kolkata" },
      { headers: { origin: new URL(ctx().config.publicUrl).origin } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe("Same site");
  });
});
