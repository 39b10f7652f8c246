/**
 * The booking engine's page (decision 043) is served for its paths only, to anyone, under the same security
 * headers as every page, whose policy lets it run: its scripts, styles and requests are the server's own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAppWithWebRoot, WEB_ROOT_PAGES, type WebRootApp } from "../test/web-root.js";

describe("the booking engine's page", () => {
  let web: WebRootApp;
  beforeAll(async () => {
    web = await buildAppWithWebRoot();
  });
  afterAll(async () => web?.close());

  const get = (url: string) => web.app.inject({ method: "GET", url });

  it("is served for a property's code and a booking's token, signed out, to any cache", async () => {
    for (const url of [
      "/book/SEA1",
      "/book/SEA1/",
      "/book/SEA1?checkIn=2030-01-01",
      "/book/manage/abc-123",
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers["content-type"], url).toMatch(/^text\/html/);
      expect(answer.body, url).toBe(WEB_ROOT_PAGES.book);
      expect(answer.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("is not served for other paths: those get the app's page as before", async () => {
    for (const url of [
      "/",
      "/book",
      "/book/",
      "/book/SEA1/rooms",
      "/book/manage/abc/cancel",
      "/hms/book/SEA1",
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toBe(WEB_ROOT_PAGES.index);
    }
    expect((await get("/api/public/book/SEA1")).statusCode).toBe(404);
  });

  it("runs under the content security policy: scripts, styles and requests from the server itself", async () => {
    const csp = String((await get("/book/SEA1")).headers["content-security-policy"] ?? "");
    const directives = new Map(
      csp
        .split(";")
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = "", ...values]) => [name, values]),
    );
    expect(directives.get("script-src")).toContain("'self'");
    expect(directives.get("style-src")).toContain("'self'");
    expect(directives.get("connect-src")).toEqual(["'self'"]);
    // The page's icon is a data: URL (book.html), so it asks the server for no /favicon.ico.
    expect(directives.get("img-src")).toContain("data:");
  });
});
