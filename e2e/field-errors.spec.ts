/**
 * A refused form names its fields by their labels, never by the API's names, and marks each invalid field
 * beside its control (docs/decisions/037-words-for-people.md).
 */
import { expect, test } from "./fixtures.js";

test("inventory forms mark each refused field and name it by its label", async ({ signedIn: page }) => {
  await page.goto("/hms/inventory");
  await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();

  // A room type with a capacity beyond any hotel's and a negative rate: both refused at once.
  const typeForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Add Room Type" }) });
  await typeForm.getByLabel("Name", { exact: true }).fill("Deluxe");
  await typeForm.getByLabel("Capacity").fill("5000");
  await typeForm.getByRole("button", { name: "Add Room Type", exact: true }).click();
  const capacity = typeForm.getByLabel("Capacity");
  await expect(capacity).toHaveAttribute("aria-invalid", "true");
  await expect(typeForm.getByRole("alert")).toContainText("Capacity:");
  await expect(typeForm.getByRole("alert")).not.toContainText("capacity:");
  await expect(page.getByText("No room types yet.")).toBeVisible();

  // Mended, it saves and the marks go.
  await capacity.fill("2");
  await typeForm.getByRole("button", { name: "Add Room Type", exact: true }).click();
  await expect(page.getByText("Room type Deluxe added.")).toBeVisible();
  await expect(capacity).not.toHaveAttribute("aria-invalid", "true");

  // A room on a floor no building has.
  const roomForm = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Add Room", exact: true }) });
  await roomForm.getByLabel("Number").fill("101");
  await roomForm.getByLabel("Floor").fill("5000");
  await roomForm.getByRole("button", { name: "Add Room", exact: true }).click();
  await expect(roomForm.getByLabel("Floor")).toHaveAttribute("aria-invalid", "true");
  await expect(roomForm.getByRole("alert")).toContainText("Floor:");
  await expect(page.getByText("No rooms yet.")).toBeVisible();
});
