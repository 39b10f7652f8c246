/** First run: a property without rooms shows its owner the setup steps, each marked done once it is. */
import { expect, test } from "./fixtures.js";

test("a new property's owner sees the setup checklist until the first room exists", async ({
  signedIn: page,
}) => {
  await page.goto("/hms/housekeeping");
  const checklist = page.getByRole("region", { name: "Getting started" });
  await expect(checklist).toBeVisible();
  await expect(checklist).toContainText("0 of 4 steps done.");
  for (const [step, href] of [
    ["Property settings", "/hms/settings"],
    ["Room types", "/hms/inventory"],
    ["Rooms", "/hms/inventory"],
    ["First booking", "/hms/reservations"],
  ] as const) {
    await expect(checklist.getByRole("link", { name: step, exact: true })).toHaveAttribute("href", href);
  }

  // A room type added elsewhere marks its step done (live update).
  const property = await (await page.request.get("/api/property")).json();
  const base = `/api/properties/${property.id}`;
  const type = await (await page.request.post(`${base}/room-types`, { data: { name: "Twin" } })).json();
  const typeStep = checklist.getByRole("listitem").filter({ hasText: "Room types" });
  await expect(typeStep).toContainText("Done");
  await expect(checklist).toContainText("1 of 4 steps done.");

  // The links lead to the screens.
  await checklist.getByRole("link", { name: "Property settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  // The first room ends the setup: the checklist goes, the rooms show.
  await page.goto("/hms/housekeeping");
  await expect(checklist).toBeVisible();
  await page.request.post(`${base}/rooms`, { data: { number: "1", roomTypeId: type.id } });
  await expect(page.getByRole("article", { name: "Room 1" })).toBeVisible();
  await expect(checklist).toHaveCount(0);
});
