/**
 * Day close (src/server/modules/day-close): Reports → Day close and Settings → Day close, as the owner.
 *
 * The API books stays from the property's today and dates payments on it, so no day before today has
 * anything in it, and a property's first day is the day it was made. Its first day is also its earliest
 * stay's arrival when that is earlier (src/server/modules/day-close/service.ts `firstDay`), which a move of
 * the property's time zone makes: a stay booked for today at UTC−12 arrived yesterday once the hotel is at
 * UTC+12, exactly a day ahead, so that day is due to close. The close time is set to 23:59 first, so the
 * server's automatic close leaves that day to the manager (it runs after the close time on the next day).
 */
import type { Page } from "@playwright/test";
import { addDays, todayIn } from "../src/domain/dates.js";
import { expectNoSeriousViolations } from "./axe.js";
import { bookStay, type Hotel, pay, seedHotel, setStatus } from "./desk-seed.js";
import { acceptConfirm, expect, test } from "./fixtures.js";

const WEST = "Etc/GMT+12";
const EAST = "Etc/GMT-12";

const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();

async function openDayClose(page: Page) {
  await nav(page, "Reports");
  await page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Day close" }).click();
  await expect(page).toHaveURL(/view=day-close/);
  await expect(page.getByRole("heading", { name: "Closed days" })).toBeVisible();
}

async function patchProperty(page: Page, hotel: Hotel, data: Record<string, unknown>) {
  const response = await page.request.patch(`/api/properties/${hotel.pid}`, { data });
  expect(response.status()).toBe(200);
}

/** The figure a day's report shows beside `label` in the group headed `group`. */
const fact = (page: Page, group: string, label: string) =>
  page
    .getByRole("region", { name: /^Report of / })
    .locator(".day-report-group")
    .filter({ has: page.getByRole("heading", { name: group, exact: true }) })
    .locator("div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");

test("today cannot close; on its first day a property has nothing due; the close settings save", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page, ["101"]);
  const stay = await bookStay(page, hotel, {
    guestName: "Asha Rao",
    room: "101",
    from: hotel.today,
    nights: 1,
  });
  await pay(page, hotel, stay, 500);
  const today = await page.request.post(`/api/properties/${hotel.pid}/day-closes`, {
    data: { date: hotel.today },
  });
  expect(today.status()).toBe(409);
  expect((await today.json()).error).toMatchObject({
    code: "invalid_transition",
    message: `${hotel.today} cannot be closed yet: only days before today close`,
  });

  await openDayClose(page);
  await expect(page.getByText("No day is closed yet.", { exact: false })).toBeVisible();
  const closing = page.getByRole("region", { name: "Close a day" });
  await expect(closing).toContainText(
    "Nothing to close yet: today is the next day to close, once it is over.",
  );
  await expect(closing).toContainText("each day closes at 03:00 (hotel time) the next day");
  await expect(page.getByRole("button", { name: "Close day" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  await expectNoSeriousViolations(page);

  // Settings → Day close: every field by its label; guest retention is here, once.
  await nav(page, "Settings");
  const form = page.getByRole("form", { name: "Day close" });
  await expect(form.getByLabel("Close time")).toHaveValue("03:00");
  await expect(form.getByLabel("Mark no-shows automatically")).toBeChecked();
  await expect(form.getByLabel("Turn occupied rooms dirty for stay-over cleaning")).toBeChecked();
  await expect(page.getByLabel("Guest retention (months)")).toHaveCount(1);
  await expect(form.getByLabel("Guest retention (months)")).toHaveValue("");
  await form.getByLabel("Close time").fill("04:30");
  await form.getByLabel("Turn occupied rooms dirty for stay-over cleaning").uncheck();
  await form.getByLabel("Guest retention (months)").fill("24");
  await form.getByRole("button", { name: "Save day close settings" }).click();
  await expect(form.getByRole("status")).toHaveText("Day close settings saved.");
  const saved = await (await page.request.get(`/api/properties/${hotel.pid}`)).json();
  expect(saved).toMatchObject({
    dayCloseTime: "04:30",
    autoNoShow: true,
    stayoverDirty: false,
    guestRetentionMonths: 24,
  });
  await page.reload();
  await expect(form.getByLabel("Guest retention (months)")).toHaveValue("24");
  await form.getByLabel("Guest retention (months)").fill("");
  await form.getByRole("button", { name: "Save day close settings" }).click();
  await expect(form.getByRole("status")).toHaveText("Day close settings saved.");
  expect((await (await page.request.get(`/api/properties/${hotel.pid}`)).json()).guestRetentionMonths).toBe(
    null,
  );
  await expectNoSeriousViolations(page);
});

test("a day due after a time zone move closes from Reports; its report; a payment on it cannot be voided", async ({
  signedIn: page,
}) => {
  test.setTimeout(90_000);
  const hotel = await seedHotel(page, ["101", "102"]);
  await patchProperty(page, hotel, { timeZone: WEST, dayCloseTime: "23:59" });
  const day = todayIn(WEST, new Date());
  const west = { ...hotel, today: day };
  const never = await bookStay(page, west, { guestName: "Never Came", room: "101", from: day, nights: 1 });
  await pay(page, west, never, 500);
  const asha = await bookStay(page, west, { guestName: "Asha Rao", room: "102", from: day, nights: 2 });
  await setStatus(page, west, asha, "checked_in");
  const card = await page.request.post(`/api/properties/${hotel.pid}/reservations/${asha.id}/payments`, {
    data: { amount: 1000, method: "card" },
  });
  expect(card.status()).toBe(201);
  await patchProperty(page, hotel, { timeZone: EAST });
  expect(todayIn(EAST, new Date())).toBe(addDays(day, 1));

  await page.reload();
  await openDayClose(page);
  const closing = page.getByRole("region", { name: "Close a day" });
  await expect(closing).toContainText("is due to close.");
  await closing.getByRole("button", { name: "Close day" }).click();
  const question = page.getByRole("dialog", { name: /^Close \w{3} \d{1,2} \w{3}/ });
  await expect(question).toContainText("never came become no-shows");
  await expect(question).toContainText("occupied rooms turn dirty");
  await expect(question).toContainText("the day's figures are frozen");
  await acceptConfirm(page);
  await expect(closing.getByRole("status")).toContainText("closed: 1 no-show.");
  await expect(closing).toContainText("Nothing to close yet: today is the next day to close");

  const list = page.getByRole("table", { name: "Closed days" });
  await expect(list.getByRole("row")).toHaveCount(2);
  await expect(list.getByRole("row").nth(1)).toContainText("50.00%");
  await expect(list.getByRole("row").nth(1)).toContainText("₹1,500.00");
  await expect(fact(page, "Rooms", "Rooms available")).toHaveText("2");
  await expect(fact(page, "Rooms", "Room nights sold")).toHaveText("1");
  await expect(fact(page, "Revenue", "Rooms")).toHaveText("₹1,500.00");
  await expect(fact(page, "Payments", "Cash")).toHaveText("₹500.00");
  await expect(fact(page, "Payments", "Card")).toHaveText("₹1,000.00");
  await expect(fact(page, "Payments", "Net received")).toHaveText("₹1,500.00");
  await expect(fact(page, "Stays", "Arrivals")).toHaveText("2");
  await expect(fact(page, "Stays", "No-shows")).toHaveText("1");
  await expect(fact(page, "Stays", "In house")).toHaveText("1");
  const report = page.getByRole("region", { name: /^Report of / });
  await expect(report).toContainText("Nothing taxed was sold on the day.");
  await expect(report).toContainText("(hotel time)");
  await expect(report).toContainText("By a manager");
  await expectNoSeriousViolations(page);
  for (const width of [1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `Reports → Day close at ${width}px`).toBeLessThanOrEqual(0);
  }
  await expectNoSeriousViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The list's CSV, made in the page: a byte-order mark, the header, the day, CRLF.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(
    `day-closes-${(await property(page, hotel)).code}-${day}-to-${day}.csv`,
  );
  const text = await streamText(await file.createReadStream());
  expect(text.startsWith("\uFEFFDate,Rooms available,")).toBe(true);
  expect(text).toContain(`\r\n${day},2,0,1,50.00,1500.00,750.00,1500.00,`);
  expect(text.endsWith(",A manager\r\n")).toBe(true);

  // A payment dated on the closed day: the void is refused, with the server's words in the stay.
  await nav(page, "Reservations");
  await page.getByRole("row").filter({ hasText: "Asha Rao" }).getByRole("button", { name: "Edit" }).click();
  const stay = page.getByRole("dialog", { name: /Stay RES-/ });
  await stay.getByRole("button", { name: "Void" }).click();
  await page
    .getByRole("dialog", { name: "Void this payment?" })
    .getByRole("button", { name: "Void payment" })
    .click();
  await expect(stay.getByRole("alert")).toContainText(
    `Could not void the payment of Asha Rao: ${day} is closed`,
  );
});

async function property(page: Page, hotel: Hotel): Promise<{ code: string }> {
  return (await page.request.get(`/api/properties/${hotel.pid}`)).json();
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
