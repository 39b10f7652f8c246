/**
 * Reservations search (docs/product.md#search-and-filters): the "Search" box and the "Status" filter narrow
 * the list, live in the URL (so a reload keeps them), and typing is debounced.
 */
import type { Page } from "@playwright/test";
import { addDays, todayIn } from "../src/domain/dates.js";
import { expect, test } from "./fixtures.js";

/** Three guests in three rooms; the first is checked in. */
async function seedGuests(page: Page): Promise<void> {
  const property = await (await page.request.get("/api/property")).json();
  const base = `/api/properties/${property.id}`;
  const today = todayIn(property.timeZone, new Date());
  const type = await (
    await page.request.post(`${base}/room-types`, { data: { name: "Standard", capacity: 2, baseRate: 1000 } })
  ).json();
  const guests = [
    { guestName: "Priya Sharma", guestPhone: "+91 90000 00001" },
    { guestName: "Rahul Verma", guestEmail: "rahul@example.com" },
    { guestName: "Priyanka Das", guestPhone: "+91 90000 00003" },
  ];
  const ids: string[] = [];
  for (const [i, guest] of guests.entries()) {
    const room = await (
      await page.request.post(`${base}/rooms`, { data: { number: `10${i + 1}`, roomTypeId: type.id } })
    ).json();
    const created = await page.request.post(`${base}/reservations`, {
      data: { ...guest, roomId: room.id, checkInDate: today, checkOutDate: addDays(today, 2) },
    });
    expect(created.status()).toBe(201);
    ids.push((await created.json()).id);
  }
  const checkIn = await page.request.patch(`${base}/reservations/${ids[0]}`, {
    data: { status: "checked_in" },
  });
  expect(checkIn.status()).toBe(200);
}

const table = (page: Page) => page.getByRole("region", { name: "Reservations", exact: true });
const guestRows = (page: Page) => table(page).locator("tbody tr");

test("search by part of a name in lower case, keep it over a reload, and filter by status", async ({
  signedIn: page,
}) => {
  await seedGuests(page);
  await page.goto("/hms/reservations");
  await expect(guestRows(page)).toHaveCount(3);

  // Typing sends one search after the pause, not one per key.
  const searches: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith("/reservations") && url.searchParams.has("q")) searches.push(url.search);
  });
  await page.getByLabel("Search").pressSequentially("priy", { delay: 40 });
  await expect(guestRows(page)).toHaveCount(2);
  await expect(guestRows(page).filter({ hasText: "Priya Sharma" })).toBeVisible();
  await expect(guestRows(page).filter({ hasText: "Priyanka Das" })).toBeVisible();
  await expect(table(page).getByText("Rahul Verma")).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]q=priy(&|$)/);
  expect(searches.length).toBeLessThanOrEqual(2);

  // A reload keeps the search.
  await page.reload();
  await expect(page.getByLabel("Search")).toHaveValue("priy");
  await expect(guestRows(page)).toHaveCount(2);
  await expect(table(page).getByText("Rahul Verma")).toHaveCount(0);

  // Status narrows further, and is in the URL too.
  await page.getByLabel("Status").selectOption("checked_in");
  await expect(guestRows(page)).toHaveCount(1);
  await expect(guestRows(page)).toContainText("Priya Sharma");
  await expect(page).toHaveURL(/status=checked_in/);
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("checked_in");
  await expect(guestRows(page)).toHaveCount(1);

  // Status alone.
  await page.getByLabel("Search").fill("");
  await page.getByLabel("Status").selectOption("booked");
  await expect(guestRows(page)).toHaveCount(2);
  await expect(table(page).getByText("Priya Sharma")).toHaveCount(0);

  // Nothing matches: the empty state says so.
  await page.getByLabel("Search").fill("nobody-like-this");
  await expect(table(page).getByText("No reservations match your search.")).toBeVisible();
  await expect(guestRows(page)).toHaveCount(0);

  // Clear shows everyone again.
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(guestRows(page)).toHaveCount(3);
  await expect(page.getByLabel("Status")).toHaveValue("");
  await expect(page).not.toHaveURL(/[?&](q|status)=/);
});

test("a filtered list follows live changes", async ({ signedIn: page }) => {
  await seedGuests(page);
  await page.goto("/hms/reservations?status=booked");
  await expect(guestRows(page)).toHaveCount(2);
  // Checked in elsewhere (through the API): the stay leaves the "booked" list without a reload.
  const property = await (await page.request.get("/api/property")).json();
  const list = await (await page.request.get(`/api/properties/${property.id}/reservations`)).json();
  const rahul = list.find((r: { guestName: string }) => r.guestName === "Rahul Verma");
  const patched = await page.request.patch(`/api/properties/${property.id}/reservations/${rahul.id}`, {
    data: { status: "checked_in" },
  });
  expect(patched.status()).toBe(200);
  await expect(guestRows(page)).toHaveCount(1);
  await expect(guestRows(page)).toContainText("Priyanka Das");
});

test("at phone width each reservation is a card with its actions, every control 44px tall", async ({
  signedIn: page,
}) => {
  await seedGuests(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/hms/reservations");
  const card = guestRows(page).filter({ hasText: "Rahul Verma" });
  const checkIn = card.getByRole("button", { name: "Check-In" });
  await checkIn.scrollIntoViewIfNeeded();
  await expect(checkIn).toBeInViewport({ ratio: 1 });
  await expect(card.getByRole("button", { name: "Cancel" })).toBeInViewport({ ratio: 1 });
  // The page itself never scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main button, main select, main input, main a.button")]
      .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().height < 44)
      .map((el) => `${el.tagName} ${el.textContent || el.getAttribute("aria-label") || el.id}`),
  );
  expect(small).toEqual([]);
});
