import { expect, nextDialog, test } from "./fixtures.js";

test("settings: the form shows the property; saving a new name alerts Saved and updates the header", async ({
  signedIn: page,
}) => {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByLabel("Property name")).toHaveValue("Default Property");
  await expect(page.getByLabel("Currency")).toHaveValue("INR");
  await expect(page.getByLabel("Time zone")).toHaveValue("Asia/Kolkata");
  // Searchable choices: the inputs are tied to datalists that include the defaults
  // (docs/product.md#properties-and-settings).
  const currencies = await page
    .getByLabel("Currency")
    .evaluate((input: HTMLInputElement) => [...(input.list?.options ?? [])].map((option) => option.value));
  expect(currencies).toEqual(expect.arrayContaining(["INR", "USD", "EUR"]));
  const zones = await page
    .getByLabel("Time zone")
    .evaluate((input: HTMLInputElement) => [...(input.list?.options ?? [])].map((option) => option.value));
  expect(zones).toEqual(expect.arrayContaining(["Asia/Kolkata", "Europe/London", "America/New_York"]));

  await page.getByLabel("Property name").fill("Seaside Inn");
  await page.getByLabel("Time zone").fill("Europe/Lisbon");
  const dialog = nextDialog(page);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  expect(await dialog).toBe("Saved");
  // The integrations sections below have status lines of their own.
  const form = page.getByRole("form", { name: "Property settings" });
  await expect(form.getByRole("status")).toHaveText("Saved");
  await expect(page.getByRole("banner")).toContainText("Seaside Inn");

  await page.reload();
  await expect(page.getByLabel("Property name")).toHaveValue("Seaside Inn");
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Lisbon");
  await expect(page.getByRole("banner")).toContainText("Seaside Inn");
});

test("settings: an invalid currency shows the server's error and changes nothing", async ({
  signedIn: page,
}) => {
  await page.goto("/hms/settings");
  await page.getByLabel("Property name").fill("Should Not Save");
  await page.getByLabel("Currency").fill("XYZ");
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const form = page.getByRole("form", { name: "Property settings" });
  await expect(form.getByRole("alert")).toContainText("currency");
  await expect(form.getByRole("status")).toHaveText("");
  await expect(page.getByRole("banner")).toContainText("Default Property");
  expect(dialogs).toBe(0);

  const property = await (await page.request.get("/api/property")).json();
  expect(property).toMatchObject({ name: "Default Property", currency: "INR", timeZone: "Asia/Kolkata" });
  // The user's input stays in the form so it can be corrected.
  await expect(page.getByLabel("Currency")).toHaveValue("XYZ");
});

test("settings: a change saved elsewhere shows in fields the user has not touched", async ({
  signedIn: page,
}) => {
  await page.goto("/hms/settings");
  await page.getByLabel("Property name").fill("My Draft Name");
  const property = await (await page.request.get("/api/property")).json();
  const patched = await page.request.patch(`/api/properties/${property.id}`, {
    data: { name: "Renamed Elsewhere", currency: "USD", timeZone: "Asia/Kolkata" },
  });
  expect(patched.status()).toBe(200);
  // Live update: the untouched currency follows the server, the edited name keeps the draft.
  await expect(page.getByLabel("Currency")).toHaveValue("USD");
  await expect(page.getByLabel("Property name")).toHaveValue("My Draft Name");
  await expect(page.getByRole("banner")).toContainText("Renamed Elsewhere");
});
