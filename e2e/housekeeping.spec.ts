import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.js";

/** Creates a room type and a room through the API with the page's session cookie. */
async function createRoom(page: Page, number: string): Promise<void> {
  const property = await (await page.request.get("/api/property")).json();
  const base = `/api/properties/${property.id}`;
  const type = await page.request.post(`${base}/room-types`, { data: { name: "Standard" } });
  expect(type.status()).toBe(201);
  const room = await page.request.post(`${base}/rooms`, {
    data: { number, roomTypeId: (await type.json()).id },
  });
  expect(room.status()).toBe(201);
}

test("housekeeping: empty state, then a card per room whose status follows the buttons", async ({
  signedIn: page,
}) => {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Housekeeping" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Housekeeping" })).toBeVisible();
  await expect(page.getByText("No rooms yet.")).toBeVisible();

  await createRoom(page, "204");
  const card = page.getByRole("article", { name: "Room 204" });
  // The live update brings the new room in without a reload.
  await expect(card).toBeVisible();
  await expect(card).toContainText("204");
  await expect(card).toContainText("Standard");
  await expect(card).toContainText("vacant");
  await expect(card.getByText("clean", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Mark Clean" })).toHaveAttribute("aria-pressed", "true");

  await card.getByRole("button", { name: "Mark Dirty" }).click();
  await expect(card.getByText("dirty", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Mark Dirty" })).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByRole("button", { name: "Mark Clean" })).toHaveAttribute("aria-pressed", "false");

  await card.getByRole("button", { name: "In Progress" }).click();
  // Shown in words; the stored value stays on the element.
  await expect(card.getByText("in progress", { exact: true })).toBeVisible();
  await expect(card.getByText("in_progress")).toHaveCount(0);
  await expect(card.locator('data[value="in_progress"]')).toBeVisible();

  // Keyboard: focus the button and press Space.
  await card.getByRole("button", { name: "Inspected" }).focus();
  await page.keyboard.press("Space");
  await expect(card.getByText("inspected", { exact: true })).toBeVisible();

  // The change was saved on the server.
  await page.reload();
  await expect(
    page.getByRole("article", { name: "Room 204" }).getByText("inspected", { exact: true }),
  ).toBeVisible();
  await page.goto("/hms/inventory");
  await expect(page.getByRole("row", { name: /204/ })).toContainText("inspected");
});

test("housekeeping: a change on one screen shows on another screen of the same user without a reload", async ({
  signedIn: first,
}) => {
  await createRoom(first, "301");
  const second = await first.context().newPage();
  await second.goto("/hms/housekeeping");
  await first.goto("/hms/housekeeping");
  const firstCard = first.getByRole("article", { name: "Room 301" });
  const secondCard = second.getByRole("article", { name: "Room 301" });
  await expect(firstCard.getByText("clean", { exact: true })).toBeVisible();
  await expect(secondCard.getByText("clean", { exact: true })).toBeVisible();

  await firstCard.getByRole("button", { name: "Mark Dirty" }).click();
  await expect(firstCard.getByText("dirty", { exact: true })).toBeVisible();
  await expect(secondCard.getByText("dirty", { exact: true })).toBeVisible({ timeout: 5_000 });

  await secondCard.getByRole("button", { name: "Inspected" }).click();
  await expect(firstCard.getByText("inspected", { exact: true })).toBeVisible({ timeout: 5_000 });
});
