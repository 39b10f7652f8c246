/**
 * The OIDC callback behind HTTPS (PUBLIC_URL https://…) with a real provider configured. The provider's
 * network side is replaced (discovery and the code exchange); everything of ours runs for real: the signed
 * login-state cookie, state checking, user upsert, session creation and the cookies set on the answer.
 * Also decides admin from the provider's claims: only a verified (boolean true) allow-listed email.
 */
import type * as Oidc from "openid-client";
import { describe, expect, it, vi } from "vitest";
import { SESSION_COOKIE } from "../auth/sessions.js";
import { TEST_ADMIN, useTestContext } from "../test/harness.js";
import { send } from "./support.js";

const ISSUER = "https://idp.example";
/** The proxy in front passes the public host name on (PUBLIC_URL's host is the only one answered). */
const PUBLIC_HOST = { host: "innkeep.example" };
const provider = vi.hoisted(() => ({ claims: {} as Record<string, unknown> }));

vi.mock("openid-client", async (importOriginal) => {
  const actual = await importOriginal<typeof Oidc>();
  return {
    ...actual,
    discovery: async (_issuer: URL, clientId: string) =>
      new actual.Configuration(
        {
          issuer: ISSUER,
          authorization_endpoint: `${ISSUER}/authorize`,
          token_endpoint: `${ISSUER}/token`,
        },
        clientId,
      ),
    authorizationCodeGrant: async (
      _config: Oidc.Configuration,
      currentUrl: URL,
      checks: Oidc.AuthorizationCodeGrantChecks,
    ) => {
      // The one check the provider's answer cannot make for us: the state must round-trip.
      if (currentUrl.searchParams.get("state") !== checks.expectedState) throw new Error("state mismatch");
      return { access_token: "at", token_type: "bearer", claims: () => ({ sub: "s", ...provider.claims }) };
    },
  };
});

function cookieNamed(setCookies: unknown, name: string): string {
  const list = Array.isArray(setCookies) ? setCookies : [setCookies];
  return (list as string[]).find((c) => typeof c === "string" && c.startsWith(`${name}=`)) ?? "";
}

function attributes(setCookie: string): string[] {
  return setCookie
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());
}

describe("sign-in behind HTTPS with a configured provider", () => {
  const ctx = useTestContext("pglite", {
    PUBLIC_URL: "https://innkeep.example",
    OIDC_ISSUER: ISSUER,
    OIDC_CLIENT_ID: "innkeep",
    SESSION_SECRET: "s".repeat(40),
  });

  async function signIn(claims: Record<string, unknown>) {
    provider.claims = claims;
    const login = await send(ctx().app, {
      headers: PUBLIC_HOST,
      method: "GET",
      url: "/auth/login?returnTo=/hms/rates",
    });
    expect(login.status).toBe(302);
    const authorize = new URL(String(login.headers.location));
    expect(authorize.origin + authorize.pathname).toBe(`${ISSUER}/authorize`);
    expect(authorize.searchParams.get("redirect_uri")).toBe("https://innkeep.example/auth/callback");
    const loginCookie = cookieNamed(login.headers["set-cookie"], "innkeep_login");
    const callback = await send(ctx().app, {
      headers: PUBLIC_HOST,
      method: "GET",
      url: `/auth/callback?code=c&state=${authorize.searchParams.get("state")}`,
      cookie: loginCookie.split(";")[0] ?? "",
    });
    return { loginCookie, callback, session: cookieNamed(callback.headers["set-cookie"], SESSION_COOKIE) };
  }

  it("sets the login and session cookies Secure, HttpOnly and SameSite=Lax", async () => {
    const { loginCookie, callback, session } = await signIn({
      email: "secure@example.com",
      email_verified: true,
    });
    expect(attributes(loginCookie)).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=lax"]));
    expect(attributes(loginCookie)).toContain("path=/auth");
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe("/hms/rates");
    expect(attributes(session)).toEqual(
      expect.arrayContaining(["secure", "httponly", "samesite=lax", "path=/"]),
    );
    const me = await send(ctx().app, {
      headers: PUBLIC_HOST,
      method: "GET",
      url: "/api/session",
      cookie: session.split(";")[0] ?? "",
    });
    expect(JSON.parse(me.body).user).toMatchObject({ email: "secure@example.com", isAdmin: false });
  });

  it("asks browsers to upgrade to HTTPS and remember it", async () => {
    const answer = await send(ctx().app, { headers: PUBLIC_HOST, method: "GET", url: "/api/health" });
    expect(answer.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    expect(answer.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
  });

  it("refuses a callback whose state does not match the signed login cookie", async () => {
    provider.claims = { email: "x@example.com", email_verified: true };
    const login = await send(ctx().app, { headers: PUBLIC_HOST, method: "GET", url: "/auth/login" });
    const loginCookie = cookieNamed(login.headers["set-cookie"], "innkeep_login").split(";")[0] ?? "";
    const wrongState = await send(ctx().app, {
      headers: PUBLIC_HOST,
      method: "GET",
      url: "/auth/callback?code=c&state=forged",
      cookie: loginCookie,
    });
    expect(wrongState.status).toBe(302);
    expect(wrongState.headers.location).toBe("/?loginError=1");
    expect(cookieNamed(wrongState.headers["set-cookie"], SESSION_COOKIE)).toBe("");
    // A login cookie whose signature does not verify counts as no sign-in in progress.
    const tampered = await send(ctx().app, {
      headers: PUBLIC_HOST,
      method: "GET",
      url: "/auth/callback?code=c&state=forged",
      cookie: loginCookie.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    });
    expect(tampered.status).toBe(400);
    expect(cookieNamed(tampered.headers["set-cookie"], SESSION_COOKIE)).toBe("");
  });

  it.each([
    ["verified", true, true],
    ["not verified", false, false],
    ["verified as the string 'true'", "true", false],
    ["without a verification claim", undefined, false],
  ])("makes the allow-listed email admin only when %s", async (_name, verified, admin) => {
    const { session } = await signIn({
      email: TEST_ADMIN.toUpperCase(),
      ...(verified === undefined ? {} : { email_verified: verified }),
    });
    const cookie = session.split(";")[0] ?? "";
    const me = JSON.parse(
      (await send(ctx().app, { headers: PUBLIC_HOST, method: "GET", url: "/api/session", cookie })).body,
    );
    expect(me.user).toMatchObject({ email: TEST_ADMIN, isAdmin: admin });
    const list = await send(ctx().app, {
      headers: PUBLIC_HOST,
      method: "GET",
      url: "/api/admin/properties",
      cookie,
    });
    expect(list.status).toBe(admin ? 200 : 403);
  });
});
