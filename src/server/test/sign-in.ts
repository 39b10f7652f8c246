/** Signs in through the development provider over real HTTP, as a browser would (minus the popup). */
import { expect } from "vitest";
import { CookieClient } from "./http-client.js";

export async function signInThroughProvider(server: { baseUrl: string }, email: string, displayName: string) {
  const client = new CookieClient(server.baseUrl);
  const login = await client.fetch("/auth/login?returnTo=/hms/reservations");
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
  const { response: final } = await client.follow(submitted, /\/hms\//);
  return { client, final };
}
