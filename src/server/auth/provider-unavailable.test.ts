/**
 * A configured identity provider that cannot be reached (down, DNS, firewall) is not the user's fault: the
 * login answers 503 with a clear message in the popup (or the landing page's error redirect), never a 500,
 * and sign-in works again as soon as discovery does (a failed discovery is not cached).
 */
import { describe, expect, it } from "vitest";
import { useTestContext } from "../test/harness.js";
import { PROVIDER_UNAVAILABLE } from "./routes.js";

describe("sign-in with an unreachable identity provider", () => {
  const ctx = useTestContext("pglite", {
    // Port 9 (discard) is closed here: the connection is refused at once.
    OIDC_ISSUER: "http://127.0.0.1:9/",
    OIDC_CLIENT_ID: "innkeep",
    SESSION_SECRET: "s".repeat(40),
  });

  it("answers the popup with 503 and says why", async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await ctx().request("GET", "/auth/login?popup=1");
      expect(response.statusCode).toBe(503);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain(PROVIDER_UNAVAILABLE);
      expect(response.body).toContain('"ok":false');
    }
  });

  it("sends a full-page sign-in back to the landing page's error", async () => {
    const response = await ctx().request("GET", "/auth/login?returnTo=%2Fhms");
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/?loginError=1");
  });
});
