/**
 * Requests are judged by PUBLIC_URL, not by what they say about themselves: a DNS-rebinding page (Host and
 * Origin both its own name) is refused; the development provider refuses anything relayed by a proxy; and
 * URLs under the API that no route serves are our JSON 404, whatever their shape.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../context.js";
import { describeBackends, useTestContext } from "../test/harness.js";
import { buildAppWithWebRoot } from "../test/web-root.js";
import { send } from "./support.js";

const FOREIGN_HOSTS = [
  "evil.example",
  "evil.example:3000",
  "127.0.0.1.evil.example",
  "localhost.evil.example",
  "innkeep.example.evil.example",
  "evil@innkeep.example",
  "innkeep.example@evil.example",
];

describe("with PUBLIC_URL set, only its host is answered", () => {
  const ctx = useTestContext("pglite", {
    PUBLIC_URL: "https://innkeep.example",
    SESSION_SECRET: "s".repeat(40),
  });

  it.each(FOREIGN_HOSTS)("refuses Host %j on reads and writes, before anything runs", async (host) => {
    const user = await ctx().signIn();
    for (const [method, url] of [
      ["GET", "/api/session"],
      ["GET", "/api/property"],
      ["POST", "/auth/logout"],
      ["GET", "/dev-idp/.well-known/openid-configuration"],
      ["GET", "/auth/login"],
    ] as const) {
      const answer = await ctx().request(method, url, {
        as: user,
        headers: { host, origin: `https://${host}` },
        ...(method === "POST" ? { body: {} } : {}),
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(421);
      expect(answer.json().error.code).toBe("misdirected");
    }
    // The session survived the refused logout.
    expect((await ctx().request("GET", "/api/session", { as: user })).json().user?.id).toBe(user.id);
  });

  it("answers its own host, with or without the default port, in any case", async () => {
    for (const host of ["innkeep.example", "innkeep.example:443", "INNKEEP.example"]) {
      const answer = await ctx().request("GET", "/api/session", { headers: { host } });
      expect(answer.statusCode, host).toBe(200);
    }
  });

  it("lets load balancers probe health by address", async () => {
    const answer = await ctx().request("GET", "/api/health", { headers: { host: "127.0.0.1:3000" } });
    expect(answer.statusCode).toBe(200);
  });

  it("accepts a write only from PUBLIC_URL's origin, not from one that merely matches the Host", async () => {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const rename = (origin: string, host = "innkeep.example") =>
      ctx().request("PATCH", `/api/properties/${pid}`, {
        as: user,
        headers: { origin, host },
        body: { name: "Renamed", currency: "INR", timeZone: "Asia/Kolkata" },
      });
    for (const origin of [
      "http://innkeep.example",
      "https://innkeep.example:8443",
      "https://evil.example",
      "null",
    ]) {
      expect((await rename(origin)).statusCode, origin).toBe(403);
    }
    expect((await rename("https://innkeep.example")).statusCode).toBe(200);
  });
});

describeBackends("without PUBLIC_URL (development on loopback)", (ctx) => {
  it.each(
    FOREIGN_HOSTS,
  )("refuses Host %j: a rebinding page cannot reach the API or the sign-in", async (host) => {
    for (const url of ["/api/session", "/dev-idp/.well-known/openid-configuration", "/auth/login"]) {
      const answer = await ctx().request("GET", url, { headers: { host } });
      expect(answer.statusCode, url).toBe(421);
    }
  });

  it("answers the loopback names a browser on this machine uses, with writes from that same name", async () => {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    for (const host of ["127.0.0.1:3000", "localhost:3000", "[::1]:3000", "127.0.0.2:3000"]) {
      const answer = await ctx().request("PATCH", `/api/properties/${pid}`, {
        as: user,
        headers: { host, origin: `http://${host}` },
        body: { name: `Via ${host}`, currency: "INR", timeZone: "Asia/Kolkata" },
      });
      expect(answer.statusCode, host).toBe(200);
      const crossName = await ctx().request("PATCH", `/api/properties/${pid}`, {
        as: user,
        headers: { host, origin: "http://evil.example:3000" },
        body: { name: "Evil", currency: "INR", timeZone: "Asia/Kolkata" },
      });
      expect(crossName.statusCode, host).toBe(403);
    }
  });

  it("refuses an Origin that names the same loopback host with another scheme or port", async () => {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const host = "127.0.0.1:3000";
    for (const origin of [
      "https://127.0.0.1:3000",
      "ftp://127.0.0.1:3000",
      "ws://127.0.0.1:3000",
      "http://127.0.0.1:3001",
      "http://127.0.0.1",
    ]) {
      const answer = await ctx().request("PATCH", `/api/properties/${pid}`, {
        as: user,
        headers: { host, origin },
        body: { name: "Other scheme", currency: "INR", timeZone: "Asia/Kolkata" },
      });
      expect(answer.statusCode, origin).toBe(403);
    }
    const property = await ctx().request("GET", `/api/properties/${pid}`, { as: user, headers: { host } });
    expect(property.json().name).not.toBe("Other scheme");
  });
});

describe("development sign-in through a proxy", () => {
  const relayed: Record<string, string>[] = [
    { forwarded: "for=198.51.100.7" },
    { "x-forwarded-for": "198.51.100.7" },
    { "x-forwarded-host": "innkeep.example" },
    { "x-forwarded-proto": "https" },
    { "x-real-ip": "198.51.100.7" },
    { via: "1.1 proxy" },
  ];

  describe("by default", () => {
    const ctx = useTestContext("pglite");
    it.each(relayed)("refuses a request relayed with %j", async (headers) => {
      for (const url of [
        "/dev-idp/.well-known/openid-configuration",
        "/dev-idp/auth",
        "/dev-idp/interaction/x",
      ]) {
        const answer = await ctx().request("GET", url, { headers });
        expect(answer.statusCode, url).toBe(403);
        expect(answer.json().error.code).toBe("forbidden");
      }
    });

    it("serves a direct loopback request", async () => {
      const answer = await ctx().request("GET", "/dev-idp/.well-known/openid-configuration");
      expect(answer.statusCode).toBe(200);
    });
  });

  describe("with DEV_IDP_ALLOW_REMOTE=1", () => {
    const ctx = useTestContext("pglite", { DEV_IDP_ALLOW_REMOTE: "1" });
    it.each(relayed)("serves a request relayed with %j", async (headers) => {
      const answer = await ctx().request("GET", "/dev-idp/.well-known/openid-configuration", { headers });
      expect(answer.statusCode).toBe(200);
    });
  });
});

describe("unrouted URLs under the API", () => {
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await buildAppWithWebRoot());
  });
  afterAll(async () => close?.());

  it.each([
    "/api//property",
    "/api//",
    "/api///session",
    "/api/properties/x//rooms",
    "/auth//login",
    "/auth//",
  ])("%s is our 404", async (url) => {
    const answer = await send(app, { method: "GET", url });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: "not_found", message: "Not found" } });
  });

  it("an empty path parameter reaches the property guard, not the file server", async () => {
    const answer = await send(app, { method: "GET", url: "/api/properties//rooms" });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).error.code).toBe("unauthenticated");
  });

  it.each(["/hms//reservations", "//", "/hms///"])("%s is the app page, not a refusal", async (url) => {
    const answer = await send(app, { method: "GET", url });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toContain("text/html");
  });
});
