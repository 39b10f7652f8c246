/**
 * Tenant isolation, generated from the server's own route table: every route under /api/properties/:pid is
 * called by another tenant with the victim's property id, with the victim's resource ids, and with the
 * victim's ids inside an otherwise valid body. Each must answer 404 (exactly like an unknown id) and leave
 * both tenants' rows untouched. A route added later is in the matrix without editing this file; a route
 * that takes a body or query this file does not know yet still gets the 404 checks, and its owner control
 * tells which plausible payload to add.
 */
import { beforeAll, expect, it } from "vitest";
import { PROPERTY_PREFIX } from "../app.js";
import { TEST_ADMIN } from "../test/harness.js";
import {
  BODIES,
  bodyFor,
  collectionOf,
  createTenant,
  describeTenants,
  errorOf,
  freshUrlFor,
  keyOf,
  MUTATING,
  type Route,
  routeTable,
  send,
  type Tenant,
  tenantSnapshot,
  urlFor,
} from "./support.js";

const RANDOM_PID = "6f1c1a54-7d7e-4f39-9a7c-6f0d1c2b3a4e";

describeTenants("tenant isolation (generated from the route table)", (ctx) => {
  let routes: Route[];
  let victim: Tenant;
  let attacker: Tenant;

  const snapshots = async () => ({
    victim: await tenantSnapshot(ctx().database.db, victim.pid),
    attacker: await tenantSnapshot(ctx().database.db, attacker.pid),
  });

  beforeAll(async () => {
    routes = routeTable(ctx().app).filter((route) => route.url.startsWith(PROPERTY_PREFIX));
    victim = await createTenant(ctx(), routes);
    attacker = await createTenant(ctx(), routes);
  });

  it("finds the property-scoped routes in the route table", () => {
    const keys = new Set(routes.map((route) => `${route.method} ${route.url}`));
    // The known surface as of writing; new routes only add to it.
    for (const known of [
      "GET /api/properties/:pid",
      "PATCH /api/properties/:pid",
      "GET /api/properties/:pid/events",
      "POST /api/properties/:pid/room-types",
      "POST /api/properties/:pid/rooms",
      "PATCH /api/properties/:pid/rooms/:id",
      "POST /api/properties/:pid/rate-overrides",
      "POST /api/properties/:pid/reservations",
      "PATCH /api/properties/:pid/reservations/:id",
      "GET /api/properties/:pid/availability",
      "GET /api/properties/:pid/reports/occupancy",
    ]) {
      expect(keys).toContain(known);
    }
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it("answers 404 to another tenant on every route, exactly like an unknown id, and changes nothing", async () => {
    const before = await snapshots();
    const covered: string[] = [];
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const attempts: { name: string; url: string; body: unknown }[] = [
        { name: "victim's property", url: urlFor(route, victim.pid, victim), body: bodyFor(route, victim) },
      ];
      if (collectionOf(route.url)) {
        // The attacker's own property (membership passes) with the victim's resource id.
        attempts.push({
          name: "victim's resource id",
          url: urlFor(route, attacker.pid, victim),
          body: bodyFor(route, attacker),
        });
      }
      const foreignBody = bodyFor(route, victim);
      if (JSON.stringify(foreignBody ?? null).match(new RegExp(`${victim.roomId}|${victim.roomTypeId}`))) {
        // The attacker's own property and route, pointing at the victim's room or room type.
        attempts.push({
          name: "victim's ids in the body",
          url: urlFor(route, attacker.pid, attacker),
          body: foreignBody,
        });
      }
      const unknown = await send(ctx().app, {
        method: route.method,
        url: urlFor(route, RANDOM_PID, victim),
        cookie: attacker.user.cookie,
        body: bodyFor(route, victim),
      });
      expect(unknown.status, `${label} with an unknown property id`).toBe(404);
      for (const attempt of attempts) {
        const answer = await send(ctx().app, {
          method: route.method,
          url: attempt.url,
          cookie: attacker.user.cookie,
          body: attempt.body,
        });
        expect(answer.status, `${label} (${attempt.name}): ${answer.body}`).toBe(404);
        if (route.method !== "HEAD") expect(errorOf(answer)?.code, label).toBe("not_found");
        if (attempt.name === "victim's property" && route.method !== "HEAD") {
          // Never reveal whether the property exists.
          expect(answer.body, label).toBe(unknown.body);
        }
        expect(await snapshots(), `${label} (${attempt.name}) changed data`).toEqual(before);
        covered.push(`${label} (${attempt.name})`);
      }
    }
    expect(new Set(covered.map((c) => c.replace(/ \(.*$/, "")))).toEqual(
      new Set(routes.map((route) => `${route.method} ${route.url}`)),
    );
    console.info(`isolation matrix: ${routes.length} routes, ${covered.length} cross-tenant attempts`);
  });

  it("answers 401 on every property-scoped route when signed out, and changes nothing", async () => {
    const before = await snapshots();
    for (const route of routes) {
      const answer = await send(ctx().app, {
        method: route.method,
        url: urlFor(route, victim.pid, victim),
        body: bodyFor(route, victim),
      });
      expect(answer.status, `${route.method} ${route.url}`).toBe(401);
    }
    expect(await snapshots()).toEqual(before);
  });

  it("lets each owner use every route (so the 404s above are the tenant guard, not a bad request)", async () => {
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const known = BODIES[keyOf(route)] !== undefined || !MUTATING.has(route.method);
      for (const owner of [attacker, victim]) {
        const answer = await send(ctx().app, {
          method: route.method,
          url: await freshUrlFor(ctx(), route, owner),
          cookie: owner.user.cookie,
          body: bodyFor(route, owner),
        });
        if (known) expect(answer.status, `${label}: ${answer.body}`).toBeLessThan(300);
        else {
          // A new route whose payload this suite does not know: it must at least be reachable by its owner.
          expect(answer.status, `${label}: add a plausible body to BODIES`).not.toBe(404);
          expect(answer.status, label).toBeLessThan(500);
        }
      }
    }
  });

  it("keeps every admin route from non-admins, including an unverified admin email", async () => {
    const adminRoutes = routeTable(ctx().app).filter((route) => route.url.startsWith("/api/admin/"));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(2);
    // Mixed case: admin matching is case-insensitive, so only the missing verification keeps this one out.
    const unverified = await ctx().signIn(TEST_ADMIN.toUpperCase(), { emailVerified: false });
    const session = await ctx().request("GET", "/api/session", { as: unverified });
    expect(session.json().user).toMatchObject({ email: TEST_ADMIN.toUpperCase(), isAdmin: false });
    const admin = await ctx().signIn(TEST_ADMIN);
    for (const route of adminRoutes) {
      const label = `${route.method} ${route.url}`;
      for (const user of [victim.user, unverified]) {
        const answer = await send(ctx().app, { method: route.method, url: route.url, cookie: user.cookie });
        expect(answer.status, label).toBe(403);
      }
      expect((await send(ctx().app, { method: route.method, url: route.url })).status, label).toBe(401);
      expect(
        (await send(ctx().app, { method: route.method, url: route.url, cookie: admin.cookie })).status,
        label,
      ).toBe(200);
    }
  });
});
