/**
 * The landing page is a small entry of its own (decision 016): on "/" the browser runs only the scripts the
 * page names, signed out or in, never the /hms app. Moving between "/" and /hms is a page load, so a page
 * coming back from the back/forward cache must not show who was signed in when it was left.
 */
import type { Page } from "@playwright/test";
import { test as base, expect, nextDialog, signIn } from "./fixtures.js";

/** Opens "/" and answers the scripts it loaded and those its HTML names (the entry and its imports). */
async function landingScripts(page: Page): Promise<{ loaded: string[]; named: string[] }> {
  // End the page that was open (an /hms screen loads code after its first paint) before counting.
  await page.goto("about:blank");
  // Any route turns the browser's HTTP cache off, so every script the page loads shows up as a request.
  await page.route("**/*.js", (route) => route.continue());
  const loaded = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") loaded.add(new URL(request.url()).pathname);
  });
  const response = await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Welcome to Innkeep Hotel Management" }),
  ).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The HTML as served: Vite's loader adds modulepreload links to the document for what it imports later.
  const html = (await response?.text()) ?? "";
  const named = [...html.matchAll(/\s(?:src|href)="(\/[^"]+\.js)"/g)].map((match) => match[1] ?? "");
  return { loaded: [...loaded].sort(), named: [...new Set(named)].sort() };
}

base("the landing page runs its entry only, signed out and signed in", async ({ page, person }) => {
  const signedOut = await landingScripts(page);
  expect(signedOut.loaded).toEqual(signedOut.named);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();

  await signIn(page, person);
  // Signed in, the page gets no hints for /hms code either (the server adds them to /hms pages only).
  expect(await landingScripts(page)).toEqual(signedOut);
  await expect(page.getByRole("link", { name: "Go to HMS" })).toBeVisible();
});

base(
  "a failed full-page sign-in comes back to / and shows the landing page's alert once",
  async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => dialogs.push(dialog.message()));
    const alert = nextDialog(page);
    await page.goto("/?loginError=1");
    expect(await alert).toBe("Login failed. Make sure Google sign-in is enabled in Firebase Auth.");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
    expect(dialogs).toHaveLength(1);
  },
);

// Playwright turns the back/forward cache off by default; this test wants the browser's ordinary behaviour.
const withBackForwardCache = base.extend({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({ ...launchOptions, ignoreDefaultArgs: ["--disable-back-forward-cache"] });
    },
    { scope: "worker" },
  ],
});

withBackForwardCache(
  "Back after logout shows the landing page signed out, not as it was left",
  async ({ signedIn: page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Go to HMS" }).click();
    await expect(page).toHaveURL(/\/hms$/);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
    // Logout replaced the /hms page; Back returns to the landing page left signed in ("Go to HMS"), which the
    // back/forward cache would show as it was.
    await page.goBack({ waitUntil: "commit" });
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to HMS" })).toHaveCount(0);
  },
);
