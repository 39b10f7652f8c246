/**
 * Money follows the property's currency everywhere (one formatter, src/domain/money.ts): a property switched
 * to EUR and then JPY shows its amounts with that currency's symbol and minor digits, its money inputs step
 * by the currency's minor unit, and its form defaults are about the product's INR values in that currency.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe.js";
import { expect, nextDialog, test } from "./fixtures.js";

async function switchCurrency(page: Page, currency: string) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await page.getByLabel("Currency").fill(currency);
  const saved = nextDialog(page);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  expect(await saved).toBe("Saved");
}

async function openScreen(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

const typeRow = (page: Page, name: string) =>
  page
    .getByRole("table")
    .filter({ has: page.getByRole("columnheader", { name: "Capacity" }) })
    .getByRole("row", { name: new RegExp(name) });

const calendarCell = (page: Page, row: string) =>
  page.getByRole("button", { name: new RegExp(`^${row}, \\w{3} \\d{4}-\\d{2}-\\d{2}:`) }).first();

test("currency: EUR and JPY amounts, defaults and input steps on Inventory and Rates", async ({
  signedIn: page,
}) => {
  test.setTimeout(90_000);
  await switchCurrency(page, "EUR");

  // Inventory: the base rate starts at about ₹1,500 in euros, and takes cents.
  await openScreen(page, "Inventory");
  const baseRate = page.getByLabel("Base rate");
  await expect(baseRate).toHaveValue("15");
  await expect(baseRate).toHaveAttribute("step", "0.01");
  await page.getByLabel("Name", { exact: true }).fill("Garden");
  await baseRate.fill("94.5");
  await page.getByRole("button", { name: "Add Room Type", exact: true }).click();
  await expect(typeRow(page, "Garden").getByRole("cell").nth(2)).toHaveText("€94.50");

  // Rates: the calendar cell says €94.50 (never €94.5); the override form starts at about ₹2,000 in euros.
  await openScreen(page, "Rates");
  await expect(calendarCell(page, "Garden")).toHaveAccessibleName(/: €94\.50$/);
  await expect(calendarCell(page, "Garden")).toContainText("€94.50");
  await expect(page.getByRole("row", { name: /Garden/ }).first()).toContainText("base €94.50");
  const price = page.getByLabel("Price");
  await expect(price).toHaveValue("19");
  await expect(price).toHaveAttribute("step", "0.01");
  await page.getByLabel("Room type").selectOption({ label: "Garden" });
  await price.fill("120");
  await page.getByRole("button", { name: "Save Override" }).click();
  const overrides = page.getByRole("table", { name: "Rate overrides" });
  await expect(overrides.getByRole("row").filter({ hasText: "Garden" }).getByRole("cell").nth(2)).toHaveText(
    "€120.00",
  );
  // A whole amount drops its cents in the narrow calendar cell only.
  await expect(calendarCell(page, "Garden")).toHaveAccessibleName(/: €120, own override$/);
  await expectNoSeriousViolations(page);

  // JPY has no minor unit: whole yen in inputs and on screen.
  await switchCurrency(page, "JPY");
  await openScreen(page, "Inventory");
  await expect(baseRate).toHaveValue("2600");
  await expect(baseRate).toHaveAttribute("step", "1");
  await page.getByLabel("Name", { exact: true }).fill("Tatami");
  await baseRate.fill("12000");
  await page.getByRole("button", { name: "Add Room Type", exact: true }).click();
  await expect(typeRow(page, "Tatami").getByRole("cell").nth(2)).toHaveText(/^JP¥12,000$/);

  await openScreen(page, "Rates");
  await expect(price).toHaveValue("3400");
  await expect(price).toHaveAttribute("step", "1");
  await expect(calendarCell(page, "Tatami")).toHaveAccessibleName(/: JP¥12,000$/);
  await expect(overrides.getByRole("row").filter({ hasText: "Garden" }).getByRole("cell").nth(2)).toHaveText(
    /^JP¥120$/,
  );
  await expectNoSeriousViolations(page);
});
