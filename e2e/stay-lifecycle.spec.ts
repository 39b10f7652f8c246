/**
 * A stay from booking to check-out, across Inventory, Reservations, Front Desk and Housekeeping, plus a
 * cancelled stay leaving the grid (docs/product.md#statuses-and-transitions).
 */
import type { Page } from "@playwright/test";
import { addDays, formatMonthDay } from "../src/domain/dates.js";
import { expect, nextDialog, test } from "./fixtures.js";

const BOOKED_BG = "rgb(219, 234, 254)"; // --stay-booked-bg
const CHECKED_IN_BG = "rgb(209, 250, 229)"; // --stay-checked-in-bg
const CHECKED_OUT_BG = "rgb(241, 245, 251)"; // --stay-checked-out-bg

const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();

const stayCell = (page: Page, room: string, date: string, guest: string) =>
  page
    .getByRole("table", { name: "Availability" })
    .getByRole("cell", { name: new RegExp(`^Room ${room}, ${formatMonthDay(date)}: ${guest} \\(`) });

async function book(page: Page, guest: string, checkIn: string, checkOut: string) {
  await page.getByLabel("Guest name").fill(guest);
  await page.getByLabel("Room", { exact: true }).selectOption({ label: "101" });
  await page.getByLabel("Check-in date").fill(checkIn);
  await page.getByLabel("Check-out date").fill(checkOut);
  await page.getByRole("button", { name: "Create Reservation" }).click();
  await expect(reservationRow(page, guest)).toBeVisible();
}

const reservationRow = (page: Page, guest: string) => page.getByRole("row").filter({ hasText: guest });

async function roomState(page: Page): Promise<{ status: string; hkStatus: string }> {
  const pid = (await (await page.request.get("/api/property")).json()).id as string;
  const rooms = await (await page.request.get(`/api/properties/${pid}/rooms`)).json();
  return rooms[0];
}

test("book, check in, check out and cancel", async ({ signedIn: page }) => {
  // Inventory: a room type at base rate 1500 and room 101.
  await nav(page, "Inventory");
  await page.getByLabel("Name", { exact: true }).fill("Deluxe");
  await page.getByLabel("Base rate").fill("1500");
  await page.getByRole("button", { name: "Add Room Type" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Deluxe" }).first()).toBeVisible();
  await page.getByLabel("Number").fill("101");
  await page.getByRole("button", { name: "Add Room", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: "101" })).toBeVisible();

  // Book two nights from today.
  await nav(page, "Reservations");
  const today = await page.getByLabel("Check-in date").inputValue();
  await book(page, "Jane Doe", today, addDays(today, 2));
  await expect(reservationRow(page, "Jane Doe")).toContainText("₹3,000.00");

  // Front desk: both nights show Jane in blue.
  await nav(page, "Front Desk");
  const janeToday = stayCell(page, "101", today, "Jane Doe");
  await expect(janeToday).toHaveText("Jane Doe");
  await expect(janeToday).toHaveAttribute("data-status", "booked");
  await expect(janeToday.locator(".fd-bar")).toHaveCSS("background-color", BOOKED_BG);
  await expect(stayCell(page, "101", addDays(today, 1), "Jane Doe")).toHaveAttribute("data-status", "booked");

  // Check-In: the grid turns green and the room is occupied.
  await nav(page, "Reservations");
  await reservationRow(page, "Jane Doe").getByRole("button", { name: "Check-In" }).click();
  await expect(reservationRow(page, "Jane Doe").getByRole("cell").nth(4)).toHaveText("checked in");
  await expect(reservationRow(page, "Jane Doe").getByRole("button", { name: "Check-In" })).toHaveCount(0);
  await nav(page, "Front Desk");
  await expect(janeToday).toHaveAttribute("data-status", "checked_in");
  await expect(janeToday.locator(".fd-bar")).toHaveCSS("background-color", CHECKED_IN_BG);
  await nav(page, "Housekeeping");
  await expect(page.getByRole("article", { name: "Room 101" })).toContainText("occupied");
  expect(await roomState(page)).toMatchObject({ status: "occupied" });

  // Check-Out: the room is vacant and dirty; the stay stays on the grid, its bar in the checked-out colour.
  await nav(page, "Reservations");
  // Jane has not paid: the clerk is told how much she owes and checks her out anyway.
  await reservationRow(page, "Jane Doe").getByRole("button", { name: "Check-Out" }).click();
  await page
    .getByRole("dialog", { name: "Jane Doe owes ₹3,000.00. Check out anyway?" })
    .getByRole("button", { name: "Check out anyway" })
    .click();
  await expect(reservationRow(page, "Jane Doe").getByRole("cell").nth(4)).toHaveText("checked out");
  // A departed stay can be opened and its history read, but no longer changes status
  // (docs/product.md#statuses-and-transitions).
  await expect(reservationRow(page, "Jane Doe").getByRole("button")).toHaveText(["Edit"]);
  await expect(reservationRow(page, "Jane Doe").getByRole("link")).toHaveText(["History"]);
  expect(await roomState(page)).toMatchObject({ status: "vacant", hkStatus: "dirty" });
  await nav(page, "Housekeeping");
  await expect(page.getByRole("article", { name: "Room 101" })).toContainText("dirty");
  await nav(page, "Front Desk");
  await expect(janeToday).toHaveAttribute("data-status", "checked_out");
  await expect(janeToday.locator(".fd-bar")).toHaveCSS("background-color", CHECKED_OUT_BG);

  // Another stay, cancelled through the confirm dialog, disappears from the grid.
  await nav(page, "Reservations");
  await book(page, "Bob Smith", addDays(today, 3), addDays(today, 5));
  await nav(page, "Front Desk");
  await expect(stayCell(page, "101", addDays(today, 3), "Bob Smith")).toHaveAttribute(
    "data-status",
    "booked",
  );
  await nav(page, "Reservations");

  // Dismissing the confirm changes nothing.
  page.once("dialog", (dialog) => void dialog.dismiss());
  await reservationRow(page, "Bob Smith").getByRole("button", { name: "Cancel" }).click();
  await expect(reservationRow(page, "Bob Smith").getByRole("cell").nth(4)).toHaveText("booked");

  const confirm = nextDialog(page);
  await reservationRow(page, "Bob Smith").getByRole("button", { name: "Cancel" }).click();
  expect((await confirm).split("\n")[0]).toBe("Delete reservation?");
  await expect(reservationRow(page, "Bob Smith").getByRole("cell").nth(4)).toHaveText("cancelled");
  // Only Edit is left (a cancelled stay's guest details can still be fixed).
  await expect(reservationRow(page, "Bob Smith").getByRole("button")).toHaveText(["Edit"]);
  await nav(page, "Front Desk");
  await expect(janeToday).toBeVisible();
  await expect(stayCell(page, "101", addDays(today, 3), "Bob Smith")).toHaveCount(0);
  await expect(
    page.getByRole("table", { name: "Availability" }).getByRole("cell", { name: /Bob Smith/ }),
  ).toHaveCount(0);
});
