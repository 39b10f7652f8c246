/**
 * A manager's tools (issue 14): correcting inventory, the rate calendar with in-place and bulk edits, the
 * daily occupancy chart and both CSV exports, checked with axe and at tablet and phone widths.
 */
import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { addDays, todayIn, weekdayOf } from "../src/domain/dates.js";
import { expectNoSeriousViolations } from "./axe.js";
import { acceptConfirm, expect, newPerson, signIn, test } from "./fixtures.js";

type Hotel = { pid: string; today: string; typeId: string; roomId: string };

/** One room type and one room through the API, named as a hurried manager might have typed them. */
async function seed(page: Page, typeName = "Deluxe", roomNumber = "101"): Promise<Hotel> {
  const property = await (await page.request.get("/api/property")).json();
  const pid = property.id as string;
  const type = await page.request.post(`/api/properties/${pid}/room-types`, {
    data: { name: typeName, capacity: 2, baseRate: 1500 },
  });
  expect(type.status()).toBe(201);
  const typeId = (await type.json()).id as string;
  const room = await page.request.post(`/api/properties/${pid}/rooms`, {
    data: { number: roomNumber, roomTypeId: typeId, floor: 1 },
  });
  expect(room.status()).toBe(201);
  return { pid, today: todayIn(property.timeZone, new Date()), typeId, roomId: (await room.json()).id };
}

/** The table whose header row has `column`. */
const tableWith = (page: Page, column: string) =>
  page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: column, exact: true }) });

/** A rate calendar cell, by its row's name and its date. */
const calendarCell = (page: Page, row: string, date: string) =>
  page.getByRole("button", { name: new RegExp(`^${row}, \\w{3} ${date}:`) });

/** A downloaded CSV's records, header first, read back as RFC 4180 says. */
async function csvRecords(download: Download): Promise<string[][]> {
  return parse(await readFile(await download.path(), "utf8"), { bom: true });
}

test("inventory: fix a room type's name, renumber a room, and deletes that are refused or allowed", async ({
  signedIn: page,
}) => {
  const hotel = await seed(page, "Twnn", "10");
  const spare = await page.request.post(`/api/properties/${hotel.pid}/rooms`, {
    data: { number: "102", roomTypeId: hotel.typeId, floor: 1 },
  });
  expect(spare.status()).toBe(201);
  await page.goto("/hms/inventory");

  // The room type's name, corrected in its dialog, reaches its rooms too.
  await tableWith(page, "Capacity")
    .getByRole("row", { name: /Twnn/ })
    .getByRole("button", { name: "Edit" })
    .click();
  const typeDialog = page.getByRole("dialog", { name: "Edit room type Twnn" });
  await expect(typeDialog.getByLabel("Name", { exact: true })).toBeFocused();
  await typeDialog.getByLabel("Name", { exact: true }).fill("Twin");
  await typeDialog.getByRole("button", { name: "Save Room Type" }).click();
  await expect(typeDialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Room type Twin saved." })).toBeVisible();
  await expect(tableWith(page, "Capacity").getByRole("row", { name: /Twin/ })).toBeVisible();
  await expect(tableWith(page, "HK").getByRole("row", { name: /^10\b/ })).toContainText("Twin");

  // Renumbering to a number another room has is refused in the dialog; a free one is saved.
  await tableWith(page, "HK")
    .getByRole("row", { name: /^10\b/ })
    .getByRole("button", { name: "Edit" })
    .click();
  const roomDialog = page.getByRole("dialog", { name: "Edit room 10" });
  await roomDialog.getByLabel("Number").fill("102");
  await roomDialog.getByRole("button", { name: "Save Room" }).click();
  await expect(roomDialog.getByRole("alert")).toContainText("102");
  await roomDialog.getByLabel("Number").fill("101");
  await roomDialog.getByLabel("Floor").fill("2");
  await roomDialog.getByLabel("Number").press("Enter");
  await expect(roomDialog).toHaveCount(0);
  const renumbered = tableWith(page, "HK").getByRole("row", { name: /^101\b/ });
  await expect(renumbered).toContainText("Twin");
  await expect(renumbered.getByRole("cell").first()).toHaveAttribute("title", "Floor 2");

  // A type that still has rooms cannot go: the server says why, and the row stays.
  await tableWith(page, "Capacity")
    .getByRole("row", { name: /Twin/ })
    .getByRole("button", { name: "Delete" })
    .click();
  expect(await acceptConfirm(page)).toBe("Delete room type Twin?");
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(tableWith(page, "Capacity").getByRole("row", { name: /Twin/ })).toBeVisible();

  // A room nothing needs is deleted after the confirmation.
  await tableWith(page, "HK")
    .getByRole("row", { name: /^102\b/ })
    .getByRole("button", { name: "Delete" })
    .click();
  expect(await acceptConfirm(page)).toBe("Delete room 102?");
  await expect(page.getByRole("status").filter({ hasText: "Room 102 deleted." })).toBeVisible();
  await expect(tableWith(page, "HK").getByRole("row")).toHaveCount(2);

  await expectNoSeriousViolations(page);
});

test("rates: bulk-set Friday and Saturday prices for a month; the calendar and a new booking's total follow", async ({
  signedIn: page,
}) => {
  const { today } = await seed(page);
  const month = Array.from({ length: 30 }, (_, i) => addDays(today, i));
  const weekend = month.filter((date) => [5, 6].includes(weekdayOf(date)));
  const friday = weekend.find((date) => weekdayOf(date) === 5) ?? "";
  const thursday = addDays(friday, -1) >= today ? addDays(friday, -1) : addDays(friday, 6);
  const tuesday = month.find((date) => weekdayOf(date) === 2 && date > addDays(thursday, 2)) ?? "";

  await page.goto("/hms/rates");
  await expect(calendarCell(page, "Deluxe", friday)).toHaveAccessibleName(/₹1,500$/);
  await expect(calendarCell(page, "All", friday)).toHaveAccessibleName(/no rate set$/);

  await page.getByRole("button", { name: "Bulk edit" }).click();
  const bulk = page.getByRole("dialog", { name: "Bulk edit rates" });
  await bulk.getByLabel("From", { exact: true }).fill(today);
  await bulk.getByLabel("To", { exact: true }).fill(month.at(-1) ?? "");
  for (const day of ["Sun", "Mon", "Tue", "Wed", "Thu"])
    await bulk.getByLabel(day, { exact: true }).uncheck();
  // Nothing to change yet: the shared schema's message, before any request.
  await bulk.getByLabel("Deluxe").check();
  await bulk.getByRole("button", { name: "Apply" }).click();
  await expect(bulk.getByRole("alert")).toHaveText("set a price, a minimum stay or stop sell");
  await bulk.getByLabel("Price", { exact: true }).fill("2500");
  await expect(bulk).toContainText(`${weekend.length} nights × 1 row = ${weekend.length} overrides`);
  await bulk.getByRole("button", { name: "Apply" }).click();
  await expect(bulk).toHaveCount(0);
  await expect(
    page.getByRole("status").filter({ hasText: `Saved ${weekend.length} overrides.` }),
  ).toBeVisible();

  // Every Friday and Saturday of the month now sells at 2500, other nights at the base rate.
  for (const date of weekend) {
    await expect(calendarCell(page, "Deluxe", date)).toHaveAccessibleName(/₹2,500, own override$/);
  }
  await expect(calendarCell(page, "Deluxe", thursday)).toHaveAccessibleName(/₹1,500$/);
  await expect(page.getByRole("table", { name: "Rate overrides" }).getByRole("row")).toHaveCount(
    weekend.length + 1,
  );

  // A booking over Thursday and Friday costs 1500 + 2500.
  await page.goto("/hms/reservations");
  await page.getByLabel("Guest name").fill("Weekend Guest");
  await page.getByLabel("Room", { exact: true }).selectOption({ label: "101" });
  await page.getByLabel("Check-in date").fill(thursday);
  await page.getByLabel("Check-out date").fill(addDays(thursday, 2));
  await page.getByRole("button", { name: "Create Reservation" }).click();
  const booking = page.getByRole("row").filter({ hasText: "Weekend Guest" });
  await expect(booking).toContainText("₹4,000.00");

  // A cell is edited in place: a price and stop sell for one Tuesday, then the override is removed.
  await page.goto("/hms/rates");
  await calendarCell(page, "Deluxe", tuesday).click();
  const cell = page.getByRole("dialog", { name: `Deluxe · Tue ${tuesday}` });
  await cell.getByLabel("Price").fill("1800");
  await cell.getByLabel("Stop sell").check();
  await cell.getByRole("button", { name: "Save" }).click();
  await expect(cell).toHaveCount(0);
  await expect(calendarCell(page, "Deluxe", tuesday)).toHaveAccessibleName(
    /₹1,800, own override, Stop sell$/,
  );
  await calendarCell(page, "Deluxe", tuesday).click();
  await cell.getByRole("button", { name: "Delete override" }).click();
  expect(await acceptConfirm(page)).toBe(`Delete the override for Deluxe on ${tuesday}?`);
  await expect(calendarCell(page, "Deluxe", tuesday)).toHaveAccessibleName(/₹1,500$/);

  // The arrow keys move between cells; Enter opens the one in focus.
  await calendarCell(page, "All", today).focus();
  await page.keyboard.press("ArrowDown");
  await expect(calendarCell(page, "Deluxe", today)).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(calendarCell(page, "Deluxe", addDays(today, 1))).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The override table: Edit changes one row's minimum stay, Delete removes another.
  const table = page.getByRole("table", { name: "Rate overrides" });
  await table.getByRole("row").filter({ hasText: friday }).getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: `Deluxe · Fri ${friday}` });
  await edit.getByLabel("Min LOS").fill("2");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(table.getByRole("row").filter({ hasText: friday }).getByRole("cell").nth(3)).toHaveText("2");
  await expect(calendarCell(page, "Deluxe", friday)).toHaveAccessibleName(
    /₹2,500, own override, 2\+ nights minimum stay$/,
  );
  const last = weekend.at(-1) ?? "";
  await table.getByRole("row").filter({ hasText: last }).getByRole("button", { name: "Delete" }).click();
  expect(await acceptConfirm(page)).toBe(`Delete the override for Deluxe on ${last}?`);
  await expect(table.getByRole("row").filter({ hasText: last })).toHaveCount(0);

  // Paging shows the next 30 days.
  await page.getByRole("button", { name: "Next 30 days" }).click();
  await expect(calendarCell(page, "Deluxe", addDays(today, 30))).toBeVisible();
  await page.getByRole("button", { name: "Today" }).click();
  await expect(calendarCell(page, "Deluxe", today)).toBeVisible();

  await expectNoSeriousViolations(page);
});

test("reports: the daily chart covers the window, and no request goes out for a date still being typed", async ({
  signedIn: page,
}) => {
  const hotel = await seed(page);
  const stay = await page.request.post(`/api/properties/${hotel.pid}/reservations`, {
    data: {
      guestName: "Asha",
      roomId: hotel.roomId,
      checkInDate: hotel.today,
      checkOutDate: addDays(hotel.today, 2),
    },
  });
  expect(stay.status()).toBe(201);
  const reportRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/reports/")) reportRequests.push(new URL(request.url()).search);
  });

  await page.goto("/hms/reports");
  await expect(page.getByRole("img", { name: /Chart of occupancy % per day/ })).toBeVisible();
  await expect(page.locator(".occupancy-chart canvas")).toHaveCount(1);
  await page.getByText("Daily figures (table)").click();
  const daily = page.getByRole("table", { name: "Daily occupancy" });
  await expect(daily.locator("tbody tr")).toHaveCount(7);
  await expect(daily.locator("tbody tr").first().getByRole("cell")).toHaveText([
    "1",
    "0",
    "1",
    "100.00%",
    "₹1,500.00",
    "₹1,500.00",
  ]);

  // A year typed digit by digit passes through 0002, 0020 and 0202: none of those windows is asked for.
  const from = page.getByLabel("From", { exact: true });
  for (const year of ["0002", "0020", "0202"]) await from.fill(`${year}${hotel.today.slice(4)}`);
  await expect(page.getByRole("alert")).toContainText("at most");
  await from.fill(hotel.today);
  await page.getByLabel("To", { exact: true }).fill(addDays(hotel.today, 10));
  await expect(daily.locator("tbody tr")).toHaveCount(10);
  expect(reportRequests.filter((search) => /from=0/.test(search))).toEqual([]);

  await expectNoSeriousViolations(page);
});

test("both CSV exports download with a header row and the data on screen", async ({ signedIn: page }) => {
  const hotel = await seed(page);
  await page.request.post(`/api/properties/${hotel.pid}/reservations`, {
    data: {
      guestName: "Rao, Asha",
      roomId: hotel.roomId,
      checkInDate: hotel.today,
      checkOutDate: addDays(hotel.today, 2),
    },
  });
  await page.request.post(`/api/properties/${hotel.pid}/reservations`, {
    data: { guestName: "Other Guest", checkInDate: hotel.today, checkOutDate: addDays(hotel.today, 1) },
  });

  // Reservations: the export follows the search.
  await page.goto("/hms/reservations?q=Rao");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /q=Rao/);
  const reservationsDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const [header, ...stays] = await csvRecords(await reservationsDownload);
  expect(header?.slice(0, 2)).toEqual(["Code", "Guest name"]);
  expect(stays.map((stay) => stay[1])).toEqual(["Rao, Asha"]);
  expect(stays[0]?.[header?.indexOf("Total") ?? -1]).toBe("3000.00");

  // Reports: the daily series of the window, one record per day after the header.
  await page.goto("/hms/reports");
  const occupancyDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const [columns, ...days] = await csvRecords(await occupancyDownload);
  expect(columns?.slice(0, 5)).toEqual(["Date", "Rooms", "Rooms blocked", "Room-nights sold", "Occupancy %"]);
  expect(days.map((day) => day[0])).toEqual(Array.from({ length: 7 }, (_, i) => addDays(hotel.today, i)));
  expect(days[0]?.slice(1, 5)).toEqual(["1", "0", "1", "100.00"]);
});

test("a front desk clerk sees rates and inventory but no edits, bulk edit or exports", async ({
  signedIn: page,
  browser,
}) => {
  const hotel = await seed(page);
  await page.request.post(`/api/properties/${hotel.pid}/rate-overrides`, {
    data: { date: hotel.today, roomTypeId: hotel.typeId, price: 2100, minLOS: 1, stopSell: false },
  });
  const clerk = newPerson("clerk");
  const invited = await page.request.post(`/api/properties/${hotel.pid}/members`, {
    data: { email: clerk.email, role: "front_desk" },
  });
  expect(invited.status()).toBe(201);
  const clerkPage = await (await browser.newContext()).newPage();
  await signIn(clerkPage, clerk);

  await clerkPage.goto("/hms/rates");
  const calendar = clerkPage.getByRole("table", { name: "Rate calendar" });
  await expect(calendar).toContainText("₹2,100");
  await expect(calendar.getByRole("button")).toHaveCount(0);
  await expect(clerkPage.getByRole("button", { name: "Bulk edit" })).toHaveCount(0);
  await expect(clerkPage.getByRole("table", { name: "Rate overrides" }).getByRole("button")).toHaveCount(0);

  await clerkPage.goto("/hms/inventory");
  await expect(clerkPage.getByRole("cell", { name: "101" })).toBeVisible();
  await expect(clerkPage.getByRole("button", { name: /Edit|Delete/ })).toHaveCount(0);

  await clerkPage.goto("/hms/reservations");
  await expect(clerkPage.getByRole("heading", { level: 1, name: "Reservations" })).toBeVisible();
  await expect(clerkPage.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
});

test("at 1024 and 390 px wide the manager screens do not scroll sideways", async ({ signedIn: page }) => {
  await seed(page);
  for (const width of [1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, ready] of [
      ["/hms/inventory", page.getByRole("cell", { name: "101" })],
      ["/hms/rates", page.getByRole("table", { name: "Rate calendar" })],
      ["/hms/reports", page.locator(".occupancy-chart canvas")],
    ] as const) {
      await page.goto(path);
      await expect(ready).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      if (width === 390) await expectNoSeriousViolations(page);
    }
  }
});
