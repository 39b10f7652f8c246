/**
 * Behind a TLS-terminating proxy the server sees plain HTTP, yet the development provider must advertise
 * its endpoints under PUBLIC_URL: openid-client refuses a discovery document that disagrees with the issuer.
 */
import { describe, expect, it } from "vitest";
import { useTestContext } from "../test/harness.js";
import { DEV_IDP_PATH } from "./dev-provider.js";

describe("development provider behind an https PUBLIC_URL", () => {
  const ctx = useTestContext("pglite", {
    PUBLIC_URL: "https://innkeep.example",
    SESSION_SECRET: "s".repeat(40),
  });

  it("advertises every endpoint under the public https origin", async () => {
    const response = await ctx().request("GET", `${DEV_IDP_PATH}/.well-known/openid-configuration`, {
      headers: { host: "innkeep.example" }, // a TLS-terminating proxy passes the public name on, over plain HTTP
    });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const issuer = `https://innkeep.example${DEV_IDP_PATH}`;
    expect(document.issuer).toBe(issuer);
    for (const name of ["authorization_endpoint", "token_endpoint", "jwks_uri", "userinfo_endpoint"]) {
      expect(document[name], name).toMatch(new RegExp(`^${issuer}/`));
    }
  });
});
