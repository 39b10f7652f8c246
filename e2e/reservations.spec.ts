import type { Page } from "@playwright/test";
import { RESERVATIONS_PAGE_SIZE } from "../src/domain/constants.js";
import { addDays } from "../src/domain/dates.js";
import { expect, nextDialog, test } from "./fixtures.js";

/** Seeds a room type and one room through the API (page.request shares the signed-in cookies). */
async function seedRoom(page: Page, number: string, baseRate = 1500): Promise<string> {
  const pid = (await (await page.request.get("/api/property")).json()).id as string;
  const type = await page.request.post(`/api/properties/${pid}/room-types`, {
    data: { name: "Deluxe", capacity: 2, baseRate },
  });
  expect(type.status()).toBe(201);
  const room = await page.request.post(`/api/properties/${pid}/rooms`, {
    data: { number, roomTypeId: (await type.json()).id, floor: 1 },
  });
  expect(room.status()).toBe(201);
  return pid;
}

async function openReservations(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reservations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reservations" })).toBeVisible();
}

test("shows the empty state and the form defaults", async ({ signedIn: page }) => {
  await openReservations(page);
  await expect(page.getByText("No reservations yet.")).toBeVisible();
  const checkIn = await page.getByLabel("Check-in date").inputValue();
  expect(checkIn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByLabel("Check-out date")).toHaveValue(addDays(checkIn, 1));
  await expect(page.getByLabel("Adults")).toHaveValue("2");
  await expect(page.getByLabel("Adults")).toHaveAttribute("min", "1");
  await expect(page.getByLabel("Children")).toHaveValue("0");
  await expect(page.getByLabel("Children")).toHaveAttribute("min", "0");
  for (const label of ["Guest name", "Guest phone", "Guest email"]) {
    await expect(page.getByLabel(label)).toHaveValue("");
  }
  await expect(page.getByLabel("Room", { exact: true })).toHaveValue("");
});

test("creates a reservation and clears only the guest fields", async ({ signedIn: page }) => {
  await seedRoom(page, "101");
  await openReservations(page);
  const checkIn = await page.getByLabel("Check-in date").inputValue();
  await page.getByLabel("Guest name").fill("Jane Doe");
  await page.getByLabel("Guest phone").fill("+91 98765 43210");
  await page.getByLabel("Guest email").fill("jane@example.com");
  await page.getByLabel("Room", { exact: true }).selectOption({ label: "101" });
  await page.getByLabel("Check-out date").fill(addDays(checkIn, 2));
  await page.getByRole("button", { name: "Create Reservation" }).click();

  const row = page.getByRole("row").filter({ hasText: "Jane Doe" });
  await expect(row).toBeVisible();
  const cells = row.getByRole("cell");
  await expect(cells.nth(0)).toHaveText(/^RES-[A-Z0-9]{5}$/);
  await expect(cells.nth(1)).toContainText("+91 98765 43210");
  await expect(cells.nth(2)).toHaveText("101");
  await expect(cells.nth(3)).toContainText(`${checkIn} → ${addDays(checkIn, 2)}`);
  await expect(cells.nth(3)).toContainText("2 nights");
  await expect(cells.nth(4)).toHaveText("booked");
  await expect(cells.nth(5)).toHaveText("₹3,000.00");
  await expect(row.getByRole("button", { name: "Check-In" })).toBeVisible();
  await expect(row.getByRole("button", { name: "Check-Out" })).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Cancel" })).toBeVisible();

  for (const label of ["Guest name", "Guest phone", "Guest email"]) {
    await expect(page.getByLabel(label)).toHaveValue("");
  }
  await expect(page.getByLabel("Room", { exact: true })).not.toHaveValue("");
  await expect(page.getByLabel("Check-in date")).toHaveValue(checkIn);
  await expect(page.getByLabel("Check-out date")).toHaveValue(addDays(checkIn, 2));
  await expect(page.getByText("No reservations yet.")).toHaveCount(0);
});

test("an unassigned one-night reservation shows a dash for the room and newest rows come first", async ({
  signedIn: page,
}) => {
  // A stay without a room still needs one free in the hotel that night: two rooms for two guests.
  await seedRoom(page, "201");
  await seedRoom(page, "202");
  await openReservations(page);
  await page.getByLabel("Guest name").fill("First Guest");
  await page.getByRole("button", { name: "Create Reservation" }).click();
  await expect(page.getByRole("row").filter({ hasText: "First Guest" })).toBeVisible();
  await page.getByLabel("Guest name").fill("Second Guest");
  await page.getByRole("button", { name: "Create Reservation" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Second Guest" })).toBeVisible();

  const bodyRows = page.locator("table.data tbody tr");
  await expect(bodyRows).toHaveCount(2);
  await expect(bodyRows.nth(0)).toContainText("Second Guest");
  await expect(bodyRows.nth(1)).toContainText("First Guest");
  await expect(bodyRows.nth(1).getByRole("cell").nth(2)).toHaveText("—");
  await expect(bodyRows.nth(1).getByRole("cell").nth(3)).toContainText("1 night");
});

test("check-out not after check-in alerts and sends nothing", async ({ signedIn: page }) => {
  await openReservations(page);
  const checkIn = await page.getByLabel("Check-in date").inputValue();
  await page.getByLabel("Guest name").fill("Too Early");
  await page.getByLabel("Check-out date").fill(checkIn);
  const dialog = nextDialog(page);
  await page.getByRole("button", { name: "Create Reservation" }).click();
  expect(await dialog).toBe("Check-out must be after check-in");
  await expect(page.getByRole("alert")).toHaveText("Check-out must be after check-in");
  // The product's sentence is on the page once; the field beside it says the same shorter.
  await expect(page.getByText("Check-out must be after check-in", { exact: true })).toHaveCount(1);
  await expect(page.getByText("No reservations yet.")).toBeVisible();
  await expect(page.getByLabel("Guest name")).toHaveValue("Too Early");

  const pid = (await (await page.request.get("/api/property")).json()).id as string;
  expect(await (await page.request.get(`/api/properties/${pid}/reservations`)).json()).toEqual([]);
});

test("a conflicting booking of the same room alerts and is not created", async ({ signedIn: page }) => {
  await seedRoom(page, "201");
  await openReservations(page);
  const checkIn = await page.getByLabel("Check-in date").inputValue();
  await page.getByLabel("Guest name").fill("Early Bird");
  await page.getByLabel("Room", { exact: true }).selectOption({ label: "201" });
  await page.getByLabel("Check-out date").fill(addDays(checkIn, 3));
  await page.getByRole("button", { name: "Create Reservation" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Early Bird" })).toBeVisible();

  await page.getByLabel("Guest name").fill("Late Comer");
  await page.getByLabel("Check-in date").fill(addDays(checkIn, 2));
  await page.getByLabel("Check-out date").fill(addDays(checkIn, 4));
  const dialog = nextDialog(page);
  await page.getByRole("button", { name: "Create Reservation" }).click();
  expect(await dialog).toBe("Room not available for selected dates.");
  await expect(page.getByRole("alert")).toHaveText("Room not available for selected dates.");
  await expect(page.getByText("Room not available for selected dates.", { exact: true })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: "Late Comer" })).toHaveCount(0);
  await expect(page.locator("table.data tbody tr")).toHaveCount(1);

  // Back-to-back is fine: the end date is exclusive.
  await page.getByLabel("Check-in date").fill(addDays(checkIn, 3));
  await page.getByRole("button", { name: "Create Reservation" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Late Comer" })).toBeVisible();
});

test("pages through a long list with Load more", async ({ signedIn: page }) => {
  // One room, one unassigned guest a night from tomorrow on.
  const pid = await seedRoom(page, "101");
  const total = RESERVATIONS_PAGE_SIZE + 2;
  for (let i = 0; i < total; i++) {
    const night = addDays(todayOf(), i + 1);
    const created = await page.request.post(`/api/properties/${pid}/reservations`, {
      data: { guestName: `Guest ${i}`, checkInDate: night, checkOutDate: addDays(night, 1) },
    });
    expect(created.status()).toBe(201);
  }
  await openReservations(page);
  const rows = page.getByRole("region", { name: "Reservations", exact: true }).locator("tbody tr");
  await expect(rows).toHaveCount(RESERVATIONS_PAGE_SIZE);
  await expect(rows.first()).toContainText(`Guest ${total - 1}`);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(rows).toHaveCount(total);
  await expect(rows.last()).toContainText("Guest 0");
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
});

test("a very long guest name is cut to one line with a tooltip and leaves every button on screen", async ({
  signedIn: page,
}) => {
  const pid = await seedRoom(page, "101");
  const names = ["W".repeat(200), "Anna-Maria-Wolfeschlegelsteinhausenbergerdorff".repeat(4).slice(0, 200)];
  for (const [i, guestName] of names.entries()) {
    // One room: each guest on a night of their own.
    const night = addDays(todayOf(), i + 1);
    const created = await page.request.post(`/api/properties/${pid}/reservations`, {
      data: { guestName, checkInDate: night, checkOutDate: addDays(night, 1) },
    });
    expect(created.status()).toBe(201);
  }
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await openReservations(page);
    const table = page.getByRole("region", { name: "Reservations", exact: true });
    for (const guestName of names) {
      const cell = table.getByTitle(guestName, { exact: true });
      await expect(cell).toBeVisible();
      expect((await cell.boundingBox())?.width ?? 0).toBeLessThanOrEqual(18 * 16);
      expect((await cell.boundingBox())?.height ?? 0).toBeLessThan(30);
    }
    const { scrollWidth, clientWidth } = await table.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    if (width === 1440) {
      // Wide screens: the table fits its panel, every row's buttons in view.
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      for (const button of await table.getByRole("button", { name: "Check-In" }).all()) {
        await expect(button).toBeInViewport();
      }
    } else {
      // Narrower screens scroll the table inside its panel, but the name no longer sets its width.
      expect(scrollWidth).toBeLessThan(width);
    }
  }
});

function todayOf(): string {
  return new Date().toISOString().slice(0, 10);
}

test("a stop-sell night refuses a booking with the rule's message, and nothing is created", async ({
  signedIn: page,
}) => {
  const pid = await seedRoom(page, "301");
  await openReservations(page);
  const checkIn = await page.getByLabel("Check-in date").inputValue();
  const stopped = addDays(checkIn, 1);
  const saved = await page.request.post(`/api/properties/${pid}/rate-overrides`, {
    data: { date: stopped, roomTypeId: null, price: "", stopSell: true },
  });
  expect(saved.status()).toBe(201);
  await page.getByLabel("Guest name").fill("Blocked Guest");
  await page.getByLabel("Room", { exact: true }).selectOption({ label: "301" });
  await page.getByLabel("Check-out date").fill(addDays(checkIn, 3));
  const message = `Stop sell on ${stopped}: that night cannot be sold`;
  // The live quote says so before anything is sent; the refusal is shown in the page, not in a pop-up.
  await expect(page.getByTestId("quote-refusal")).toHaveText(message);
  page.on("dialog", (pop) => {
    throw new Error(`unexpected pop-up: ${pop.message()}`);
  });
  await page.getByRole("button", { name: "Create Reservation" }).click();
  await expect(page.getByRole("alert")).toHaveText(message);
  expect(await (await page.request.get(`/api/properties/${pid}/reservations`)).json()).toEqual([]);
});
