/** Signs in through the development provider over real HTTP, as a browser would (minus the popup). */
import { expect } from "vitest";
import { CookieClient } from "./http-client.js";

/** `final` is the callback's answer: the redirect (or popup page) that ends the sign-in. */
export async function signInThroughProvider(
  server: { baseUrl: string },
  email: string,
  displayName: string,
  loginPath = "/auth/login?returnTo=/hms/reservations",
) {
  const client = new CookieClient(server.baseUrl);
  const login = await client.fetch(loginPath);
  expect(login.status).toBe(302);
  const authorize = new URL(login.headers.get("location") ?? "");
  expect(authorize.pathname).toBe("/dev-idp/auth");
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  const { response: page, url: interactionUrl } = await client.follow(login);
  const html = await page.text();
  expect(html).toContain("Development sign-in");
  expect(html).toContain('<label for="email">Email</label>');
  expect(html).toContain('<label for="displayName">Display name</label>');
  const submitted = await client.fetch(interactionUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
    body: new URLSearchParams({ email, displayName }).toString(),
  });
  const { url: callbackUrl } = await client.follow(submitted, /\/auth\/callback\?/);
  expect(callbackUrl).toContain("/auth/callback?");
  const final = await client.fetch(callbackUrl);
  return { client, final };
}
