/**
 * Playwright fixtures: sign-in through the development provider's popup as a user would, with a unique
 * email per test so tests never see each other's data.
 */
import { randomUUID } from "node:crypto";
import { type Browser, test as base, expect, type Page } from "@playwright/test";

export type Person = { email: string; displayName: string };

export function newPerson(prefix = "staff"): Person {
  const id = randomUUID().slice(0, 8);
  return {
    email: `${prefix}-${id}@example.com`,
    displayName: `${prefix[0]?.toUpperCase()}${prefix.slice(1)} ${id}`,
  };
}

/**
 * Signs in through the popup; `landing` is where the app then shows (housekeepers start on their screen),
 * `words` the landing page's button and the app's menu in the browser's language.
 */
export async function signIn(
  page: Page,
  person: Person,
  landing: RegExp = /\/hms$/,
  words = { login: "Login", menu: "Main" },
): Promise<void> {
  await page.goto("/");
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: words.login }).click();
  const popup = await popupPromise;
  await expect(popup.getByText("Development sign-in")).toBeVisible();
  await popup.getByLabel("Email").fill(person.email);
  await popup.getByLabel("Display name").fill(person.displayName);
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Sign in" }).click();
  await closed;
  await expect(page).toHaveURL(landing);
  await expect(page.getByRole("navigation", { name: words.menu })).toBeVisible();
}

/** A browser of its own for `person`, signed in (another member of the team beside the owner's). */
export async function openAs(browser: Browser, person: Person, landing?: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, person, landing);
  return page;
}

/** The owner adds `person` to the team of property `pid` in `role`, as Settings → Team does. */
export async function invite(owner: Page, pid: string, person: Person, role: string): Promise<void> {
  const response = await owner.request.post(`/api/properties/${pid}/members`, {
    data: { email: person.email, role },
    headers: { origin: new URL(owner.url()).origin },
  });
  expect(response.status()).toBe(201);
}

/** Accepts the next native dialog (alert/confirm) and resolves with its message. */
export function nextDialog(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once("dialog", async (dialog) => {
      const message = dialog.message();
      await dialog.accept();
      resolve(message);
    });
  });
}

/**
 * Answers the open in-page confirmation (src/web/components/ConfirmDialog.tsx) with its confirm button and
 * returns its question; call it after the click that asks.
 */
export async function acceptConfirm(page: Page): Promise<string> {
  const dialog = page.locator("dialog.confirm-dialog[open]");
  await dialog.waitFor();
  const question = await dialog.getByRole("heading").innerText();
  await dialog.locator(".confirm-actions button").last().click();
  await dialog.waitFor({ state: "detached" });
  return question;
}

export const test = base.extend<{ person: Person; signedIn: Page }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies.
  person: async ({}, use) => {
    await use(newPerson());
  },
  signedIn: async ({ page, person }, use) => {
    await signIn(page, person);
    await use(page);
  },
});

export { expect };
