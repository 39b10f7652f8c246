/**
 * A price before booking: the Reservations form, the Front Desk's booking dialog and the stay edit form show
 * the server's quote as the clerk types (total, nights, each night's price), say before saving when a
 * restriction or a taken room would refuse the stay, and the Room select marks the rooms taken on the dates.
 */
import type { Page } from "@playwright/test";
import { addDays, formatMonthDay } from "../src/domain/dates.js";
import { expectNoSeriousViolations } from "./axe.js";
import { expect, test } from "./fixtures.js";

type Hotel = { base: string; typeId: string; rooms: Map<string, string>; today: string };

/** Deluxe (₹1,500 a night, sleeps 2) with rooms 101 and 102; the hotel's today read from the form. */
async function seedHotel(page: Page): Promise<Hotel> {
  const pid = (await (await page.request.get("/api/property")).json()).id as string;
  const base = `/api/properties/${pid}`;
  const type = await page.request.post(`${base}/room-types`, {
    data: { name: "Deluxe", capacity: 2, baseRate: 1500 },
  });
  expect(type.status()).toBe(201);
  const typeId = (await type.json()).id as string;
  const rooms = new Map<string, string>();
  for (const number of ["101", "102"]) {
    const room = await page.request.post(`${base}/rooms`, { data: { number, roomTypeId: typeId, floor: 1 } });
    expect(room.status()).toBe(201);
    rooms.set(number, (await room.json()).id);
  }
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reservations" }).click();
  const today = await page.getByLabel("Check-in date").inputValue();
  return { base, typeId, rooms, today };
}

const quote = (scope: Page | ReturnType<Page["getByRole"]>) =>
  scope.getByRole("status", { name: "Price quote" });

async function noStays(page: Page, hotel: Hotel) {
  expect(await (await page.request.get(`${hotel.base}/reservations`)).json()).toEqual([]);
}

test("the total and nights show as the dates are typed, and follow a change of dates", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page);
  const override = await page.request.post(`${hotel.base}/rate-overrides`, {
    data: { date: addDays(hotel.today, 1), roomTypeId: hotel.typeId, price: 2000 },
  });
  expect(override.status()).toBe(201);
  await page.getByLabel("Room type").selectOption({ label: "Deluxe" });
  await page.getByLabel("Check-out date").fill(addDays(hotel.today, 2));
  await expect(quote(page).getByTestId("quote-total")).toHaveText("₹3,500.00");
  await expect(quote(page).getByTestId("quote-nights")).toHaveText("2 nights");
  // Each night's price, on demand.
  await quote(page).getByText("Price per night").click();
  const nights = quote(page).getByRole("listitem");
  await expect(nights).toHaveCount(2);
  await expect(nights.nth(0)).toContainText(hotel.today);
  await expect(nights.nth(0)).toContainText("₹1,500.00");
  await expect(nights.nth(1)).toContainText("₹2,000.00");

  await page.getByLabel("Check-out date").fill(addDays(hotel.today, 3));
  await expect(quote(page).getByTestId("quote-total")).toHaveText("₹5,000.00");
  await expect(quote(page).getByTestId("quote-nights")).toHaveText("3 nights");
  await expect(nights).toHaveCount(3);
  // Out of order dates are marked on the field before anything is sent.
  await page.getByLabel("Check-out date").fill(hotel.today);
  await expect(page.getByLabel("Check-out date")).toHaveAccessibleDescription(
    "Must be after the check-in date",
  );
  await expect(quote(page).getByTestId("quote-total")).toHaveCount(0);
  await noStays(page, hotel);
  await page.getByLabel("Check-out date").fill(addDays(hotel.today, 2));
  await expect(quote(page).getByTestId("quote-total")).toHaveText("₹3,500.00");
  await expectNoSeriousViolations(page);
});

test("a stop-sell night or a minimum stay is named before the booking is sent", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page);
  const stopped = addDays(hotel.today, 5);
  for (const data of [
    { date: stopped, roomTypeId: null, price: "", stopSell: true },
    { date: addDays(hotel.today, 10), roomTypeId: hotel.typeId, price: "", minLOS: 3 },
  ]) {
    expect((await page.request.post(`${hotel.base}/rate-overrides`, { data })).status()).toBe(201);
  }
  await page.getByLabel("Room", { exact: true }).selectOption({ label: "101" });
  await page.getByLabel("Check-in date").fill(addDays(hotel.today, 4));
  await page.getByLabel("Check-out date").fill(addDays(hotel.today, 6));
  await expect(quote(page).getByTestId("quote-refusal")).toHaveText(
    `Stop sell on ${stopped}: that night cannot be sold`,
  );
  await page.getByLabel("Check-in date").fill(addDays(hotel.today, 10));
  await page.getByLabel("Check-out date").fill(addDays(hotel.today, 11));
  await expect(quote(page).getByTestId("quote-refusal")).toHaveText(
    `Minimum stay of 3 nights for arrivals on ${addDays(hotel.today, 10)}`,
  );
  await page.getByLabel("Check-out date").fill(addDays(hotel.today, 13));
  await expect(quote(page).getByTestId("quote-total")).toHaveText("₹4,500.00");
  await expect(quote(page).getByTestId("quote-refusal")).toHaveCount(0);
  // Too many guests is marked on Adults.
  await page.getByLabel("Adults").fill("3");
  await expect(page.getByLabel("Adults")).toHaveAccessibleDescription(
    "3 guests do not fit the room type's capacity of 2",
  );
  await noStays(page, hotel);
});

test("the Room select marks a room taken on the dates, and the quote says so before saving", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page);
  const stay = await page.request.post(`${hotel.base}/reservations`, {
    data: {
      guestName: "Early Bird",
      roomId: hotel.rooms.get("101"),
      checkInDate: hotel.today,
      checkOutDate: addDays(hotel.today, 2),
    },
  });
  expect(stay.status()).toBe(201);
  await page.reload();
  const select = page.getByLabel("Room", { exact: true });
  const taken = select.locator('optgroup[label="Taken on these dates"] option');
  await expect(taken).toHaveText(["101 — taken"]);
  await expect(select.locator('optgroup[label="Free on these dates"] option')).toHaveText(["102"]);
  await select.selectOption({ label: "101 — taken" });
  await expect(quote(page).getByTestId("quote-refusal")).toHaveText("This room is taken on these dates.");
  // From the stay's check-out on, the room is free again.
  await page.getByLabel("Check-in date").fill(addDays(hotel.today, 2));
  await page.getByLabel("Check-out date").fill(addDays(hotel.today, 3));
  await expect(taken).toHaveCount(0);
  await expect(select.locator("option:checked")).toHaveText("101");
  await expect(quote(page).getByTestId("quote-total")).toHaveText("₹1,500.00");
});

test("the edit form shows the new total against the current one before saving", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page);
  const stay = await page.request.post(`${hotel.base}/reservations`, {
    data: {
      guestName: "Asha Rao",
      roomId: hotel.rooms.get("101"),
      checkInDate: hotel.today,
      checkOutDate: addDays(hotel.today, 2),
    },
  });
  expect(stay.status()).toBe(201);
  await page.reload();
  await page.getByRole("row").filter({ hasText: "Asha Rao" }).getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog");
  await expect(quote(dialog)).toHaveCount(0);
  // The stay's own room is not "taken" by the stay itself.
  await expect(dialog.getByLabel("Room").locator("option:checked")).toHaveText("101 · Deluxe");
  await dialog.getByLabel("Check-out date").fill(addDays(hotel.today, 3));
  await expect(quote(dialog).getByTestId("quote-total")).toHaveText("₹4,500.00");
  await expect(quote(dialog).getByTestId("quote-was")).toHaveText("Now ₹3,000.00 (+₹1,500.00)");
  await expect(dialog.getByTestId("stay-total")).toHaveText("₹3,000.00");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog.getByTestId("stay-total")).toHaveText("₹4,500.00");
  await expectNoSeriousViolations(page);
});

test("the Front Desk's booking dialog quotes the picked nights", async ({ signedIn: page }) => {
  const hotel = await seedHotel(page);
  await page.goto("/hms/frontdesk");
  const date = addDays(hotel.today, 2);
  const grid = page.getByRole("table", { name: "Availability" });
  await grid.getByRole("cell", { name: `Room 102, ${formatMonthDay(date)}: free`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New reservation" });
  await expect(quote(dialog).getByTestId("quote-total")).toHaveText("₹1,500.00");
  await expect(quote(dialog).getByTestId("quote-nights")).toHaveText("1 night");
  await dialog.getByLabel("Check-out date").fill(addDays(date, 2));
  await expect(quote(dialog).getByTestId("quote-total")).toHaveText("₹3,000.00");
  await expectNoSeriousViolations(page);
});

test("every invalid field is marked beside it at once, without a pop-up", async ({ signedIn: page }) => {
  const hotel = await seedHotel(page);
  page.on("dialog", (pop) => {
    throw new Error(`unexpected pop-up: ${pop.message()}`);
  });
  await page.getByLabel("Guest name").fill("Asha Rao");
  await page.getByLabel("Guest email").fill("not an address");
  await page.getByLabel("Adults").fill("0");
  await page.getByRole("button", { name: "Create Reservation" }).click();
  await expect(page.getByLabel("Guest email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Adults")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Guest name")).not.toHaveAttribute("aria-invalid", "true");
  await noStays(page, hotel);
  // Mending a field clears its mark; the booking then goes through.
  await page.getByLabel("Guest email").fill("asha@example.com");
  await page.getByLabel("Adults").fill("2");
  await expect(page.getByLabel("Guest email")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Adults")).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Create Reservation" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Asha Rao" })).toBeVisible();
});
