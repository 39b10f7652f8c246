/**
 * A sign-in link with a hostile `returnTo` never takes the browser out of the app: full-page and popup
 * sign-in, with values that browsers reinterpret (tabs, backslashes) or that try to break out of the
 * callback page's script. Requests to any other origin are recorded and aborted.
 */
import type { Page } from "@playwright/test";
import { expect, newPerson, test } from "./fixtures.js";

const HOSTILE = [
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%5Cevil.example",
  "//evil.example",
  "https://evil.example/hms",
  "/hms/%3C/script%3E%3Cmeta%20http-equiv=refresh%20content=%220;url=https://evil.example/%22%3E",
  "/hms/%0d%0aLocation:%20https://evil.example",
  "/hms/%E6%97%A5%E6%9C%AC",
];

async function guardOrigin(page: Page, origin: string): Promise<string[]> {
  const foreign: string[] = [];
  await page.context().route(
    (url) => url.origin !== origin,
    async (route) => {
      foreign.push(route.request().url());
      await route.abort();
    },
  );
  return foreign;
}

async function submitDevSignIn(page: Page) {
  const person = newPerson("return");
  await expect(page.getByText("Development sign-in")).toBeVisible();
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Display name").fill(person.displayName);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signed in, on one of the app's pages (an unknown /hms path is sent on to "/" by the app's router). */
async function landedInApp(page: Page, origin: string, foreign: string[]) {
  await page.waitForURL((url) => url.pathname.startsWith("/hms"));
  await page.waitForLoadState("networkidle");
  const url = new URL(page.url());
  expect(url.origin).toBe(origin);
  expect(url.pathname === "/" || url.pathname.startsWith("/hms")).toBe(true);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect((await (await page.request.get("/api/session")).json()).user).not.toBeNull();
  expect(foreign).toEqual([]);
}

for (const returnTo of HOSTILE) {
  test(`full-page sign-in with returnTo=${returnTo} lands in the app`, async ({ page, baseURL }) => {
    const origin = new URL(baseURL ?? "").origin;
    const foreign = await guardOrigin(page, origin);
    await page.goto(`/auth/login?returnTo=${returnTo}`);
    await submitDevSignIn(page);
    await landedInApp(page, origin, foreign);
  });

  test(`popup sign-in page opened without an opener, returnTo=${returnTo}, stays in the app`, async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? "").origin;
    const foreign = await guardOrigin(page, origin);
    await page.goto(`/auth/login?popup=1&returnTo=${returnTo}`);
    await submitDevSignIn(page);
    // With no opener, the callback page falls back to navigating to the return path itself.
    await landedInApp(page, origin, foreign);
  });
}
