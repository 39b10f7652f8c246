/**
 * The whole OpenID Connect flow over real HTTP against the built-in development provider: authorization
 * code + PKCE, the provider's sign-in page, the callback, the session cookie, and logout.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends } from "../test/harness.js";
import { CookieClient } from "../test/http-client.js";
import { type ListeningApp, startListening } from "../test/listening.js";
import { signInThroughProvider } from "../test/sign-in.js";
import { SESSION_COOKIE } from "./sessions.js";

for (const backend of backends()) {
  describe(`sign-in through the development provider [${backend}]`, () => {
    let server: ListeningApp;
    beforeAll(async () => {
      server = await startListening(backend);
    });
    afterAll(async () => server?.close());

    it("signs in with code + PKCE, creates a database session and returns to the requested page", async () => {
      const { client, final } = await signInThroughProvider(server, "Grace@Example.com", "Grace Hopper");
      expect(final.headers.get("location")).toBe("/hms/reservations");
      const token = client.cookie(SESSION_COOKIE);
      expect(token).toBeTruthy();
      const session = await (await client.fetch("/api/session")).json();
      expect(session.user).toMatchObject({
        email: "grace@example.com",
        displayName: "Grace Hopper",
        isAdmin: false,
      });

      // The same email is always the same user.
      const again = await signInThroughProvider(server, "grace@example.com", "Grace H.");
      const second = await (await again.client.fetch("/api/session")).json();
      expect(second.user.id).toBe(session.user.id);
      expect(second.user.displayName).toBe("Grace H.");
    });

    it.each([
      ["\u202eGrace Hopper", "Grace Hopper"],
      ["Grace \u2066Hopper\u2069", "Grace Hopper"],
      ["\u200fגרייס\u200e", "גרייס"],
      ["\u202e\u202c", null],
    ])("stores the provider's display name %j without bidi controls", async (name, shown) => {
      const { client } = await signInThroughProvider(server, "bidi@example.com", name);
      const session = await (await client.fetch("/api/session")).json();
      expect(session.user.displayName).toBe(shown);
    });

    it("makes the allow-listed, verified email an admin", async () => {
      const { client } = await signInThroughProvider(server, "admin@example.com", "Ada");
      const session = await (await client.fetch("/api/session")).json();
      expect(session.user.isAdmin).toBe(true);
    });

    it("sets the session cookie HttpOnly and SameSite=Lax and stores only a hash", async () => {
      const client = new CookieClient(server.baseUrl);
      const login = await client.fetch("/auth/login");
      const { url } = await client.follow(login);
      const submitted = await client.fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=cookie%40example.com&displayName=C",
      });
      let response = submitted;
      let setCookie = "";
      for (let i = 0; i < 10 && !setCookie; i++) {
        setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? "";
        if (setCookie) break;
        const location = response.headers.get("location");
        if (!location) break;
        response = await client.fetch(new URL(location, server.baseUrl).href);
      }
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).not.toMatch(/Secure/i);
      const token = client.cookie(SESSION_COOKIE) ?? "";
      const rows = await server.database.db.execute(
        `select token_hash from sessions where token_hash = '${token.replace(/'/g, "")}'` as never,
      );
      expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    });

    it("logout deletes the session on the server: the old cookie no longer works", async () => {
      const { client } = await signInThroughProvider(server, "leaver@example.com", "Leaver");
      const cookie = `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}`;
      expect((await fetch(`${server.baseUrl}/api/property`, { headers: { cookie } })).status).toBe(200);
      const logout = await client.fetch("/auth/logout", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(logout.status).toBe(200);
      const replay = await fetch(`${server.baseUrl}/api/property`, { headers: { cookie } });
      expect(replay.status).toBe(401);
      const session = await (await fetch(`${server.baseUrl}/api/session`, { headers: { cookie } })).json();
      expect(session).toEqual({ user: null });
    });

    it("rejects a callback without the sign-in state cookie", async () => {
      const response = await fetch(`${server.baseUrl}/auth/callback?code=x&state=y`, { redirect: "manual" });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Sign-in expired");
    });
  });
}
