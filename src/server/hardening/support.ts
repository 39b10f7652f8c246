import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { addDays, todayIn } from "../../domain/dates.js";
import { PROPERTY_PREFIX } from "../app.js";
import type { App } from "../context.js";
import { describeBackends, type TestContext, type TestUser } from "../test/harness.js";

export type Route = { method: string; url: string };

/**
 * Every method + path the router holds, read from `printRoutes` (Fastify has no public route list once the
 * app is built). Each parsed route is checked against `hasRoute`, so a change in the print format fails
 * loudly instead of silently dropping routes.
 */
export function routeTable(app: App): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^(.*?)(?:├── |└── )(.*)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const [, segment = "", methods = ""] = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(match[2] ?? "") ?? [];
    stack.length = depth;
    stack.push(segment);
    const url = stack.join("");
    for (const method of methods.split(", ").filter(Boolean)) routes.push({ method, url });
  }
  for (const route of routes) {
    // Wildcard routes (swagger-ui's static files) are stored with constraints hasRoute does not match.
    if (route.url.includes("*")) continue;
    if (!app.hasRoute({ method: route.method as "GET", url: route.url })) {
      throw new Error(`route table parse error: ${route.method} ${route.url} is not a route`);
    }
  }
  return routes;
}

export { type RowCounts, rowCounts, TABLES, tenantSnapshot } from "./db-snapshot.js";

export type Answer = { status: number; headers: Record<string, unknown>; body: string };

/**
 * One request through `app.inject`. The answer resolves as soon as the headers are written, so a live
 * event stream (which never ends) does not hang the test; its body is left unread.
 */
export async function send(
  app: App,
  request: {
    method: string;
    url: string;
    cookie?: string;
    body?: unknown;
    headers?: Record<string, string>;
  },
): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.cookie) headers.cookie = request.cookie;
  let payload: string | undefined;
  if (request.body !== undefined) {
    headers["content-type"] ??= "application/json";
    payload = typeof request.body === "string" ? request.body : JSON.stringify(request.body);
  }
  const response = await app.inject({
    method: request.method as "GET",
    url: request.url,
    headers,
    payloadAsStream: true,
    ...(payload !== undefined ? { payload } : {}),
  });
  const stream = response.stream();
  if (String(response.headers["content-type"] ?? "").startsWith("text/event-stream")) {
    stream.destroy();
    return { status: response.statusCode, headers: response.headers, body: "" };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return { status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString() };
}

export function errorOf(answer: Answer): { code: string; message: string } | undefined {
  try {
    return (JSON.parse(answer.body) as { error?: { code: string; message: string } }).error;
  } catch {
    return undefined;
  }
}

// ---- property-scoped routes with plausible payloads ----------------------------------------------------

export type Tenant = {
  user: TestUser;
  pid: string;
  roomTypeId: string;
  roomId: string;
  reservationId: string;
  /** The stay's guest profile. */
  guestId: string;
  /** A fresh profile for the next merge to take in (set by `freshUrlFor`). */
  mergeSourceId?: string;
  paymentId: string;
  /** A line posted to the stay after its invoice (so it can be voided), and that invoice. */
  chargeId: string;
  invoiceId: string;
  /** A closed day, and the day the next `POST /day-closes` closes (set by `freshUrlFor`). */
  closedDay: string;
  closeDate?: string;
  webhookId: string;
  deliveryId: string;
  /** First id of each collection, for `/<collection>/:id` routes. */
  ids: Map<string, string>;
};

let fixtureSequence = 0;
const nextFixture = () => ++fixtureSequence;

/**
 * `describeBackends` for suites of tenants made by `createTenant`: a tenant subscribes a webhook to a
 * loopback receiver, which needs private receivers allowed.
 */
export function describeTenants(name: string, body: (ctx: () => TestContext) => void): void {
  describeBackends(name, body, { WEBHOOKS_ALLOW_PRIVATE: "1" });
}

/** Plausible, valid payloads keyed by method and path below the property prefix. */
export const BODIES: Record<string, (t: Tenant) => unknown> = {
  "PATCH /": () => ({ name: "Taken over", currency: "USD", timeZone: "UTC" }),
  "POST /room-types": () => ({ name: "Intruder suite", capacity: 3, baseRate: 99 }),
  "POST /rooms": (t) => ({ number: `X-${nextFixture()}`, floor: 2, roomTypeId: t.roomTypeId }),
  "POST /rooms/bulk": (t) => ({ numbers: [`B-${nextFixture()}`], floor: 2, roomTypeId: t.roomTypeId }),
  "PATCH /rooms/:id": () => ({ hkStatus: "dirty" }),
  "PATCH /room-types/:id": () => ({ name: "Renamed suite" }),
  "PATCH /rate-overrides/:id": () => ({ price: 5, stopSell: false }),
  "POST /rate-overrides/bulk": (t) => ({
    from: "2031-03-01",
    to: "2031-03-14",
    weekdays: [5, 6],
    roomTypeIds: [t.roomTypeId, null],
    price: 1500,
  }),
  "POST /rate-overrides": (t) => ({
    date: "2031-01-01",
    roomTypeId: t.roomTypeId,
    price: 1,
    minLOS: 1,
    stopSell: true,
  }),
  "POST /reservations": (t) => {
    // Each call books its own night, so repeated calls are all valid.
    const night = addDays("2031-02-01", nextFixture());
    return { guestName: "Mallory", roomId: t.roomId, checkInDate: night, checkOutDate: addDays(night, 1) };
  },
  "PATCH /reservations/:id": () => ({ status: "cancelled" }),
  "POST /guests": () => ({ name: `Walk-in ${nextFixture()}`, tags: ["Fixture"] }),
  "PATCH /guests/:id": () => ({ notes: "Prefers a quiet room" }),
  "POST /guests/:id/merge": (t) => ({ sourceId: t.mergeSourceId ?? t.guestId }),
  "POST /reservations/:id/payments": () => ({ amount: 10, method: "cash", note: "fixture" }),
  "POST /reservations/:id/charges": () => ({
    description: `Minibar ${nextFixture()}`,
    quantity: 2,
    unitPrice: 40,
  }),
  "POST /reservations/:id/invoices": () => ({ billTo: { name: "Fixture Travel Ltd" } }),
  "POST /invoices/:id/email": () => ({ to: "guest@hotel.invalid" }),
  "POST /tax-rates": () => ({ name: `Tax ${nextFixture()}`, percent: 5 }),
  "PATCH /tax-rates/:id": () => ({ name: "Renamed tax" }),
  "POST /products": () => ({ name: `Product ${nextFixture()}`, price: 150 }),
  "PATCH /products/:id": () => ({ price: 175 }),
  "POST /rate-plans": () => ({
    name: `Plan ${nextFixture()}`,
    adjustmentPercent: -10,
    cancellationDays: null,
  }),
  "PATCH /rate-plans/:id": () => ({ perAdultPerNight: 250 }),
  "POST /day-closes": (t) => ({ date: t.closeDate ?? "2000-01-01" }),
  "POST /room-blocks": (t) => {
    // Each call blocks its own night, a year away from the stays above (the fixture count stays far below).
    const night = addDays("2032-06-01", nextFixture());
    return { roomId: t.roomId, startDate: night, endDate: addDays(night, 1), reason: "Fixture" };
  },
  "POST /api-tokens": () => ({ name: `Fixture ${nextFixture()}`, role: "front_desk" }),
  // A loopback receiver (the suites allow private receivers) for an event nothing here sends.
  "POST /webhooks": () => ({ url: "http://127.0.0.1:9/hook", events: ["webhook.deleted"] }),
  "PATCH /webhooks/:id": () => ({ active: false }),
  "POST /members": () => ({ email: `invitee-${randomUUID().slice(0, 8)}@example.com`, role: "front_desk" }),
  "PATCH /members/:userId": () => ({ role: "housekeeping" }),
};
const QUERIES: Record<string, string> = {
  "GET /availability": "?start=2031-01-01&days=15",
  "GET /quote": "?checkInDate=2031-01-01&checkOutDate=2031-01-03",
  "GET /quote/rooms": "?checkInDate=2031-01-01&checkOutDate=2031-01-03",
  "GET /reports/occupancy": "?from=2031-01-01&to=2031-01-08",
  "GET /reports/occupancy/daily": "?from=2031-01-01&to=2031-01-08",
  "GET /exports/occupancy.csv": "?from=2031-01-01&to=2031-01-08",
  "GET /exports/reservations.csv": "?status=booked,checked_in",
};

export const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Routes that take no request body (docs/product.md#writes): every DELETE, voiding a payment, a redelivery,
 * erasing a guest, signing out.
 */
export function takesNoBody(route: Route): boolean {
  return (
    route.method === "DELETE" ||
    route.url.endsWith("/void") ||
    route.url.endsWith("/anonymize") ||
    route.url.endsWith("/redeliver") ||
    route.url.endsWith("/credit-note") ||
    route.url.endsWith("/cancel") ||
    route.url === "/auth/logout"
  );
}

/** "PATCH /rooms/:id" for PATCH /api/properties/:pid/rooms/:id (HEAD counts as GET). */
export function keyOf(route: Route): string {
  const method = route.method === "HEAD" ? "GET" : route.method;
  const rest = route.url.slice(PROPERTY_PREFIX.length).replace(/\/$/, "") || "/";
  return `${method} ${rest}`;
}

export function collectionOf(url: string): string | undefined {
  return /\/([^/]+)\/:(id|userId)$/.exec(url)?.[1];
}

/** A member of `pid` with `role`, who joined through the real invitation path (invite, then a request). */
export async function addMember(
  ctx: TestContext,
  owner: TestUser,
  pid: string,
  role: string,
): Promise<TestUser> {
  const email = `member-${randomUUID().slice(0, 8)}@example.com`;
  const invited = await ctx.request("POST", `/api/properties/${pid}/members`, {
    as: owner,
    body: { email, role },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const user = await ctx.signIn(email);
  const session = await ctx.request("GET", "/api/session", { as: user });
  expect(session.statusCode).toBe(200);
  return user;
}

/**
 * `urlFor`, except that routes which use up their target (removing a member, revoking an invitation) or
 * change a member get a fresh one, so every caller can be answered by the rules rather than by a 404.
 */
export async function freshUrlFor(ctx: TestContext, route: Route, owner: Tenant): Promise<string> {
  const key = keyOf(route);
  const base = route.url.replace(":pid", owner.pid);
  if (key.endsWith(" /members/:userId")) {
    const member = await addMember(ctx, owner.user, owner.pid, "front_desk");
    return base.replace(":userId", member.id);
  }
  if (key === "DELETE /invitations/:id") {
    const invited = await ctx.request("POST", `/api/properties/${owner.pid}/members`, {
      as: owner.user,
      body: BODIES["POST /members"]?.(owner),
    });
    return base.replace(":id", invited.json().id);
  }
  if (key === "PATCH /reservations/:id") {
    const booked = await ctx.request("POST", `/api/properties/${owner.pid}/reservations`, {
      as: owner.user,
      body: BODIES["POST /reservations"]?.(owner),
    });
    if (booked.statusCode !== 201) throw new Error(`fixture booking: ${booked.body}`);
    return base.replace(":id", booked.json().id);
  }
  if (key === "POST /guests/:id/merge" || key === "POST /guests/:id/anonymize") {
    // A merge uses up its source and an erasure its guest: fresh profiles, without stays.
    const made = async () => {
      const response = await ctx.request("POST", `/api/properties/${owner.pid}/guests`, {
        as: owner.user,
        body: BODIES["POST /guests"]?.(owner),
      });
      return response.json().id as string;
    };
    if (key.endsWith("/merge")) owner.mergeSourceId = await made();
    return route.url.replace(":pid", owner.pid).replace(":id", await made());
  }
  if (key === "DELETE /room-blocks/:id") {
    const blocked = await ctx.request("POST", `/api/properties/${owner.pid}/room-blocks`, {
      as: owner.user,
      body: BODIES["POST /room-blocks"]?.(owner),
    });
    return base.replace(":id", blocked.json().id);
  }
  // Deletes use up their target, and the tenant's own records are in use: each caller gets a fresh one.
  const fresh: Record<string, [string, () => unknown]> = {
    "DELETE /room-types/:id": ["room-types", () => ({ name: `Spare ${nextFixture()}` })],
    "DELETE /rooms/:id": ["rooms", () => ({ number: `Spare-${nextFixture()}` })],
    "DELETE /rate-overrides/:id": ["rate-overrides", () => ({ date: addDays("2031-09-01", nextFixture()) })],
    "DELETE /api-tokens/:id": ["api-tokens", () => BODIES["POST /api-tokens"]?.(owner)],
    "DELETE /webhooks/:id": ["webhooks", () => BODIES["POST /webhooks"]?.(owner)],
    "DELETE /tax-rates/:id": ["tax-rates", () => BODIES["POST /tax-rates"]?.(owner)],
    "DELETE /products/:id": ["products", () => BODIES["POST /products"]?.(owner)],
    "DELETE /rate-plans/:id": ["rate-plans", () => BODIES["POST /rate-plans"]?.(owner)],
  };
  const target = fresh[key];
  if (target) {
    const [collection, body] = target;
    const made = await ctx.request("POST", `/api/properties/${owner.pid}/${collection}`, {
      as: owner.user,
      body: body(),
    });
    return base.replace(":id", made.json().id);
  }
  if (key === "POST /day-closes") {
    // Each close uses up its day: the next is the day after the last closed, or the property's first day.
    const property = await ctx.request("GET", `/api/properties/${owner.pid}`, { as: owner.user });
    const { closedThrough, createdAt, timeZone } = property.json();
    owner.closeDate = closedThrough ? addDays(closedThrough, 1) : todayIn(timeZone, new Date(createdAt));
    return base;
  }
  // A void uses up its line, an invoice the lines not yet invoiced, a credit note its invoice.
  if (
    key === "POST /reservations/:id/charges/:chargeId/void" ||
    key === "POST /reservations/:id/invoices" ||
    key === "POST /invoices/:id/credit-note"
  ) {
    const stay = `/api/properties/${owner.pid}/reservations/${owner.reservationId}`;
    const posted = await ctx.request("POST", `${stay}/charges`, {
      as: owner.user,
      body: BODIES["POST /reservations/:id/charges"]?.(owner),
    });
    if (key.endsWith("/void"))
      return urlFor(route, owner.pid, owner).replace(owner.chargeId, posted.json().id);
    if (key.endsWith("/invoices")) return urlFor(route, owner.pid, owner);
    const issued = await ctx.request("POST", `${stay}/invoices`, { as: owner.user, body: {} });
    return urlFor(route, owner.pid, owner).replace(owner.invoiceId, issued.json().id);
  }
  if (key === "POST /reservations/:id/payments/:paymentId/void") {
    const paid = await ctx.request(
      "POST",
      `/api/properties/${owner.pid}/reservations/${owner.reservationId}/payments`,
      {
        as: owner.user,
        body: BODIES["POST /reservations/:id/payments"]?.(owner),
      },
    );
    return urlFor(route, owner.pid, owner).replace(owner.paymentId, paid.json().id);
  }
  return urlFor(route, owner.pid, owner);
}

/** A signed-in user whose property holds one of everything, all created through the API. */
export async function createTenant(ctx: TestContext, routes: Route[]): Promise<Tenant> {
  const user = await ctx.signIn();
  const pid = await ctx.propertyOf(user);
  const base = `/api/properties/${pid}`;
  const post = async (path: string, body: unknown) => {
    const response = await ctx.request("POST", `${base}${path}`, { as: user, body });
    expect(response.statusCode, `${path}: ${response.body}`).toBe(201);
    return response.json().id as string;
  };
  const roomTypeId = await post("/room-types", { name: "Deluxe", capacity: 2, baseRate: 1000 });
  const roomId = await post("/rooms", { number: "101", floor: 1, roomTypeId });
  await post("/rate-overrides", { date: "2030-01-01", roomTypeId, price: 1200 });
  const reservationId = await post("/reservations", {
    guestName: "Asha Rao",
    guestEmail: "asha@example.com",
    roomId,
    checkInDate: "2030-01-01",
    checkOutDate: "2030-01-03",
  });
  const paymentId = await post(`/reservations/${reservationId}/payments`, { amount: 500, method: "card" });
  const taxRateId = await post("/tax-rates", { name: "GST", percent: 12 });
  const productId = await post("/products", { name: "Breakfast", price: 350, taxRateId });
  await post(`/reservations/${reservationId}/charges`, { productId, quantity: 2 });
  const invoiceId = await post(`/reservations/${reservationId}/invoices`, {});
  // A closed day (the property's first): its report is readable.
  const property = (await ctx.request("GET", base, { as: user })).json();
  const closedDay = todayIn(property.timeZone, new Date(property.createdAt));
  const closed = await ctx.request("POST", `${base}/day-closes`, { as: user, body: { date: closedDay } });
  expect(closed.statusCode, closed.body).toBe(201);
  const chargeId = await post(`/reservations/${reservationId}/charges`, {
    description: "Parking",
    quantity: 1,
    unitPrice: 200,
  });
  const stay = await ctx.request("GET", `${base}/reservations/${reservationId}`, { as: user });
  const guestId = stay.json().guestId as string;
  await post("/guests", { name: "Ravi Kumar", email: "ravi@example.com", documentNumber: "P1234567" });
  await post("/room-blocks", { roomId, startDate: "2030-02-01", endDate: "2030-02-03", reason: "Painting" });
  await post("/members", BODIES["POST /members"]?.({} as Tenant));
  // A subscription with one delivery: the event of a room type added after it.
  const webhookId = await post("/webhooks", {
    url: "http://127.0.0.1:9/hook",
    events: ["room_type.created"],
  });
  await post("/room-types", { name: "Annex", capacity: 2, baseRate: 800 });
  const deliveries = await ctx.request("GET", `${base}/webhooks/${webhookId}/deliveries`, { as: user });
  const deliveryId = (deliveries.json() as { id: string }[])[0]?.id ?? "";
  await post("/api-tokens", BODIES["POST /api-tokens"]?.({} as Tenant));
  const member = await addMember(ctx, user, pid, "front_desk");
  const ids = new Map<string, string>([["members", member.id]]);
  for (const route of routes) {
    const collection = collectionOf(route.url);
    if (!collection || ids.has(collection)) continue;
    const list = await ctx.request("GET", `${base}/${collection}`, { as: user });
    const first = (list.json() as { id: string }[])[0];
    if (first) ids.set(collection, first.id);
  }
  return {
    user,
    pid,
    roomTypeId,
    roomId,
    reservationId,
    guestId,
    paymentId,
    chargeId,
    invoiceId,
    closedDay,
    webhookId,
    deliveryId,
    ids,
  };
}

/** The route's URL for property `pid`, with `owner`'s resource id and a valid query where one is needed. */
export function urlFor(route: Route, pid: string, owner: Tenant): string {
  let url = route.url
    .replace(":pid", pid)
    .replace("/reservations/:id/", `/reservations/${owner.reservationId}/`)
    .replace("/guests/:id/", `/guests/${owner.guestId}/`)
    .replace(":paymentId", owner.paymentId)
    .replace(":chargeId", owner.chargeId)
    .replace(":date", owner.closedDay)
    .replace("/invoices/:id/", `/invoices/${owner.invoiceId}/`)
    .replace("/webhooks/:id/", `/webhooks/${owner.webhookId}/`)
    .replace(":deliveryId", owner.deliveryId);
  const collection = collectionOf(route.url);
  if (collection) {
    const id = owner.ids.get(collection);
    if (!id)
      throw new Error(`no ${collection} fixture for ${route.method} ${route.url}: add one to createTenant`);
    url = url.replace(/:(id|userId)$/, id);
  }
  return url + (QUERIES[keyOf(route)] ?? "");
}

/** A plausible body for a mutating route (`{}` for one this file does not know yet). */
export function bodyFor(route: Route, owner: Tenant): unknown {
  if (!MUTATING.has(route.method)) return undefined;
  return BODIES[keyOf(route)]?.(owner) ?? {};
}

export { type EventStream, openEventStream } from "../test/event-stream.js";

// ---- PostgreSQL databases shared by several servers or processes ---------------------------------------

export { createPostgresDatabase } from "../test/harness.js";
