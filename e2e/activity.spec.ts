/**
 * The activity log as people read it (docs/product.md#activity-log): a manager's changes read as sentences
 * naming their record, on the hotel's clock (not the browser's), narrowed by record type, person and days,
 * without sideways scrolling on a phone; a front-desk clerk finds a guest by a search without accents and
 * reads that stay's history in its dialog.
 */
import type { Page } from "@playwright/test";
import { formatActivityTime } from "../src/domain/activity-text.js";
import { addDays, todayIn } from "../src/domain/dates.js";
import { expectNoSeriousViolations } from "./axe.js";
import { bookStay, seedHotel } from "./desk-seed.js";
import { expect, invite, newPerson, openAs, test } from "./fixtures.js";

/** Far from the browser's own zone (UTC here), so a time in the wrong zone cannot pass. */
const ZONE = "Pacific/Honolulu";

async function open(page: Page, screen: string) {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: screen, exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: screen })).toBeVisible();
}

test("a manager reads the log as sentences in the hotel's time, filters it, and a clerk reads a stay's history", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = newPerson("owner");
  const manager = newPerson("manager");
  const clerk = newPerson("clerk");

  const ownerPage = await openAs(browser, owner);
  // The hotel keeps Honolulu's time, set before anything happens in it.
  const property = await (await ownerPage.request.get("/api/property")).json();
  const zoned = await ownerPage.request.patch(`/api/properties/${property.id}`, {
    data: { name: property.name, currency: property.currency, timeZone: ZONE },
  });
  expect(zoned.status()).toBe(200);
  const hotel = await seedHotel(ownerPage, ["101", "102"]);
  const today = hotel.today;
  expect(today).toBe(todayIn(ZONE, new Date()));
  const stay = await bookStay(ownerPage, hotel, {
    guestName: "Zoë Müller",
    room: "101",
    from: hotel.today,
    nights: 2,
  });
  await invite(ownerPage, hotel.pid, manager, "manager");
  await invite(ownerPage, hotel.pid, clerk, "front_desk");

  // The manager marks room 102 dirty on the Housekeeping screen and checks the guest in on Reservations.
  const managerPage = await openAs(browser, manager);
  await open(managerPage, "Housekeeping");
  await managerPage
    .getByRole("article", { name: "Room 102" })
    .getByRole("button", { name: "Mark Dirty" })
    .click();
  await expect(
    managerPage.getByRole("article", { name: "Room 102" }).getByRole("button", { name: "Mark Dirty" }),
  ).toHaveAttribute("aria-pressed", "true");
  await open(managerPage, "Reservations");
  const stayRow = managerPage.getByRole("row").filter({ hasText: "Zoë Müller" });
  await stayRow.getByRole("button", { name: "Check-In" }).click();
  await expect(stayRow).toContainText("checked in");

  // The log names each record, in words.
  await open(managerPage, "Activity");
  const log = managerPage.getByRole("list", { name: "Entries, newest first" });
  const entry = (text: string | RegExp) => log.locator(".activity-entry").filter({ hasText: text });
  await expect(entry("Room 102: clean → dirty")).toContainText(manager.displayName);
  await expect(entry(`Zoë Müller (${stay.code}) checked in to 101`)).toContainText(manager.displayName);
  await expect(entry(`Zoë Müller (${stay.code}) booked`)).toContainText(owner.displayName);
  await expect(entry(`Zoë Müller (${stay.code}) checked in to 101`)).toContainText(
    "Status: booked → checked in",
  );
  await expect(log).not.toContainText(/roomId|hkStatus|checked_in|Room hk status/);

  // Times are the hotel's: the entry's instant on Honolulu's clock.
  await expect(managerPage.getByText("Times are the hotel's (Pacific/Honolulu).")).toBeVisible();
  const time = entry("Room 102: clean → dirty").locator("time");
  const instant = await time.getAttribute("datetime");
  await expect(time).toHaveText(formatActivityTime(instant ?? "", ZONE));
  expect(formatActivityTime(instant ?? "", ZONE)).not.toBe(formatActivityTime(instant ?? "", "UTC"));

  // Filters: record type, person, days (the hotel's).
  await managerPage.getByLabel("Record type", { exact: true }).selectOption("Rooms");
  await expect(entry("Room 102: clean → dirty")).toBeVisible();
  await expect(log).not.toContainText("Zoë Müller");
  await managerPage.getByLabel("Record type", { exact: true }).selectOption("All records");
  await managerPage.getByLabel("Person", { exact: true }).selectOption(owner.displayName);
  await expect(entry(`Zoë Müller (${stay.code}) booked`)).toBeVisible();
  await expect(log).not.toContainText("Room 102: clean → dirty");
  await expect(log).not.toContainText("checked in to 101");
  await managerPage.getByLabel("Person", { exact: true }).selectOption("Everyone");
  await managerPage.getByLabel("From", { exact: true }).fill(addDays(today, 1));
  await expect(managerPage.getByText("No activity matches these filters.")).toBeVisible();
  await managerPage.getByLabel("From", { exact: true }).fill(today);
  await managerPage.getByLabel("To", { exact: true }).fill(today);
  await expect(entry("Room 102: clean → dirty")).toBeVisible();
  await expectNoSeriousViolations(managerPage);

  // On a phone the log fits the screen: no sideways scrolling.
  await managerPage.getByRole("button", { name: "Clear filters" }).click();
  await managerPage.setViewportSize({ width: 390, height: 844 });
  await expect(entry("Room 102: clean → dirty")).toBeVisible();
  const overflow = await managerPage.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(managerPage);

  // The clerk finds the guest without typing the accent and reads the stay's history.
  const clerkPage = await openAs(browser, clerk);
  await open(clerkPage, "Reservations");
  await clerkPage.getByLabel("Search").fill("mull");
  const row = clerkPage.getByRole("row").filter({ hasText: "Zoë Müller" });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Edit" }).click();
  const dialog = clerkPage.getByRole("dialog");
  const history = dialog.getByRole("list", { name: "The stay's history, newest first" });
  await expect(history).toContainText(`Zoë Müller (${stay.code}) checked in to 101`);
  await expect(history).toContainText(`Zoë Müller (${stay.code}) booked`);
  await expect(history).not.toContainText("Room 102");
  await expectNoSeriousViolations(clerkPage);
  // The whole log stays closed to the front desk.
  expect((await clerkPage.request.get(`/api/properties/${hotel.pid}/activity`)).status()).toBe(403);
});
