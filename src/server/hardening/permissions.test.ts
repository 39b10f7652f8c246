/**
 * The permission matrix, generated from the route table: every property route × every role, a member of
 * another property and a signed-out caller. The expected answer comes from the permission table of
 * docs/product.md#roles-and-permissions (written out below, independently of the server's own route table):
 * 2xx where the role may, 403 `forbidden` where it may not (and nothing written), 404 for a non-member, 401
 * signed out.
 */
import { beforeAll, expect, it } from "vitest";
import type { Role } from "../../domain/permissions.js";
import { PROPERTY_PREFIX } from "../app.js";
import type { TestUser } from "../test/harness.js";
import {
  addMember,
  bodyFor,
  createTenant,
  describeTenants,
  errorOf,
  freshUrlFor,
  keyOf,
  type Route,
  routeTable,
  send,
  type Tenant,
  tenantSnapshot,
} from "./support.js";

const ALL: Role[] = ["owner", "manager", "front_desk", "housekeeping"];
const STAFF: Role[] = ["owner", "manager", "front_desk"];
const MANAGERS: Role[] = ["owner", "manager"];

/** docs/product.md#roles-and-permissions, route by route. */
const ALLOWED: Record<string, Role[]> = {
  "GET /": ALL,
  "GET /events": ALL,
  "GET /room-types": ALL,
  "GET /rooms": ALL,
  "PATCH /rooms/:id": ALL,
  "GET /housekeeping/today": ALL,
  "GET /reservations": STAFF,
  "POST /reservations": STAFF,
  "GET /reservations/:id": STAFF,
  "PATCH /reservations/:id": STAFF,
  "GET /reservations/:id/payments": STAFF,
  "POST /reservations/:id/payments": STAFF,
  "POST /reservations/:id/payments/:paymentId/void": STAFF,
  "GET /reservations/:id/folio": STAFF,
  "POST /reservations/:id/charges": STAFF,
  "POST /reservations/:id/charges/:chargeId/void": STAFF,
  "POST /reservations/:id/invoices": STAFF,
  "GET /reservations/:id/invoices": STAFF,
  "GET /invoices": STAFF,
  "GET /invoices/:id": STAFF,
  "GET /invoices/:id/pdf": STAFF,
  "GET /exports/invoices.csv": STAFF,
  "POST /invoices/:id/credit-note": MANAGERS,
  "POST /invoices/:id/email": STAFF,
  "GET /tax-rates": STAFF,
  "POST /tax-rates": MANAGERS,
  "PATCH /tax-rates/:id": MANAGERS,
  "DELETE /tax-rates/:id": MANAGERS,
  "GET /products": STAFF,
  "POST /products": MANAGERS,
  "PATCH /products/:id": MANAGERS,
  "DELETE /products/:id": MANAGERS,
  "GET /rate-plans": STAFF,
  "POST /rate-plans": MANAGERS,
  "PATCH /rate-plans/:id": MANAGERS,
  "DELETE /rate-plans/:id": MANAGERS,
  "GET /guests": STAFF,
  "POST /guests": STAFF,
  "GET /guests/:id": STAFF,
  "PATCH /guests/:id": STAFF,
  "POST /guests/:id/merge": STAFF,
  "GET /guests/:id/export": MANAGERS,
  "POST /guests/:id/anonymize": MANAGERS,
  "GET /room-blocks": STAFF,
  "POST /room-blocks": STAFF,
  "DELETE /room-blocks/:id": STAFF,
  "GET /quote": STAFF,
  "GET /quote/rooms": STAFF,
  "GET /availability": STAFF,
  "GET /rate-overrides": STAFF,
  "PATCH /": MANAGERS,
  "POST /room-types": MANAGERS,
  "POST /rooms": MANAGERS,
  "POST /rooms/bulk": MANAGERS,
  "POST /rate-overrides": MANAGERS,
  "PATCH /room-types/:id": MANAGERS,
  "DELETE /room-types/:id": MANAGERS,
  "DELETE /rooms/:id": MANAGERS,
  "POST /rate-overrides/bulk": MANAGERS,
  "PATCH /rate-overrides/:id": MANAGERS,
  "DELETE /rate-overrides/:id": MANAGERS,
  "GET /day-closes": MANAGERS,
  "GET /day-closes/next": MANAGERS,
  "GET /emails": MANAGERS,
  "GET /day-closes/:date": MANAGERS,
  "POST /day-closes": MANAGERS,
  "GET /reports/occupancy": MANAGERS,
  "GET /reports/occupancy/daily": MANAGERS,
  "GET /exports/reservations.csv": MANAGERS,
  "GET /exports/occupancy.csv": MANAGERS,
  "GET /members": MANAGERS,
  "POST /members": MANAGERS,
  "PATCH /members/:userId": MANAGERS,
  "DELETE /members/:userId": MANAGERS,
  "GET /invitations": MANAGERS,
  "DELETE /invitations/:id": MANAGERS,
  "GET /activity": MANAGERS,
  "GET /api-tokens": MANAGERS,
  "POST /api-tokens": MANAGERS,
  "DELETE /api-tokens/:id": MANAGERS,
  "GET /webhooks": MANAGERS,
  "POST /webhooks": MANAGERS,
  "PATCH /webhooks/:id": MANAGERS,
  "DELETE /webhooks/:id": MANAGERS,
  "GET /webhooks/:id/deliveries": MANAGERS,
  "POST /webhooks/:id/deliveries/:deliveryId/redeliver": MANAGERS,
};

type Caller = { cookie?: string; headers?: Record<string, string> };

/** Each matrix test sends a request per route and caller (hundreds): its time grows with the route table. */
const MATRIX_TIMEOUT_MS = 120_000;

describeTenants("permission matrix (generated from the route table)", (ctx) => {
  let routes: Route[];
  let hotel: Tenant;
  let other: Tenant;
  const callers = new Map<Role, TestUser>();
  /** API tokens of the hotel, one per role a token can have (never owner). */
  const tokens = new Map<Role, Caller>();
  let foreignToken: Caller;

  beforeAll(async () => {
    routes = routeTable(ctx().app).filter((route) => route.url.startsWith(PROPERTY_PREFIX));
    hotel = await createTenant(ctx(), routes);
    other = await createTenant(ctx(), routes);
    callers.set("owner", hotel.user);
    for (const role of ["manager", "front_desk", "housekeeping"] as const) {
      callers.set(role, await addMember(ctx(), hotel.user, hotel.pid, role));
      tokens.set(role, { headers: await tokenHeader(hotel, role) });
    }
    foreignToken = { headers: await tokenHeader(other, "manager") };
  });

  it("knows every property route (a new route must be added to the table here)", () => {
    const keys = new Set(routes.map(keyOf));
    expect([...keys].sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  async function tokenHeader(tenant: Tenant, role: Role): Promise<Record<string, string>> {
    const made = await ctx().request("POST", `/api/properties/${tenant.pid}/api-tokens`, {
      as: tenant.user,
      body: { name: `Matrix ${role}`, role },
    });
    expect(made.statusCode, made.body).toBe(201);
    return { authorization: `Bearer ${made.json().token}` };
  }

  /** Every route as each caller: 2xx where the table allows the role, else 403 and nothing written. */
  async function checkMatrix(as: Map<Role, Caller>): Promise<number> {
    let cells = 0;
    for (const route of routes) {
      const allowed = ALLOWED[keyOf(route)] ?? [];
      for (const [role, caller] of as) {
        const label = `${role}${caller.headers ? " token" : ""}: ${route.method} ${route.url}`;
        const url = await freshUrlFor(ctx(), route, hotel);
        const before = await tenantSnapshot(ctx().database.db, hotel.pid);
        const answer = await send(ctx().app, {
          method: route.method,
          url,
          ...caller,
          body: bodyFor(route, hotel),
        });
        if (allowed.includes(role)) {
          expect(answer.status, `${label}: ${answer.body}`).toBeLessThan(300);
        } else {
          expect(answer.status, `${label}: ${answer.body}`).toBe(403);
          if (route.method !== "HEAD") expect(errorOf(answer)?.code, label).toBe("forbidden");
          expect(await tenantSnapshot(ctx().database.db, hotel.pid), `${label} wrote`).toEqual(before);
        }
        cells++;
      }
    }
    return cells;
  }

  it(
    "answers each role as the table says, and a refusal writes nothing",
    async () => {
      const cells = await checkMatrix(
        new Map(ALL.map((role) => [role, { cookie: callers.get(role)?.cookie }])),
      );
      console.info(`permission matrix: ${routes.length} routes × ${ALL.length} roles = ${cells} cells`);
    },
    MATRIX_TIMEOUT_MS,
  );

  it(
    "answers each API token exactly as a member of its role",
    async () => {
      const cells = await checkMatrix(tokens);
      console.info(
        `permission matrix: ${routes.length} routes × ${tokens.size} token roles = ${cells} cells`,
      );
    },
    MATRIX_TIMEOUT_MS,
  );

  it(
    "answers a member (or token) of another property 404 and a signed-out caller 401 on every route",
    async () => {
      for (const route of routes) {
        const url = await freshUrlFor(ctx(), route, hotel);
        const before = await tenantSnapshot(ctx().database.db, hotel.pid);
        const body = bodyFor(route, hotel);
        const stranger = await send(ctx().app, {
          method: route.method,
          url,
          cookie: other.user.cookie,
          body,
        });
        expect(stranger.status, `${route.method} ${route.url}`).toBe(404);
        const foreign = await send(ctx().app, { method: route.method, url, ...foreignToken, body });
        expect(foreign.status, `another property's token: ${route.method} ${route.url}`).toBe(404);
        const anonymous = await send(ctx().app, { method: route.method, url, body });
        expect(anonymous.status, `${route.method} ${route.url}`).toBe(401);
        expect(await tenantSnapshot(ctx().database.db, hotel.pid)).toEqual(before);
      }
    },
    MATRIX_TIMEOUT_MS,
  );

  it("lets only managers change a room's number, type or floor (every role its housekeeping status)", async () => {
    const url = `/api/properties/${hotel.pid}/rooms/${hotel.roomId}`;
    for (const body of [
      { floor: 2 },
      { number: "101" },
      { roomTypeId: hotel.roomTypeId },
      { hkStatus: "clean", floor: 1 },
    ]) {
      for (const role of ALL) {
        const label = `${role}: PATCH /rooms/:id ${JSON.stringify(body)}`;
        const before = await tenantSnapshot(ctx().database.db, hotel.pid);
        const answer = await send(ctx().app, {
          method: "PATCH",
          url,
          cookie: callers.get(role)?.cookie,
          body,
        });
        if (MANAGERS.includes(role)) expect(answer.status, `${label}: ${answer.body}`).toBe(200);
        else {
          expect(answer.status, label).toBe(403);
          expect(errorOf(answer)?.code, label).toBe("forbidden");
          expect(await tenantSnapshot(ctx().database.db, hotel.pid), `${label} wrote`).toEqual(before);
        }
      }
    }
  });

  it("judges the next request by the new role, at once", async () => {
    const clerk = await addMember(ctx(), hotel.user, hotel.pid, "front_desk");
    const reservations = `/api/properties/${hotel.pid}/reservations`;
    expect((await ctx().request("GET", reservations, { as: clerk })).statusCode).toBe(200);
    const demote = await ctx().request("PATCH", `/api/properties/${hotel.pid}/members/${clerk.id}`, {
      as: hotel.user,
      body: { role: "housekeeping" },
    });
    expect(demote.statusCode).toBe(200);
    expect((await ctx().request("GET", reservations, { as: clerk })).statusCode).toBe(403);
    const remove = await ctx().request("DELETE", `/api/properties/${hotel.pid}/members/${clerk.id}`, {
      as: hotel.user,
    });
    expect(remove.statusCode).toBe(200);
    expect((await ctx().request("GET", `/api/properties/${hotel.pid}`, { as: clerk })).statusCode).toBe(404);
  });
});
