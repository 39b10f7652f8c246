import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../../domain/permissions.js";
import { hashToken } from "../../auth/sessions.js";
import { queryRows } from "../../db/rows.js";
import { openEventStream } from "../../test/event-stream.js";
import {
  backends,
  createTestContext,
  describeBackends,
  type TestContext,
  type TestUser,
} from "../../test/harness.js";
import { type ListeningApp, startListening } from "../../test/listening.js";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function makeToken(
  ctx: TestContext,
  owner: TestUser,
  pid: string,
  body: { name: string; role: Role; expiresAt?: string | null },
) {
  const response = await ctx.request("POST", `/api/properties/${pid}/api-tokens`, { as: owner, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; token: string; role: Role; name: string };
}

describeBackends("API tokens", (ctx) => {
  let owner: TestUser;
  let pid: string;
  beforeAll(async () => {
    owner = await ctx().signIn();
    pid = await ctx().propertyOf(owner);
  });
  const url = (path: string, property = pid) => `/api/properties/${property}${path}`;

  it("answers the secret once and keeps only its hash", async () => {
    const made = await makeToken(ctx(), owner, pid, { name: "Channel manager", role: "front_desk" });
    expect(made.token).toMatch(/^ikt_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({
      name: "Channel manager",
      role: "front_desk",
      lastUsedAt: null,
      expiresAt: null,
    });
    const listed = (await ctx().request("GET", url("/api-tokens"), { as: owner })).json();
    expect(listed.find((token: { id: string }) => token.id === made.id)).not.toHaveProperty("token");
    expect(JSON.stringify(listed)).not.toContain(made.token);
    const [stored] = await queryRows<{ token_hash: string }>(
      ctx().database.db,
      sql`select token_hash from api_tokens where id = ${made.id}`,
    );
    expect(stored?.token_hash).toBe(hashToken(made.token));
  });

  it("acts with exactly the token's role, without cookies or CSRF rules", async () => {
    const { token } = await makeToken(ctx(), owner, pid, { name: "Door locks", role: "front_desk" });
    const list = await ctx().request("GET", url("/reservations"), { headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    const forbidden = await ctx().request("POST", url("/room-types"), {
      headers: { ...bearer(token), origin: "https://attacker.invalid" },
      body: { name: "Suite", baseRate: 100, capacity: 2 },
    });
    expect(forbidden.statusCode).toBe(403);
    const { token: managerToken } = await makeToken(ctx(), owner, pid, { name: "PMS sync", role: "manager" });
    const created = await ctx().request("POST", url("/room-types"), {
      headers: { ...bearer(managerToken), origin: "https://attacker.invalid" },
      body: { name: "Token Suite", baseRate: 100, capacity: 2 },
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it("names the token in the activity log", async () => {
    const { token } = await makeToken(ctx(), owner, pid, { name: "Accounting", role: "manager" });
    const created = await ctx().request("POST", url("/room-types"), {
      headers: bearer(token),
      body: { name: "Logged by token", baseRate: 90, capacity: 2 },
    });
    const entries = (
      await ctx().request("GET", url(`/activity?entityId=${created.json().id}`), { as: owner })
    ).json();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "room_type.created",
      actorId: null,
      actorName: "Accounting (API token)",
    });
  });

  it("refuses a revoked, an expired and an unknown token with 401 at once", async () => {
    const revoked = await makeToken(ctx(), owner, pid, { name: "Old", role: "housekeeping" });
    expect((await ctx().request("GET", url("/rooms"), { headers: bearer(revoked.token) })).statusCode).toBe(
      200,
    );
    const revoke = await ctx().request("DELETE", url(`/api-tokens/${revoked.id}`), { as: owner });
    expect(revoke.statusCode).toBe(200);
    const after = await ctx().request("GET", url("/rooms"), { headers: bearer(revoked.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe("unauthenticated");

    const expiring = await makeToken(ctx(), owner, pid, { name: "Short", role: "housekeeping" });
    await ctx().database.db.execute(
      sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${expiring.id}`,
    );
    expect((await ctx().request("GET", url("/rooms"), { headers: bearer(expiring.token) })).statusCode).toBe(
      401,
    );
    expect((await ctx().request("GET", url("/rooms"), { headers: bearer("ikt_unknown") })).statusCode).toBe(
      401,
    );
  });

  it("never falls back to the session cookie when a bearer token is sent", async () => {
    const response = await ctx().request("GET", url("/rooms"), { as: owner, headers: bearer("ikt_wrong") });
    expect(response.statusCode).toBe(401);
  });

  it("answers 404 for another property's routes, as for any non-member", async () => {
    const stranger = await ctx().signIn();
    const otherPid = await ctx().propertyOf(stranger);
    const { token } = await makeToken(ctx(), owner, pid, { name: "Scoped", role: "manager" });
    const response = await ctx().request("GET", url("/rooms", otherPid), { headers: bearer(token) });
    expect(response.statusCode).toBe(404);
  });

  it("refuses to grant owner (403) and an expiry in the past (400), writing nothing", async () => {
    const before = (await ctx().request("GET", url("/api-tokens"), { as: owner })).json().length;
    const asOwner = await ctx().request("POST", url("/api-tokens"), {
      as: owner,
      body: { name: "Root", role: "owner" },
    });
    expect(asOwner.statusCode).toBe(403);
    const past = await ctx().request("POST", url("/api-tokens"), {
      as: owner,
      body: { name: "Past", role: "manager", expiresAt: "2020-01-01T00:00:00Z" },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toContain("expiresAt");
    expect((await ctx().request("GET", url("/api-tokens"), { as: owner })).json()).toHaveLength(before);
  });

  it("keeps lastUsedAt without a write per request", async () => {
    const made = await makeToken(ctx(), owner, pid, { name: "Busy", role: "front_desk" });
    const lastUsed = async () =>
      (await ctx().request("GET", url("/api-tokens"), { as: owner }))
        .json()
        .find((token: { id: string }) => token.id === made.id).lastUsedAt;
    await ctx().request("GET", url("/rooms"), { headers: bearer(made.token) });
    const first = await lastUsed();
    expect(first).not.toBeNull();
    for (let i = 0; i < 3; i++) await ctx().request("GET", url("/rooms"), { headers: bearer(made.token) });
    expect(await lastUsed()).toBe(first);
  });
});

for (const backend of backends()) {
  describe(`API token limits and streams [${backend}]`, () => {
    let ctx: TestContext;
    let server: ListeningApp;
    let owner: TestUser;
    let pid: string;
    beforeAll(async () => {
      ctx = await createTestContext(backend, { API_TOKEN_RATE_LIMIT_PER_MINUTE: "3" });
      server = await startListening(backend, {}, ctx.database);
      owner = await ctx.signIn();
      pid = await ctx.propertyOf(owner);
    });
    afterAll(async () => {
      await server?.close();
      await ctx?.app.close();
      await ctx?.database.close();
    });

    it("limits each token's requests a minute with 429 and Retry-After; sessions are not limited", async () => {
      const { token } = await makeToken(ctx, owner, pid, { name: "Chatty", role: "front_desk" });
      const { token: other } = await makeToken(ctx, owner, pid, { name: "Quiet", role: "front_desk" });
      const rooms = `/api/properties/${pid}/rooms`;
      for (let i = 0; i < 3; i++) {
        expect((await ctx.request("GET", rooms, { headers: bearer(token) })).statusCode).toBe(200);
      }
      const limited = await ctx.request("GET", rooms, { headers: bearer(token) });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe("rate_limited");
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
      expect((await ctx.request("GET", rooms, { headers: bearer(other) })).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) {
        expect((await ctx.request("GET", rooms, { as: owner })).statusCode).toBe(200);
      }
    });

    it("counts every request a token makes, whatever its answer and wherever it goes", async () => {
      const stranger = await ctx.signIn();
      const otherPid = await ctx.propertyOf(stranger);
      const { token } = await makeToken(ctx, owner, pid, { name: "Prober", role: "housekeeping" });
      const answers = [
        await ctx.request("GET", `/api/properties/${pid}/reservations`, { headers: bearer(token) }),
        await ctx.request("GET", `/api/properties/${otherPid}/rooms`, { headers: bearer(token) }),
        await ctx.request("GET", "/api/session", { headers: bearer(token) }),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([403, 404, 200]);
      const limited = await ctx.request("GET", `/api/properties/${pid}/rooms`, { headers: bearer(token) });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    });

    it("counts unknown tokens per client address", async () => {
      const guess = (n: number, remoteAddress = "127.0.0.7") =>
        ctx.app.inject({
          method: "GET",
          url: `/api/properties/${pid}/rooms`,
          remoteAddress,
          headers: { host: new URL(ctx.config.publicUrl).host, ...bearer(`ikt_guess${n}`) },
        });
      for (let n = 0; n < 3; n++) expect((await guess(n)).statusCode).toBe(401);
      // A new guess each time: the address is what is counted, not the token.
      const limited = await guess(3);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe("rate_limited");
      expect((await guess(4, "127.0.0.8")).statusCode).toBe(401);
      // A real token from the same address keeps its own allowance.
      const { token } = await makeToken(ctx, owner, pid, { name: "Honest", role: "housekeeping" });
      const honest = await ctx.app.inject({
        method: "GET",
        url: `/api/properties/${pid}/rooms`,
        remoteAddress: "127.0.0.7",
        headers: { host: new URL(ctx.config.publicUrl).host, ...bearer(token) },
      });
      expect(honest.statusCode).toBe(200);
    });

    it("streams the property's events to a token, and revoking it ends the stream", async () => {
      const made = await makeToken(ctx, owner, pid, { name: "Listener", role: "housekeeping" });
      const response = await fetch(`${server.baseUrl}/api/properties/${pid}/events`, {
        headers: bearer(made.token),
      });
      expect(response.status).toBe(200);
      await response.body?.cancel();
      const stream = await openEventStream(
        `${server.baseUrl}/api/properties/${pid}/events`,
        "",
        bearer(made.token),
      );
      const seen = stream.next((event) => event.type === "property.updated");
      await ctx.request("PATCH", `/api/properties/${pid}`, {
        as: owner,
        body: { name: "Token Inn", currency: "INR", timeZone: "Asia/Kolkata" },
      });
      expect(await seen).toMatchObject({ propertyId: pid, entityId: pid });
      await ctx.request("DELETE", `/api/properties/${pid}/api-tokens/${made.id}`, { as: owner });
      await expect(stream.ended).resolves.toBeUndefined();
    });
  });
}
