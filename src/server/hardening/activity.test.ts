/**
 * The activity log, generated from the route table: every accepted mutating request writes exactly one
 * entry naming its actor and action, in the same transaction; a refused one (bad input, conflict, forbidden)
 * writes none.
 */
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { EventType } from "../../domain/events.js";
import { PROPERTY_PREFIX } from "../app.js";
import { TEST_NOW, type TestContext, type TestUser } from "../test/harness.js";
import {
  addMember,
  bodyFor,
  createTenant,
  describeTenants,
  freshUrlFor,
  keyOf,
  MUTATING,
  type Route,
  routeTable,
  send,
  type Tenant,
  takesNoBody,
} from "./support.js";

/** The action each mutating route records (a new route must say what it records). */
const ACTIONS: Record<string, EventType> = {
  "PATCH /": "property.updated",
  "POST /room-types": "room_type.created",
  "POST /rooms": "room.created",
  "POST /rooms/bulk": "room.created",
  "PATCH /rooms/:id": "room.hk_status_changed",
  "DELETE /rooms/:id": "room.deleted",
  "PATCH /room-types/:id": "room_type.updated",
  "DELETE /room-types/:id": "room_type.deleted",
  "POST /rate-overrides": "rate_override.saved",
  "POST /rate-overrides/bulk": "rate_override.bulk_saved",
  "PATCH /rate-overrides/:id": "rate_override.updated",
  "DELETE /rate-overrides/:id": "rate_override.deleted",
  "POST /reservations": "reservation.created",
  "PATCH /reservations/:id": "reservation.cancelled",
  "POST /guests": "guest.created",
  "PATCH /guests/:id": "guest.updated",
  "POST /guests/:id/merge": "guest.merged",
  "POST /guests/:id/anonymize": "guest.anonymized",
  "POST /reservations/:id/payments": "payment.recorded",
  "POST /reservations/:id/payments/:paymentId/void": "payment.voided",
  "POST /reservations/:id/charges": "charge.posted",
  "POST /reservations/:id/charges/:chargeId/void": "charge.voided",
  "POST /reservations/:id/invoices": "invoice.issued",
  "POST /invoices/:id/credit-note": "invoice.credited",
  "POST /invoices/:id/email": "invoice.emailed",
  "POST /tax-rates": "tax_rate.created",
  "PATCH /tax-rates/:id": "tax_rate.updated",
  "DELETE /tax-rates/:id": "tax_rate.deleted",
  "POST /products": "product.created",
  "PATCH /products/:id": "product.updated",
  "DELETE /products/:id": "product.deleted",
  "POST /rate-plans": "rate_plan.created",
  "PATCH /rate-plans/:id": "rate_plan.updated",
  "DELETE /rate-plans/:id": "rate_plan.deleted",
  "POST /day-closes": "day.closed",
  "POST /room-blocks": "room_block.created",
  "DELETE /room-blocks/:id": "room_block.deleted",
  "POST /members": "member.invited",
  "PATCH /members/:userId": "member.role_changed",
  "DELETE /members/:userId": "member.removed",
  "DELETE /invitations/:id": "invitation.revoked",
  "POST /api-tokens": "api_token.created",
  "DELETE /api-tokens/:id": "api_token.revoked",
  "POST /webhooks": "webhook.created",
  "PATCH /webhooks/:id": "webhook.updated",
  "DELETE /webhooks/:id": "webhook.deleted",
  "POST /webhooks/:id/deliveries/:deliveryId/redeliver": "webhook.redelivered",
};

type Entry = { actor_id: string | null; actor_name: string; action: string; entity_id: string | null };

async function entriesSince(ctx: TestContext, pid: string, seq: number): Promise<Entry[]> {
  const result = await ctx.database.db.execute(
    sql`select actor_id, actor_name, action, entity_id from activity
        where property_id = ${pid} and property_seq > ${seq} order by property_seq`,
  );
  return (result as unknown as { rows: Entry[] }).rows;
}

async function lastSeq(ctx: TestContext, pid: string): Promise<number> {
  const result = await ctx.database.db.execute(
    sql`select coalesce(max(property_seq), 0)::int as seq from activity where property_id = ${pid}`,
  );
  return (result as unknown as { rows: { seq: number }[] }).rows[0]?.seq ?? 0;
}

describeTenants("activity log (generated from the route table)", (ctx) => {
  let mutating: Route[];
  let hotel: Tenant;
  let manager: TestUser;
  let housekeeper: TestUser;

  beforeAll(async () => {
    const routes = routeTable(ctx().app).filter((route) => route.url.startsWith(PROPERTY_PREFIX));
    mutating = routes.filter((route) => MUTATING.has(route.method));
    hotel = await createTenant(ctx(), routes);
    manager = await addMember(ctx(), hotel.user, hotel.pid, "manager");
    housekeeper = await addMember(ctx(), hotel.user, hotel.pid, "housekeeping");
  });

  it("names an action for every mutating route", () => {
    expect([...new Set(mutating.map(keyOf))].sort()).toEqual(Object.keys(ACTIONS).sort());
  });

  it("writes exactly one entry per accepted change, with its actor and action", async () => {
    for (const route of mutating) {
      const url = await freshUrlFor(ctx(), route, hotel);
      const since = await lastSeq(ctx(), hotel.pid);
      const answer = await send(ctx().app, {
        method: route.method,
        url,
        cookie: manager.cookie,
        body: bodyFor(route, hotel),
      });
      const label = `${route.method} ${route.url}`;
      expect(answer.status, `${label}: ${answer.body}`).toBeLessThan(300);
      const entries = await entriesSince(ctx(), hotel.pid, since);
      expect(entries, label).toHaveLength(1);
      expect(entries[0], label).toMatchObject({
        actor_id: manager.id,
        actor_name: manager.email,
        action: ACTIONS[keyOf(route)],
      });
    }
  });

  it("writes nothing for a refused request: bad input, a conflict, or a forbidden one", async () => {
    for (const route of mutating) {
      const url = await freshUrlFor(ctx(), route, hotel);
      const since = await lastSeq(ctx(), hotel.pid);
      const attempts = [{ cookie: housekeeper.cookie, body: bodyFor(route, hotel) }];
      // A housekeeper may set the housekeeping status; everything else is forbidden to them.
      if (keyOf(route) === "PATCH /rooms/:id") attempts.length = 0;
      // Bad input (a route that takes no body has none to get wrong).
      if (!takesNoBody(route)) attempts.push({ cookie: manager.cookie, body: { unknownField: 1 } });
      for (const attempt of attempts) {
        const answer = await send(ctx().app, { method: route.method, url, ...attempt });
        expect(answer.status, `${route.method} ${route.url}: ${answer.body}`).toBeGreaterThanOrEqual(400);
      }
      expect(await entriesSince(ctx(), hotel.pid, since), `${route.method} ${route.url}`).toEqual([]);
    }
    // A conflict: the same room number twice.
    const rooms = `/api/properties/${hotel.pid}/rooms`;
    expect((await ctx().request("POST", rooms, { as: manager, body: { number: "C-1" } })).statusCode).toBe(
      201,
    );
    const since = await lastSeq(ctx(), hotel.pid);
    expect((await ctx().request("POST", rooms, { as: manager, body: { number: "C-1" } })).statusCode).toBe(
      409,
    );
    expect(await entriesSince(ctx(), hotel.pid, since)).toEqual([]);
  });

  it("lists entries newest first, a page at a time, and by record", async () => {
    const base = `/api/properties/${hotel.pid}/activity`;
    const all: { id: string; at: string }[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await ctx().request("GET", `${base}?limit=7${before ? `&before=${before}` : ""}`, {
        as: hotel.user,
      });
      expect(page.statusCode).toBe(200);
      const entries = page.json() as { id: string; at: string }[];
      all.push(...entries);
      if (entries.length < 7) break;
      before = entries.at(-1)?.id;
    }
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    const times = all.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.length).toBeGreaterThan(20);

    const stay = await ctx().request("POST", `/api/properties/${hotel.pid}/reservations`, {
      as: hotel.user,
      body: bodyFor({ method: "POST", url: `${PROPERTY_PREFIX}/reservations` }, hotel),
    });
    const id = stay.json().id;
    // Check-in opens on the arrival day.
    ctx().setNow(`${stay.json().checkInDate}T06:00:00Z`);
    const checkIn = await ctx().request("PATCH", `/api/properties/${hotel.pid}/reservations/${id}`, {
      as: hotel.user,
      body: { status: "checked_in" },
    });
    ctx().setNow(TEST_NOW);
    expect(checkIn.statusCode).toBe(200);
    const history = (await ctx().request("GET", `${base}?entityId=${id}`, { as: hotel.user })).json();
    expect(history.map((e: { action: string }) => e.action)).toEqual([
      "reservation.checked_in",
      "reservation.created",
    ]);
    expect(history[0]).toMatchObject({
      actorId: hotel.user.id,
      entityType: "reservation",
      entityId: id,
      changes: { status: { before: "booked", after: "checked_in" } },
    });
  });
});
