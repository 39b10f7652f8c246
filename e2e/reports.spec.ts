import type { Page } from "@playwright/test";
import { addDays } from "../src/domain/dates.js";
import { expect, test } from "./fixtures.js";

const figure = (page: Page, title: string) =>
  page.getByRole("article", { name: title, exact: true }).locator(".stat-value");

async function openReports(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
}

test("defaults to a 7-day window and shows zeros for an empty property", async ({ signedIn: page }) => {
  await openReports(page);
  const from = await page.getByLabel("From", { exact: true }).inputValue();
  expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(addDays(from, 7));
  await expect(page.getByText(/exclusive/i)).toBeVisible();
  await expect(figure(page, "Occupancy %")).toHaveText("0.00%");
  await expect(figure(page, "Sold Room-Nights")).toHaveText("0");
  await expect(figure(page, "ADR")).toHaveText("₹0.00");
  await expect(figure(page, "RevPAR")).toHaveText("₹0.00");
});

test("one room with a 2-night stay at 1500 over 7 days", async ({ signedIn: page }) => {
  await openReports(page);
  const today = await page.getByLabel("From", { exact: true }).inputValue();
  const pid = (await (await page.request.get("/api/property")).json()).id as string;
  const type = await page.request.post(`/api/properties/${pid}/room-types`, {
    data: { name: "Deluxe", capacity: 2, baseRate: 1500 },
  });
  const room = await page.request.post(`/api/properties/${pid}/rooms`, {
    data: { number: "101", roomTypeId: (await type.json()).id, floor: 1 },
  });
  const booking = await page.request.post(`/api/properties/${pid}/reservations`, {
    data: {
      guestName: "Jane Doe",
      roomId: (await room.json()).id,
      checkInDate: today,
      checkOutDate: addDays(today, 2),
    },
  });
  expect(booking.status()).toBe(201);
  await page.reload();

  // 2 sold of 1 room × 7 days; revenue 2 × 1500 = 3000.
  await expect(figure(page, "Occupancy %")).toHaveText("28.57%");
  await expect(figure(page, "Sold Room-Nights")).toHaveText("2");
  await expect(figure(page, "ADR")).toHaveText("₹1,500.00");
  await expect(figure(page, "RevPAR")).toHaveText("₹428.57");

  // Moving the window so only one night falls inside it.
  await page.getByLabel("From", { exact: true }).fill(addDays(today, 1));
  await page.getByLabel("To", { exact: true }).fill(addDays(today, 3));
  await expect(figure(page, "Occupancy %")).toHaveText("50.00%");
  await expect(figure(page, "Sold Room-Nights")).toHaveText("1");
  await expect(figure(page, "RevPAR")).toHaveText("₹750.00");
});

test("an end date not after the start shows the server's message instead of figures", async ({
  signedIn: page,
}) => {
  await openReports(page);
  const from = await page.getByLabel("From", { exact: true }).inputValue();
  await page.getByLabel("To", { exact: true }).fill(from);
  await expect(page.getByRole("alert")).toHaveText("The end date must be after the start date");
  await expect(page.getByRole("article", { name: "Occupancy %" })).toHaveCount(0);
  await page.getByLabel("To", { exact: true }).fill(addDays(from, 1));
  await expect(figure(page, "Occupancy %")).toHaveText("0.00%");
  await expect(page.getByRole("alert")).toHaveCount(0);
});
