/**
 * Cross-site request forgery, security headers and sign-in rate limits. The CSRF checks are generated from
 * the route table: every mutating route refuses a foreign Origin (403) and a body that is not JSON (415),
 * writing nothing, while the same request sent properly succeeds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE, upsertUser } from "../auth/sessions.js";
import type { App } from "../context.js";
import type { Database } from "../db/connect.js";
import { openTestDatabase } from "../test/harness.js";
import { type ListeningApp, startListening } from "../test/listening.js";
import { buildAppWithWebRoot } from "../test/web-root.js";
import {
  type Answer,
  bodyFor,
  createTenant,
  describeTenants,
  errorOf,
  freshUrlFor,
  MUTATING,
  type Route,
  routeTable,
  rowCounts,
  send,
  type Tenant,
  takesNoBody,
  urlFor,
} from "./support.js";

describeTenants("CSRF guard on every mutating route", (ctx) => {
  let routes: Route[];
  let mutating: Route[];
  let tenant: Tenant;
  let ownOrigin: string;

  beforeAll(async () => {
    routes = routeTable(ctx().app);
    mutating = routes.filter((route) => MUTATING.has(route.method));
    tenant = await createTenant(ctx(), routes);
    ownOrigin = new URL(ctx().config.publicUrl).origin;
  });

  /** Path with the tenant's ids filled in; routes outside the property scope have no ids to fill. */
  const urlOf = (route: Route) =>
    route.url.startsWith("/api/properties/:pid") ? urlFor(route, tenant.pid, tenant) : route.url;

  const attempt = (route: Route, headers: Record<string, string>, body?: string) =>
    send(ctx().app, {
      method: route.method,
      url: urlOf(route),
      cookie: tenant.user.cookie,
      body: body ?? JSON.stringify(bodyFor(route, tenant) ?? {}),
      headers,
    });

  it("covers the mutating routes of the route table", () => {
    const keys = mutating.map((route) => `${route.method} ${route.url}`);
    for (const known of [
      "PATCH /api/properties/:pid",
      "POST /api/properties/:pid/reservations",
      "PATCH /api/properties/:pid/reservations/:id",
      "POST /auth/logout",
      "POST /dev-idp/interaction/:uid",
    ]) {
      expect(keys).toContain(known);
    }
  });

  it.each([
    ["a foreign site", "https://evil.example"],
    ["a look-alike host", "http://127.0.0.1.evil.example:3000"],
    ["an opaque origin", "null"],
  ])("answers 403 to an Origin of %s and writes nothing", async (_name, origin) => {
    const before = await rowCounts(ctx().database.db);
    for (const route of mutating) {
      const answer = await attempt(route, { origin, "content-type": "application/json" });
      expect(answer.status, `${route.method} ${route.url}`).toBe(403);
      expect(errorOf(answer)?.code).toBe("forbidden");
    }
    expect(await rowCounts(ctx().database.db)).toEqual(before);
  });

  it.each([
    ["text/plain", "text/plain"],
    ["form-urlencoded", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["a JSON look-alike", "text/plain; charset=utf-8; application/json"],
    ["no content type", ""],
  ])("answers 415 to a %s body and writes nothing", async (_name, type) => {
    const before = await rowCounts(ctx().database.db);
    // The development provider's sign-in form is the one form post the server accepts (loopback only).
    // A route that takes no body (a DELETE, a void) is sent none (docs/product.md#writes); the Origin check
    // above is its guard.
    const bodied = mutating.filter((r) => !(type === "" && takesNoBody(r)));
    for (const route of bodied.filter((r) => !r.url.startsWith("/dev-idp/"))) {
      const answer = await send(ctx().app, {
        method: route.method,
        url: urlOf(route),
        cookie: tenant.user.cookie,
        headers: type ? { "content-type": type } : {},
        ...(type ? { body: JSON.stringify(bodyFor(route, tenant) ?? {}) } : {}),
      });
      expect(answer.status, `${route.method} ${route.url} as ${type || "nothing"}`).toBe(415);
      expect(errorOf(answer)?.code).toBe("unsupported_media_type");
    }
    expect(await rowCounts(ctx().database.db)).toEqual(before);
  });

  it("accepts the same requests as same-origin JSON (the refusals above are the guard)", async () => {
    for (const route of mutating.filter((r) => r.url.startsWith("/api/properties/:pid"))) {
      const answer = await send(ctx().app, {
        method: route.method,
        url: await freshUrlFor(ctx(), route, tenant),
        cookie: tenant.user.cookie,
        body: takesNoBody(route) ? undefined : bodyFor(route, tenant),
        headers: { origin: ownOrigin },
      });
      expect(answer.status, `${route.method} ${route.url}: ${answer.body}`).toBeLessThan(300);
    }
  });
});

describe("security headers", () => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, database, close } = await buildAppWithWebRoot());
  });
  afterAll(async () => close?.());

  function expectHardened(answer: Answer, label: string) {
    const csp = String(answer.headers["content-security-policy"] ?? "");
    expect(csp, `${label}: CSP`).not.toBe("");
    const directives = new Map(
      csp
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name = "", ...values]) => [name, values]),
    );
    const scripts = directives.get("script-src") ?? directives.get("default-src") ?? [];
    expect(scripts, `${label}: script-src`).not.toContain("'unsafe-inline'");
    expect(scripts, `${label}: script-src`).not.toContain("'unsafe-eval'");
    expect(scripts, `${label}: script-src`).not.toContain("*");
    expect(directives.get("object-src") ?? directives.get("default-src"), `${label}: object-src`).toEqual(
      expect.arrayContaining([expect.stringMatching(/^'(none|self)'$/)]),
    );
    expect(directives.get("frame-ancestors"), `${label}: frame-ancestors`).toBeDefined();
    expect(answer.headers["x-frame-options"], label).toMatch(/^(SAMEORIGIN|DENY)$/);
    expect(answer.headers["x-content-type-options"], label).toBe("nosniff");
    expect(answer.headers["referrer-policy"], label).toMatch(/^(same-origin|no-referrer|strict-origin.*)$/);
    expect(answer.headers["cross-origin-opener-policy"], label).toBeDefined();
    expect(answer.headers["x-powered-by"], label).toBeUndefined();
  }

  it("sets CSP and the usual headers on HTML pages, API answers and errors", async () => {
    const cases: [string, { method: string; url: string; headers?: Record<string, string> }][] = [
      ["the web app", { method: "GET", url: "/" }],
      ["a deep link into the web app", { method: "GET", url: "/hms/reservations" }],
      ["JSON", { method: "GET", url: "/api/health" }],
      ["a 401", { method: "GET", url: "/api/property" }],
      ["a 404", { method: "GET", url: "/api/nothing-here" }],
      ["a 403", { method: "POST", url: "/auth/logout", headers: { origin: "https://evil.example" } }],
      ["the sign-in callback page", { method: "GET", url: "/auth/callback?code=x&state=y" }],
      ["the API docs", { method: "GET", url: "/api/docs/" }],
      ["the OpenAPI document", { method: "GET", url: "/api/openapi.json" }],
    ];
    for (const [label, request] of cases) {
      const answer = await send(app, request);
      expect(answer.status, label).toBeLessThan(500);
      expectHardened(answer, label);
    }
  });

  it("sets them on a live event stream", async () => {
    const userId = await upsertUser(database.db, {
      issuer: "https://issuer.test",
      subject: "headers",
      email: "headers@example.com",
      emailVerified: true,
      displayName: null,
    });
    const cookie = `${SESSION_COOKIE}=${await createSession(database.db, userId, 60_000)}`;
    const property = JSON.parse((await send(app, { method: "GET", url: "/api/property", cookie })).body);
    const stream = await send(app, { method: "GET", url: `/api/properties/${property.id}/events`, cookie });
    expect(stream.headers["content-type"]).toContain("text/event-stream");
    expectHardened(stream, "the event stream");
  });

  it("sets them on the development provider's pages", async () => {
    const database = await openTestDatabase("pglite");
    const server = await startListening("pglite", {}, database);
    try {
      const login = await fetch(`${server.baseUrl}/auth/login`, { redirect: "manual" });
      const authorize = await fetch(String(login.headers.get("location")), { redirect: "manual" });
      const interaction = await fetch(new URL(String(authorize.headers.get("location")), server.baseUrl), {
        headers: {
          cookie: authorize.headers
            .getSetCookie()
            .map((c) => c.split(";")[0])
            .join("; "),
        },
      });
      expect(await interaction.text()).toContain("Development sign-in");
      const asAnswer = (r: Response): Answer => ({
        status: r.status,
        headers: Object.fromEntries(r.headers),
        body: "",
      });
      expectHardened(asAnswer(interaction), "the development sign-in page");
      expectHardened(asAnswer(authorize), "the development provider's redirect");
    } finally {
      await server.close();
      await database.close();
    }
  });
});

describe("sign-in rate limits", () => {
  let server: ListeningApp;
  beforeAll(async () => {
    server = await startListening("pglite", { AUTH_RATE_LIMIT_PER_MINUTE: "5" });
  });
  afterAll(async () => server?.close());

  it.each([
    ["/auth/login", 302],
    ["/auth/callback?code=x&state=y", 400],
  ])("answers 429 to a burst on %s after AUTH_RATE_LIMIT_PER_MINUTE", async (url, normal) => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await fetch(`${server.baseUrl}${url}`, { redirect: "manual" });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.json()).toEqual({
          error: { code: "rate_limited", message: expect.stringMatching(/too many/i) },
        });
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      } else await response.arrayBuffer();
    }
    expect(statuses).toEqual([...Array(5).fill(normal), 429, 429, 429]);
    // Only sign-in is limited: the API keeps answering.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  });
});
