import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.js";

/** The table whose header row has `column` ("Capacity" is only in room types, "HK" only in rooms). */
function tableWith(page: Page, column: string) {
  return page
    .getByRole("table")
    .filter({ has: page.getByRole("columnheader", { name: column, exact: true }) });
}

test("inventory: add a room type with the defaults, add a room of that type, reject a duplicate number", async ({
  signedIn: page,
}) => {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Inventory" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
  await expect(page.getByText("No room types yet.")).toBeVisible();
  await expect(page.getByText("No rooms yet.")).toBeVisible();

  // Room type: the form starts at its defaults (docs/product.md#room-types-and-rooms).
  await expect(page.getByLabel("Capacity")).toHaveValue("2");
  await expect(page.getByLabel("Base rate")).toHaveValue("1500");
  await page.getByLabel("Name", { exact: true }).fill("Deluxe");
  await page.getByRole("button", { name: "Add Room Type", exact: true }).click();

  const typeRow = tableWith(page, "Capacity").getByRole("row", { name: /Deluxe/ });
  await expect(typeRow).toBeVisible();
  await expect(typeRow.getByRole("cell").nth(1)).toHaveText("2");
  await expect(typeRow.getByRole("cell").nth(2)).toContainText("₹");
  await expect(typeRow.getByRole("cell").nth(2)).toContainText("1,500");
  await expect(page.getByText("No room types yet.")).toHaveCount(0);
  // The name was cleared for the next entry.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");

  // Room: choose the new type.
  await expect(page.getByLabel("Floor")).toHaveValue("1");
  await page.getByLabel("Number").fill("101");
  await page.getByLabel("Room type", { exact: true }).selectOption({ label: "Deluxe" });
  await page.getByRole("button", { name: "Add Room", exact: true }).click();

  const roomRow = tableWith(page, "HK").getByRole("row", { name: /101/ });
  await expect(roomRow).toBeVisible();
  await expect(roomRow).toContainText("Deluxe");
  await expect(roomRow).toContainText("vacant");
  await expect(roomRow).toContainText("clean");
  await expect(page.getByText("No rooms yet.")).toHaveCount(0);
  await expect(page.getByLabel("Number")).toHaveValue("");

  // The same number again: the server's 409 message is shown under the form and no row is added.
  await page.getByLabel("Number").fill("101");
  await page.getByRole("button", { name: "Add Room", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("101");
  await expect(page.getByRole("alert")).toContainText("already exists");
  await expect(tableWith(page, "HK").getByRole("row")).toHaveCount(2);
  // The rejected number stays in the field so it can be corrected.
  await expect(page.getByLabel("Number")).toHaveValue("101");
});

test("inventory: empty numbers fall back to capacity 1 and base rate 0; a room without a type", async ({
  signedIn: page,
}) => {
  await page.goto("/hms/inventory");
  await page.getByLabel("Name", { exact: true }).fill("Budget");
  await page.getByLabel("Capacity").fill("");
  await page.getByLabel("Base rate").fill("");
  await page.getByRole("button", { name: "Add Room Type", exact: true }).click();
  const typeRow = tableWith(page, "Capacity").getByRole("row", { name: /Budget/ });
  await expect(typeRow.getByRole("cell").nth(1)).toHaveText("1");
  await expect(typeRow.getByRole("cell").nth(2)).toContainText("0.00");

  // Keyboard only: type the number and press Enter.
  await page.getByLabel("Room type", { exact: true }).selectOption({ label: "No type" });
  await page.getByLabel("Number").fill("G-1");
  await page.getByLabel("Number").press("Enter");
  const roomRow = tableWith(page, "HK").getByRole("row", { name: /G-1/ });
  await expect(roomRow).toContainText("No type");
  await expect(roomRow).toContainText("vacant");
});
