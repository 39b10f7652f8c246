import type { Page } from "@playwright/test";
import { addDays, formatMonthDay } from "../src/domain/dates.js";
import { expect, test } from "./fixtures.js";

async function propertyId(page: Page): Promise<string> {
  return (await (await page.request.get("/api/property")).json()).id as string;
}

/** Creates one room type and `numbers.length` rooms through the API; returns room ids by number. */
async function seedRooms(page: Page, numbers: string[]): Promise<Map<string, string>> {
  const pid = await propertyId(page);
  const type = await page.request.post(`/api/properties/${pid}/room-types`, {
    data: { name: "Standard", capacity: 2, baseRate: 1500 },
  });
  const roomTypeId = (await type.json()).id as string;
  const ids = new Map<string, string>();
  for (const number of numbers) {
    const room = await page.request.post(`/api/properties/${pid}/rooms`, {
      data: { number, roomTypeId, floor: 1 },
    });
    expect(room.status()).toBe(201);
    ids.set(number, (await room.json()).id);
  }
  return ids;
}

async function book(page: Page, body: Record<string, unknown>): Promise<void> {
  const response = await page.request.post(`/api/properties/${await propertyId(page)}/reservations`, {
    data: body,
  });
  expect(response.status()).toBe(201);
}

const grid = (page: Page) => page.getByRole("table", { name: "Availability" });

test("without rooms the front desk shows the empty state and links to new reservations", async ({
  signedIn: page,
}) => {
  await expect(page.getByRole("heading", { level: 1, name: "Front Desk" })).toBeVisible();
  await expect(page.getByText("No rooms yet. Add rooms in Inventory.")).toBeVisible();
  await page.getByRole("link", { name: "New Reservation" }).click();
  await expect(page).toHaveURL(/\/hms\/reservations$/);
  await page.goto("/hms/frontdesk");
  await expect(page.getByText("No rooms yet. Add rooms in Inventory.")).toBeVisible();
});

test("shows 15 dates from the start date and moves the window when it changes", async ({
  signedIn: page,
}) => {
  const rooms = await seedRooms(page, ["102", "101"]);
  await page.goto("/hms/frontdesk");
  const today = await page.getByLabel("Start date").inputValue();
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await book(page, {
    guestName: "Jane Doe",
    roomId: rooms.get("101"),
    checkInDate: today,
    checkOutDate: addDays(today, 2),
  });
  await book(page, {
    guestName: "",
    roomId: rooms.get("102"),
    checkInDate: addDays(today, 13),
    checkOutDate: addDays(today, 20),
  });

  const headers = grid(page).getByRole("columnheader");
  await expect(headers).toHaveCount(16);
  await expect(headers.nth(0)).toHaveText("Room");
  await expect(headers.nth(1)).toHaveText(formatMonthDay(today));
  await expect(headers.nth(15)).toHaveText(formatMonthDay(addDays(today, 14)));

  // The room type's heading row, then its rooms in natural order, each with the room number as row header.
  const rowHeaders = grid(page).getByRole("rowheader");
  await expect(rowHeaders).toHaveCount(3);
  await expect(rowHeaders.nth(0)).toContainText("Standard");
  await expect(rowHeaders.nth(1)).toContainText("101");
  await expect(rowHeaders.nth(2)).toContainText("102");

  // Nights today and tomorrow are Jane's; the check-out day is free again.
  const janeCells = grid(page).getByRole("cell", { name: /^Room 101, .*: Jane Doe \(booked\)$/ });
  await expect(janeCells).toHaveCount(2);
  await expect(
    grid(page).getByRole("cell", { name: `Room 101, ${formatMonthDay(today)}: Jane Doe (booked)` }),
  ).toHaveAttribute("data-status", "booked");
  await expect(
    grid(page).getByRole("cell", { name: `Room 101, ${formatMonthDay(addDays(today, 2))}: free` }),
  ).toBeVisible();
  // Without a guest name the cell shows the reservation code.
  const codeCells = grid(page).getByRole("cell", { name: /^Room 102, .*: RES-[A-Z0-9]{5} \(booked\)$/ });
  await expect(codeCells).toHaveCount(2);
  await expect(codeCells.first()).toHaveText(/^RES-[A-Z0-9]{5}$/);

  await page.getByLabel("Start date").fill(addDays(today, 10));
  await expect(headers.nth(1)).toHaveText(formatMonthDay(addDays(today, 10)));
  await expect(headers.nth(15)).toHaveText(formatMonthDay(addDays(today, 24)));
  await expect(headers).toHaveCount(16);
  await expect(janeCells).toHaveCount(0);
  await expect(codeCells).toHaveCount(7);
});

/** Rooms 101 to 180 on the Front Desk, its first room shown; answers the grid's row headers. */
async function openLargeProperty(page: Page) {
  await seedRooms(
    page,
    Array.from({ length: 80 }, (_, i) => String(100 + i + 1)),
  );
  await page.goto("/hms/frontdesk");
  const rowHeaders = grid(page).getByRole("rowheader");
  await expect(rowHeaders.nth(1)).toContainText("101");
  return rowHeaders;
}

test("renders only the visible rows of a large property and scrolls to the last room", async ({
  signedIn: page,
}) => {
  const rowHeaders = await openLargeProperty(page);
  // The header, the room type's heading row and 80 rooms.
  await expect(grid(page)).toHaveAttribute("aria-rowcount", "82");
  const rendered = await rowHeaders.count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(80);

  await page.locator(".fd-scroll").evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(grid(page).getByRole("rowheader").filter({ hasText: "180" })).toBeVisible();
  await expect(grid(page).getByRole("columnheader").first()).toBeVisible();
});

test("printing lays out every room of a large property, in order, then goes back to the scrolling grid", async ({
  signedIn: page,
}) => {
  const rowHeaders = await openLargeProperty(page);
  const onScreen = await rowHeaders.count();
  expect(onScreen).toBeLessThan(80);

  await page.emulateMedia({ media: "print" });
  await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
  // The type's heading row and all 80 rooms, one after another down the page.
  await expect(rowHeaders).toHaveCount(81);
  const tops = await rowHeaders.evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().top));
  expect(tops).toEqual([...tops].sort((a, b) => a - b));
  expect(new Set(tops).size).toBe(81);
  await expect(rowHeaders.last()).toContainText("180");

  await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  await page.emulateMedia({ media: "screen" });
  await expect(rowHeaders).toHaveCount(onScreen);
});

test("the first screen is drawn from the page's preloaded answers: one read of each, no loading step for the grid", async ({
  signedIn: page,
}) => {
  await seedRooms(page, ["101"]);
  // Away from the app first, so only the Front Desk page's own reads are counted.
  await page.goto("about:blank");
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) asked.push(`${url.pathname}${url.search}`);
  });
  // Records whether the grid's panel ever said "Loading..." before its rows came (decision 031).
  await page.addInitScript(() => {
    const seen = { loading: false };
    Object.assign(window, { __gridLoading: seen });
    new MutationObserver(() => {
      const panel = document.querySelector('section[aria-label="Availability grid"]');
      if (panel?.textContent?.includes("Loading...")) seen.loading = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto("/hms/frontdesk");
  await expect(grid(page).getByRole("row", { name: /^101\b/ })).toBeVisible();
  await page.waitForLoadState("load");
  const hinted = await page
    .locator('link[rel="preload"][as="fetch"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hinted.some((href) => href?.includes("/availability?"))).toBe(true);
  for (const href of hinted) expect(asked.filter((path) => path === href)).toHaveLength(1);
  expect(
    await page.evaluate(
      () => (window as unknown as { __gridLoading: { loading: boolean } }).__gridLoading.loading,
    ),
  ).toBe(false);
});
