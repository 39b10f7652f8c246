/**
 * Rate plans and the booking engine's settings (docs/product.md#rate-plans,
 * docs/product.md#booking-engine-settings): a manager adds a plan in Settings, the front desk books on it and
 * sees the total it will cost before saving, the stay shows its plan; the Standard plan cannot be deleted or
 * taken off sale; "Guests can book online" shows the public link to share.
 */
import type { Page } from "@playwright/test";
import { addDays } from "../src/domain/dates.js";
import { expectNoSeriousViolations } from "./axe.js";
import { seedHotel } from "./desk-seed.js";
import { acceptConfirm, expect, invite, newPerson, openAs, test } from "./fixtures.js";

const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();

test("rate plans: a manager adds Bed and breakfast, the desk books on it at the quoted total, the stay shows it", async ({
  signedIn: owner,
  browser,
}) => {
  // Three people's browsers and a dozen saves: slow when the suite runs alongside.
  test.setTimeout(180_000);
  const hotel = await seedHotel(owner, ["101"]);
  const manager = newPerson("manager");
  const clerk = newPerson("clerk");
  await invite(owner, hotel.pid, manager, "manager");
  await invite(owner, hotel.pid, clerk, "front_desk");

  // The manager: the Standard plan is there, marked, and cannot be deleted or taken off sale.
  const office = await openAs(browser, manager);
  await nav(office, "Settings");
  const section = office.getByRole("region", { name: "Rate plans" });
  const standard = section.getByRole("row", { name: /Standard/ });
  await expect(standard).toContainText("Default plan, always on sale");
  await expect(standard).toContainText("Base price");
  await expect(standard).toContainText("Free cancellation until 2 days before arrival");
  await expect(standard.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await standard.getByRole("button", { name: "Edit" }).click();
  const editStandard = office.getByRole("dialog", { name: "Edit rate plan Standard" });
  await expect(editStandard.getByLabel("On sale")).toBeChecked();
  await expect(editStandard.getByLabel("On sale")).toBeDisabled();
  await editStandard.getByRole("button", { name: "Cancel" }).click();
  await expect(editStandard).toHaveCount(0);

  // Bed and breakfast: +10 % and ₹250 per adult a night, on the booking engine, for every room type.
  await section.getByRole("button", { name: "Add rate plan" }).click();
  const add = office.getByRole("dialog", { name: "Add rate plan" });
  await add.getByLabel("Name", { exact: true }).fill("Bed and breakfast");
  await add.getByLabel("Adjustment (%)").fill("10");
  await add.getByLabel("Per adult per night").fill("250");
  await expect(add.getByLabel("Free cancellation (days before arrival)")).toHaveValue("2");
  await expect(add.getByRole("group", { name: "Room types" }).getByLabel("Deluxe")).not.toBeChecked();
  await expect(add.getByLabel("Offer on the booking engine")).toBeChecked();
  await expect(add.getByLabel("On sale")).toBeChecked();
  await expectNoSeriousViolations(office);
  await add.getByRole("button", { name: "Add rate plan" }).click();
  await expect(add).toHaveCount(0);
  await expect(section.getByRole("status")).toHaveText("Rate plan Bed and breakfast added.");
  const breakfast = section.getByRole("row", { name: /Bed and breakfast/ });
  await expect(breakfast).toContainText("+10 %, + ₹250 per adult per night");
  await expect(breakfast).toContainText("Free cancellation until 2 days before arrival");
  await expect(breakfast).toContainText("All room types");

  // A refused field is marked beside it; a non-refundable plan says so; a plan no stay is on is deleted.
  await section.getByRole("button", { name: "Add rate plan" }).click();
  const name = add.getByLabel("Name", { exact: true });
  await name.fill("S".repeat(201));
  await add.getByLabel("Adjustment (%)").fill("-10");
  await add.getByLabel("Non-refundable").check();
  await expect(add.getByLabel("Free cancellation (days before arrival)")).toBeDisabled();
  await add.getByLabel("Deposit (%)").fill("100");
  await add.getByRole("button", { name: "Add rate plan" }).click();
  await expect(name).toHaveAccessibleDescription("Must be at most 200 characters");
  await expect(add.getByRole("alert")).toContainText("Name: must be at most 200 characters");
  await name.fill("Saver");
  await add.getByRole("button", { name: "Add rate plan" }).click();
  const saver = section.getByRole("row", { name: /Saver/ });
  await expect(saver).toContainText("−10 %");
  await expect(saver).toContainText("Non-refundable");
  await expect(saver.getByRole("cell", { name: "100 %" })).toBeVisible();
  await saver.getByRole("button", { name: "Delete" }).click();
  expect(await acceptConfirm(office)).toBe("Delete the rate plan Saver?");
  await expect(section.getByRole("status")).toHaveText("Rate plan Saver deleted.");
  await expect(saver).toHaveCount(0);
  await expectNoSeriousViolations(office);

  // The front desk books two adults on it: (₹1,500 + 10 % + 2 × ₹250) × 2 nights.
  const desk = await openAs(browser, clerk);
  await nav(desk, "Reservations");
  await desk.getByLabel("Guest name").fill("Meera Iyer");
  await desk.getByLabel("Room", { exact: true }).selectOption({ label: "101" });
  await desk.getByLabel("Check-in date").fill(hotel.today);
  await desk.getByLabel("Check-out date").fill(addDays(hotel.today, 2));
  await desk.getByLabel("Adults").fill("2");
  const quote = desk.getByRole("status", { name: "Price quote" });
  await expect(quote.getByTestId("quote-total")).toHaveText("₹3,000.00");
  const plan = desk.getByLabel("Rate plan");
  await expect(plan.locator("option:checked")).toHaveText("Standard");
  await plan.selectOption({ label: "Bed and breakfast" });
  await expect(plan).toHaveAccessibleDescription(
    "+10 %, + ₹250 per adult per night. Free cancellation until 2 days before arrival, no deposit.",
  );
  await expect(quote.getByTestId("quote-total")).toHaveText("₹4,300.00");
  // No email, no confirmation to send; an email turns the box on.
  const confirm = desk.getByLabel("Send confirmation");
  await expect(confirm).toBeDisabled();
  await expect(confirm).toHaveAccessibleDescription("Enter the guest's email to send one.");
  await desk.getByLabel("Guest email").fill("meera@example.com");
  await expect(confirm).toBeEnabled();
  await confirm.check();
  await expectNoSeriousViolations(desk);
  await desk.getByRole("button", { name: "Create Reservation" }).click();

  const row = desk.getByRole("row").filter({ hasText: "Meera Iyer" });
  await expect(row).toContainText("₹4,300.00");
  await row.getByRole("button", { name: "Edit" }).click();
  const stay = desk.getByRole("dialog", { name: /Stay RES-/ });
  await expect(stay.getByTestId("stay-rate-plan")).toHaveText("Bed and breakfast");
  await expect(stay.getByTestId("stay-total")).toContainText("₹4,300.00");
  // One adult fewer on a plan priced per adult: the edit quotes the new total before saving.
  const edit = stay.getByRole("form", { name: "Edit stay" });
  await expect(edit.getByLabel("Rate plan")).toHaveValue(/.+/);
  await edit.getByLabel("Adults").fill("1");
  await expect(edit.getByRole("status", { name: "Price quote" }).getByTestId("quote-total")).toHaveText(
    "₹3,800.00",
  );
  await expectNoSeriousViolations(desk);
  await stay.getByRole("button", { name: "Close" }).first().click();

  // The confirmation is in the outbox (kept: this server has no mail server).
  await office.reload();
  const emails = office.getByRole("region", { name: "Emails" });
  await expect(emails.getByRole("row", { name: /meera@example\.com/ })).toBeVisible();
});

test("booking engine: switching online booking on shows the public link to copy; off hides it", async ({
  signedIn: page,
}) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const property = await (await page.request.get("/api/property")).json();
  await nav(page, "Settings");
  const section = page.getByRole("region", { name: "Booking engine" });
  const online = section.getByLabel("Guests can book online");
  await expect(online).not.toBeChecked();
  await expect(section.getByRole("link")).toHaveCount(0);

  await online.check();
  await expect(section.getByRole("status")).toHaveText("Online booking is on.");
  const url = `${new URL(page.url()).origin}/book/${property.code}`;
  const link = section.getByRole("link", { name: url });
  await expect(link).toHaveAttribute("href", url);
  await section.getByRole("button", { name: "Copy link" }).click();
  await expect(section.getByRole("status")).toHaveText("Link copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const saved = await (await page.request.get(`/api/properties/${property.id}`)).json();
  expect(saved.bookingEngineEnabled).toBe(true);
  await expectNoSeriousViolations(page);

  await page.reload();
  await expect(online).toBeChecked();
  await online.uncheck();
  await expect(section.getByRole("status")).toHaveText("Online booking is off.");
  await expect(section.getByRole("link")).toHaveCount(0);
});
