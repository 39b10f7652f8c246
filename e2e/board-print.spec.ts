/**
 * The Front Desk's day board and printing, as a clerk uses them: every arrival reachable on a phone, a
 * checked-in guest moving from Arrivals to In house, balances, the board following the grid's dates, errors
 * that name the guest, the printed Front Desk keeping names under the hotel and the day, and the Daily lists
 * of any date on screen, on paper and as a PDF.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { addDays, formatLongDate } from "../src/domain/dates.js";
import { expectNoSeriousViolations } from "./axe.js";
import { bookStay, pay, seedHotel, setStatus } from "./desk-seed.js";
import { expect, test } from "./fixtures.js";

const HOTEL = "Hotel Sagar";
const GUESTS = ["Asha Rao", "Ben Ito", "Chen Wu", "Dana Kim", "Eli Roy", "Farah Ali"];
const NUMBERS = ["101", "102", "103", "104", "105", "106", "107"];

const region = (page: Page, name: RegExp) => page.getByRole("region", { name });
const arrivals = (page: Page) => region(page, /^Arrivals/);
const inHouse = (page: Page) => region(page, /^In house/);
const departures = (page: Page) => region(page, /^Departures/);

/** Seven arrivals today (the last without a name), Asha with ₹500 paid of ₹1,500. */
async function sevenArrivals(page: Page) {
  const hotel = await seedHotel(page, NUMBERS, HOTEL);
  const stays = [];
  for (const [i, guestName] of [...GUESTS, ""].entries()) {
    stays.push(
      await bookStay(page, hotel, { guestName, room: NUMBERS[i] ?? null, from: hotel.today, nights: 1 }),
    );
  }
  const [asha] = stays;
  if (!asha) throw new Error("no stay");
  await pay(page, hotel, asha, 500);
  const nameless = stays.at(-1)?.code ?? "";
  return { hotel, asha, nameless };
}

test("on a phone every arrival is on the page; checking one in moves them to In house", async ({
  signedIn: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { hotel, nameless } = await sevenArrivals(page);
  await page.goto("/hms/frontdesk");
  await expect(page.getByRole("heading", { name: `Today, ${formatLongDate(hotel.today)}` })).toBeVisible();
  await expect(arrivals(page).getByRole("heading")).toHaveText("Arrivals 7");
  // The panel grows with its list: each guest comes into view by scrolling the page, none is cut off.
  for (const name of [...GUESTS, nameless]) {
    const guest = arrivals(page).getByRole("button", { name, exact: true });
    await guest.scrollIntoViewIfNeeded();
    await expect(guest).toBeInViewport();
  }
  const panel = await arrivals(page).evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }));
  expect(panel.scroll).toBe(panel.client);
  // What each still owes is on the board.
  await expect(arrivals(page).getByRole("listitem").filter({ hasText: "Asha Rao" })).toContainText(
    "Owes ₹1,000.00",
  );
  await expect(arrivals(page).getByRole("listitem").filter({ hasText: "Ben Ito" })).toContainText(
    "Owes ₹1,500.00",
  );

  await arrivals(page).getByRole("button", { name: "Check-In Asha Rao" }).click();
  await expect(inHouse(page)).toContainText("Asha Rao");
  await expect(inHouse(page).getByRole("heading")).toHaveText("In house 1");
  await expect(arrivals(page).getByRole("heading")).toHaveText("Arrivals 6");
  await expect(arrivals(page).getByRole("button", { name: "Asha Rao", exact: true })).toHaveCount(0);
  await expectNoSeriousViolations(page);
});

test("Next, Previous and the start date move the board's day with the grid", async ({ signedIn: page }) => {
  const hotel = await seedHotel(page, ["101", "102"]);
  await bookStay(page, hotel, { guestName: "Today Guest", room: "101", from: hotel.today, nights: 1 });
  const later = addDays(hotel.today, 7);
  await bookStay(page, hotel, { guestName: "Next Week", room: "102", from: later, nights: 2 });
  await page.goto("/hms/frontdesk");
  await expect(arrivals(page)).toContainText("Today Guest");
  await expect(arrivals(page)).not.toContainText("Next Week");

  await page.getByRole("button", { name: "Next →" }).click();
  await expect(page.getByLabel("Start date")).toHaveValue(later);
  await expect(page.getByRole("heading", { name: formatLongDate(later), exact: true })).toBeVisible();
  await expect(arrivals(page)).toContainText("Next Week");
  await expect(arrivals(page)).not.toContainText("Today Guest");
  // Another day's board shows the stay's state, not a one-click action that would act today.
  await expect(arrivals(page).getByRole("button", { name: /^Check-In/ })).toHaveCount(0);

  await page.getByLabel("Start date").fill(addDays(later, 2));
  await expect(departures(page)).toContainText("Next Week");
  await expect(
    page.getByRole("heading", { name: formatLongDate(addDays(later, 2)), exact: true }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Today", exact: true }).click();
  await expect(page.getByRole("heading", { name: `Today, ${formatLongDate(hotel.today)}` })).toBeVisible();
  await expect(arrivals(page).getByRole("button", { name: "Check-In Today Guest" })).toBeVisible();
  await page.getByRole("button", { name: "Next →" }).click();
  await page.getByRole("button", { name: "← Previous" }).click();
  await expect(page.getByRole("heading", { name: `Today, ${formatLongDate(hotel.today)}` })).toBeVisible();
});

test("a refused check-in names the guest and the stay", async ({ signedIn: page }) => {
  const hotel = await seedHotel(page, ["101"]);
  // No room yet: the server refuses the check-in.
  const stay = await bookStay(page, hotel, {
    guestName: "Asha Rao",
    room: null,
    from: hotel.today,
    nights: 1,
  });
  await page.goto("/hms/frontdesk");
  await arrivals(page).getByRole("button", { name: "Check-In Asha Rao" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Could not check in" })).toContainText(
    `Could not check in Asha Rao (${stay.code}): `,
  );
});

test("the printed Front Desk keeps the guests' names under the hotel's name and the day", async ({
  signedIn: page,
}) => {
  const { hotel, nameless } = await sevenArrivals(page);
  const staying = await bookStay(page, hotel, {
    guestName: "Gita Das",
    room: "107",
    from: addDays(hotel.today, 1),
    nights: 1,
  });
  expect(staying.code).toMatch(/^RES-/);
  await page.goto("/hms/frontdesk");
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await expect(arrivals(page).getByRole("heading")).toHaveText("Arrivals 7");

  await page.emulateMedia({ media: "print" });
  const title = page.locator(".print-title");
  await expect(title).toBeVisible();
  await expect(title).toHaveText(`${HOTEL} · Today, ${formatLongDate(hotel.today)}`);
  for (const name of [...GUESTS, nameless]) {
    await expect(arrivals(page).getByText(name, { exact: true })).toBeVisible();
  }
  await expect(
    arrivals(page)
      .getByRole("button", { name: /^Check-In/ })
      .first(),
  ).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await expect(title).toBeHidden();
});

test("Daily lists: any date's arrivals, departures and in-house guests, on screen and on paper", async ({
  signedIn: page,
}, testInfo) => {
  const { hotel, asha, nameless } = await sevenArrivals(page);
  await setStatus(page, hotel, asha, "checked_in");
  const tomorrow = addDays(hotel.today, 1);
  await bookStay(page, hotel, { guestName: "Gita Das", room: "107", from: tomorrow, nights: 3 });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Daily lists" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Daily lists" })).toBeVisible();
  await expect(page.getByLabel("Date")).toHaveValue(hotel.today);
  await expect(
    page.getByRole("heading", { name: `${HOTEL} · Today, ${formatLongDate(hotel.today)}` }),
  ).toBeVisible();
  const list = (name: string) => page.getByRole("region", { name: new RegExp(`^${name}`) });
  await expect(list("Arrivals").getByRole("heading")).toHaveText("Arrivals 7");
  const ashaRow = list("Arrivals").getByRole("row").filter({ hasText: "Asha Rao" });
  await expect(ashaRow).toContainText("101");
  await expect(ashaRow).toContainText("1 night");
  await expect(ashaRow).toContainText("Checked in");
  await expect(ashaRow).toContainText("₹1,000.00");
  await expect(list("Arrivals").getByRole("row").filter({ hasText: nameless })).toContainText("107");
  await expect(list("Departures")).toContainText("No departures.");
  await expect(list("In house")).toContainText("Asha Rao");
  await expectNoSeriousViolations(page);

  await page.getByLabel("Date").fill(addDays(tomorrow, 1));
  await expect(page).toHaveURL(new RegExp(`date=${addDays(tomorrow, 1)}`));
  await expect(
    page.getByRole("heading", { name: `${HOTEL} · ${formatLongDate(addDays(tomorrow, 1))}` }),
  ).toBeVisible();
  await expect(list("Arrivals")).toContainText("No arrivals.");
  await expect(list("In house").getByRole("row").filter({ hasText: "Gita Das" })).toContainText("3 nights");
  await expect(list("In house")).not.toContainText("Asha Rao");

  await page.getByLabel("Date").fill(hotel.today);
  await expect(list("Arrivals").getByRole("heading")).toHaveText("Arrivals 7");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByLabel("Date")).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(
    page.getByRole("heading", { name: `${HOTEL} · Today, ${formatLongDate(hotel.today)}` }),
  ).toBeVisible();
  for (const name of GUESTS) await expect(list("Arrivals").getByText(name, { exact: true })).toBeVisible();
  const pdf = await page.pdf({ format: "A4", printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  fs.writeFileSync(testInfo.outputPath("daily-lists.pdf"), pdf);
});
