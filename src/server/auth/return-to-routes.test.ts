/**
 * Hostile `returnTo` values through the real sign-in (development provider, real HTTP): the sign-in still
 * succeeds, the browser is sent only to our app, and the popup page's script holds the value as inert data.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ListeningApp, startListening } from "../test/listening.js";
import { signInThroughProvider } from "../test/sign-in.js";
import { SESSION_COOKIE } from "./sessions.js";

const HOSTILE = [
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0d%0aSet-Cookie:%20pwned=1",
  "/hms%0d%0aLocation:%20https://evil.example",
  "/hms/%E2%80%A8x",
  "/hms/%E6%97%A5%E6%9C%AC%20Zo%C3%AB",
  "/hms/%C3%A9%0d%0a",
  "%2F%2Fevil.example",
  "/%5Cevil.example",
  "https://evil.example",
  "/hms/%3C/script%3E%3Cmeta%20http-equiv=refresh%20content=%220;url=https://evil.example%22%3E",
  "/hms/%3C!--%3Cscript%3E",
  "/hms/%ED%A0%80",
  `/hms/${"x".repeat(3000)}`,
];

describe("sign-in with a hostile returnTo", () => {
  let server: ListeningApp;
  beforeAll(async () => {
    server = await startListening("pglite");
  });
  afterAll(async () => server?.close());

  it.each(HOSTILE)("full page: %s signs in and lands in the app", async (returnTo) => {
    const { client, final } = await signInThroughProvider(
      server,
      "guest@example.com",
      "Guest",
      `/auth/login?returnTo=${returnTo}`,
    );
    expect(final.status).toBe(302);
    expect(client.cookie(SESSION_COOKIE)).toBeTruthy();
    const location = final.headers.get("location") ?? "";
    expect(location).toMatch(/^\/[\x21-\x7e]*$/);
    const target = new URL(location.replace(/[\t\n\r]/g, ""), server.baseUrl);
    expect(target.origin).toBe(server.baseUrl);
    expect(target.pathname).toMatch(/^\/hms(\/|$)/);
  });

  it.each(HOSTILE)("popup: %s stays data inside the page's one script", async (returnTo) => {
    const { client, final } = await signInThroughProvider(
      server,
      "popup@example.com",
      "Popup",
      `/auth/login?popup=1&returnTo=${returnTo}`,
    );
    expect(final.status).toBe(200);
    expect(client.cookie(SESSION_COOKIE)).toBeTruthy();
    const html = await final.text();
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html).not.toMatch(/<meta[^>]*http-equiv/i);
    expect(html).not.toMatch(/<!--/);
    const script = html.slice(html.indexOf("<script"), html.indexOf("</script>"));
    expect(script).not.toMatch(/[\u2028\u2029]/);
    // The fallback target the script would navigate to is our app.
    const fallback = /location\.replace\(("(?:[^"\\]|\\.)*")\)/.exec(script)?.[1] ?? "";
    const target = new URL(JSON.parse(fallback), server.baseUrl);
    expect(target.origin).toBe(server.baseUrl);
    expect(target.pathname).toMatch(/^\/hms(\/|$)/);
  });
});
