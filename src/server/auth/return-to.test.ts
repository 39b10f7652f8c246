/**
 * Where sign-in returns to: only pages of our app on our origin, whatever a link puts in `returnTo`; the
 * answer is always safe in a Location header and in the popup page's script.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_TO, safeReturnTo } from "./return-to.js";

const PUBLIC_URL = "https://innkeep.example";

/** What a browser makes of a Location header value (it drops tabs and newlines, reads \ as /). */
function whereBrowserGoes(location: string): URL {
  return new URL(location.replace(/[\t\n\r]/g, "").replaceAll("\\", "/"), `${PUBLIC_URL}/`);
}

describe("safeReturnTo", () => {
  it.each([
    "/hms",
    "/hms/reservations",
    "/hms/frontdesk?start=2030-11-23",
    "/hms/rates#top",
    "/",
  ])("keeps our own page %s", (path) => {
    expect(safeReturnTo(path, PUBLIC_URL)).toBe(path);
  });

  it.each([
    // Controls that browsers drop or that end a header line
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/hms\r\nSet-Cookie: x=1",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "/\u0085/evil.example",
    "/\u2028/evil.example",
    "/\u2029/evil.example",
    // Invisible format characters
    "/\u200b/evil.example",
    "/\u202e/evil.example",
    // Protocol-relative and backslash forms
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    // Absolute and scheme URLs
    "https://evil.example/hms",
    "http://innkeep.example/hms",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "hms/reservations",
    "",
    // Our origin, but not the app's pages
    "/api/property",
    "/auth/logout",
    "/dev-idp/auth",
    "/hmsx",
    "/hms/../api/property",
    "/hms/%2e%2e/api/property",
    // A lone surrogate has no UTF-8 form
    "/hms/\ud800",
    `/hms/${"a".repeat(2000)}`,
  ])("refuses %j", (value) => {
    expect(safeReturnTo(value, PUBLIC_URL)).toBe(DEFAULT_RETURN_TO);
  });

  it("percent-encodes what is left, so the value is plain ASCII and cannot break out of HTML or a script", () => {
    expect(safeReturnTo("/hms/réservations?q=Zoë", PUBLIC_URL)).toBe("/hms/r%C3%A9servations?q=Zo%C3%AB");
    expect(safeReturnTo("/hms/日本", PUBLIC_URL)).toBe("/hms/%E6%97%A5%E6%9C%AC");
    expect(safeReturnTo('/hms/</script><meta http-equiv="refresh">', PUBLIC_URL)).toBe(
      "/hms/%3C/script%3E%3Cmeta%20http-equiv=%22refresh%22%3E",
    );
  });

  it("never returns anything that leaves the app, for any input (fast-check)", () => {
    const risky = fc.constantFrom(
      "/",
      "\\",
      "\t",
      "\n",
      "\r",
      ".",
      "..",
      "%2f",
      "%5c",
      "@",
      ":",
      "evil.example",
      "hms",
      "<",
      ">",
      '"',
      "'",
      "\u2028",
      "\u200b",
      "é",
      "\ud800",
      "?",
      "#",
    );
    const candidate = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.array(risky, { maxLength: 12 }).map((parts) => parts.join("")),
      fc.array(risky, { maxLength: 12 }).map((parts) => `/hms/${parts.join("")}`),
    );
    fc.assert(
      fc.property(candidate, (value) => {
        const result = safeReturnTo(value, PUBLIC_URL);
        expect(result).toMatch(/^\/[\x21-\x7e]*$/); // printable ASCII only: safe in a header
        expect(result).not.toMatch(/[<>"\\]/);
        const target = whereBrowserGoes(result);
        expect(target.origin).toBe(PUBLIC_URL);
        expect(
          target.pathname === "/" || target.pathname === "/hms" || target.pathname.startsWith("/hms/"),
        ).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
