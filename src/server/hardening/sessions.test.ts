/**
 * Sessions over real HTTP (sign-in through the development provider): cookie flags, only a hash in the
 * database, logout ending the session on the server, expiry, and hostile cookies.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../auth/sessions.js";
import { backends, createTestContext, type TestContext } from "../test/harness.js";
import { type ListeningApp, startListening } from "../test/listening.js";
import { signInThroughProvider } from "../test/sign-in.js";
import { send } from "./support.js";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

for (const backend of backends()) {
  describe(`sessions [${backend}]`, () => {
    let server: ListeningApp;
    beforeAll(async () => {
      server = await startListening(backend);
    });
    afterAll(async () => server?.close());

    async function signIn(email: string) {
      const { client, final } = await signInThroughProvider(server, email, "Guest");
      const token = client.cookie(SESSION_COOKIE) ?? "";
      expect(token).not.toBe("");
      const setCookie = final.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? "";
      return { client, token, setCookie, cookie: `${SESSION_COOKIE}=${token}` };
    }

    it("sets the session cookie HttpOnly, SameSite=Lax, Path=/, with the session's lifetime and no Secure on http", async () => {
      const { setCookie } = await signIn("flags@example.com");
      const attributes = setCookie.split(";").map((a) => a.trim().toLowerCase());
      expect(attributes).toContain("httponly");
      expect(attributes).toContain("samesite=lax");
      expect(attributes).toContain("path=/");
      expect(attributes).toContain(`max-age=${7 * 24 * 3600}`);
      expect(attributes).not.toContain("secure");
    });

    it("stores only the token's SHA-256: the raw token is nowhere in the database", async () => {
      const { token, client } = await signIn("hash@example.com");
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
      const user = (await (await client.fetch("/api/session")).json()).user;
      const stored = rows<{ token_hash: string }>(
        await server.database.db.execute(sql`select token_hash from sessions where user_id = ${user.id}`),
      );
      expect(stored.map((row) => row.token_hash)).toContain(sha256(token));
      for (const table of ["sessions", "users"]) {
        const dump = JSON.stringify(
          rows(await server.database.db.execute(sql.raw(`select * from ${table}`))),
        );
        expect(dump).not.toContain(token);
      }
    });

    it("logout deletes the session server-side: the old cookie gets 401 on reads and writes", async () => {
      const { client, token, cookie } = await signIn("leaving@example.com");
      const property = await (await fetch(`${server.baseUrl}/api/property`, { headers: { cookie } })).json();
      const logout = await client.fetch("/auth/logout", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(logout.status).toBe(200);
      expect(logout.headers.getSetCookie().join()).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
      const left = rows(
        await server.database.db.execute(sql`select 1 from sessions where token_hash = ${sha256(token)}`),
      );
      expect(left).toHaveLength(0);
      expect((await fetch(`${server.baseUrl}/api/property`, { headers: { cookie } })).status).toBe(401);
      const write = await fetch(`${server.baseUrl}/api/properties/${property.id}`, {
        method: "PATCH",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ name: "After logout", currency: "INR", timeZone: "Asia/Kolkata" }),
      });
      expect(write.status).toBe(401);
    });

    it("refuses a forged cross-site logout (the session survives)", async () => {
      const { cookie } = await signIn("stays@example.com");
      const forged = await fetch(`${server.baseUrl}/auth/logout`, {
        method: "POST",
        headers: { cookie, origin: "https://evil.example", "content-type": "application/json" },
        body: "{}",
      });
      expect(forged.status).toBe(403);
      const form = await fetch(`${server.baseUrl}/auth/logout`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: "",
      });
      expect(form.status).toBe(415);
      expect((await fetch(`${server.baseUrl}/api/property`, { headers: { cookie } })).status).toBe(200);
    });

    it("keeps other sessions of the same user alive when one logs out", async () => {
      const first = await signIn("two-devices@example.com");
      const second = await signIn("two-devices@example.com");
      await first.client.fetch("/auth/logout", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      const headers = (c: string) => ({ headers: { cookie: c } });
      expect((await fetch(`${server.baseUrl}/api/property`, headers(first.cookie))).status).toBe(401);
      expect((await fetch(`${server.baseUrl}/api/property`, headers(second.cookie))).status).toBe(200);
    });
  });

  describe(`session expiry and hostile cookies [${backend}]`, () => {
    let ctx: TestContext;
    beforeAll(async () => {
      // 0.0005 h = 1.8 s
      ctx = await createTestContext(backend, { SESSION_TTL_HOURS: "0.0005" });
    });
    afterAll(async () => {
      await ctx?.app.close();
      await ctx?.database.close();
    });

    it("expires a session after SESSION_TTL_HOURS", async () => {
      const user = await ctx.signIn();
      expect((await ctx.request("GET", "/api/property", { as: user })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect((await ctx.request("GET", "/api/property", { as: user })).statusCode).toBe(401);
      expect((await ctx.request("GET", "/api/session", { as: user })).json()).toEqual({ user: null });
    });

    it("refuses a session whose expiry has passed, even if the row is still there", async () => {
      const user = await ctx.signIn();
      const token = "expired-token-".padEnd(43, "x");
      await ctx.database.db.execute(
        sql`insert into sessions (token_hash, user_id, expires_at)
            values (${sha256(token)}, ${user.id}, now() - interval '1 second')`,
      );
      const response = await ctx.request("GET", "/api/property", {
        headers: { cookie: `${SESSION_COOKIE}=${token}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe("unauthenticated");
    });

    it.each([
      ["an unknown token", "A".repeat(43)],
      ["an empty token", ""],
      ["a very long token", "x".repeat(5000)],
      ["SQL", "' or '1'='1"],
      ["NUL and unicode", "%00%E2%98%83%F0%9F%92%A9"],
    ])("treats %s as signed out (401, never 5xx)", async (_name, value) => {
      const cookie = `${SESSION_COOKIE}=${value}`;
      const property = await send(ctx.app, { method: "GET", url: "/api/property", cookie });
      expect(property.status).toBe(401);
      const session = await send(ctx.app, { method: "GET", url: "/api/session", cookie });
      expect(session.status).toBe(200);
      expect(JSON.parse(session.body)).toEqual({ user: null });
    });

    it("does not accept a stored token hash as a cookie (a leaked dump cannot be replayed)", async () => {
      const user = await ctx.signIn();
      const stored = rows<{ token_hash: string }>(
        await ctx.database.db.execute(sql`select token_hash from sessions where user_id = ${user.id}`),
      );
      const hash = stored[0]?.token_hash ?? "";
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      const response = await ctx.request("GET", "/api/property", {
        headers: { cookie: `${SESSION_COOKIE}=${hash}` },
      });
      expect(response.statusCode).toBe(401);
    });
  });
}
