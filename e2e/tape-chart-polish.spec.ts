/**
 * The tape chart's finish, as a clerk drags and clicks: a quick drag drops exactly on the row it highlighted,
 * the move question starts on "Keep where it is", a stay is not carried into another room type, picked
 * nights of a room become a block shown (and removed) on the chart, and the legend names the housekeeping
 * dots; axe clean with a checked-out stay on screen.
 */
import type { Page } from "@playwright/test";
import { addDays, formatMonthDay } from "../src/domain/dates.js";
import { expectNoSeriousViolations } from "./axe.js";
import { expect, test } from "./fixtures.js";

type Hotel = { pid: string; today: string; rooms: Map<string, string> };

async function seedHotel(page: Page, types: Record<string, string[]>): Promise<Hotel> {
  const pid = (await (await page.request.get("/api/property")).json()).id as string;
  const rooms = new Map<string, string>();
  for (const [name, numbers] of Object.entries(types)) {
    const type = await page.request.post(`/api/properties/${pid}/room-types`, {
      data: { name, capacity: 2, baseRate: 1500 },
    });
    const typeId = (await type.json()).id as string;
    for (const number of numbers) {
      const room = await page.request.post(`/api/properties/${pid}/rooms`, {
        data: { number, roomTypeId: typeId, floor: 1 },
      });
      rooms.set(number, (await room.json()).id);
    }
  }
  await page.goto("/hms/frontdesk");
  const today = await page.getByLabel("Start date").inputValue();
  return { pid, today, rooms };
}

async function book(page: Page, hotel: Hotel, guestName: string, room: string, checkInDate: string) {
  const response = await page.request.post(`/api/properties/${hotel.pid}/reservations`, {
    data: { guestName, roomId: hotel.rooms.get(room), checkInDate, checkOutDate: addDays(checkInDate, 2) },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).id as string;
}

const grid = (page: Page) => page.getByRole("table", { name: "Availability" });
const night = (page: Page, room: string, date: string) =>
  grid(page).getByRole("cell", { name: `Room ${room}, ${formatMonthDay(date)}: free`, exact: true });
const bar = (page: Page, name: string) => grid(page).getByRole("button", { name: new RegExp(name) });
const box = async (locator: ReturnType<Page["locator"]>) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not on screen");
  return found;
};
/** The room of the row the chart highlights as the drop target. */
const highlighted = (page: Page) => grid(page).locator("tr.over th").innerText();

test("a quick drag drops on the row it highlights, and the question starts on Keep where it is", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page, { Deluxe: ["101", "102", "103", "104"] });
  const checkInDate = addDays(hotel.today, 1);
  await book(page, hotel, "Quick Mover", "101", checkInDate);
  const grab = await box(bar(page, "Quick Mover"));
  const target = await box(night(page, "103", addDays(checkInDate, 1)));
  const start = { x: grab.x + 10, y: grab.y + grab.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 8, start.y);
  // One jump to the last pixel of room 103's row: the edge case a stale hit-test got one row off.
  await page.mouse.move(start.x + (target.x - grab.x), target.y + target.height - 1, { steps: 1 });
  await expect.poll(() => highlighted(page)).toBe("103");
  await page.mouse.up();
  const dialog = page.getByRole("dialog", { name: "Move stay?" });
  await expect(dialog).toContainText("Room 101 → Room 103");
  await expect(dialog).toContainText(`${checkInDate} → ${addDays(checkInDate, 2)}`);
  // Focus on the safe answer: Enter keeps the stay where it is.
  await expect(dialog.getByRole("button", { name: "Keep where it is" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(bar(page, "Quick Mover")).toHaveAccessibleName(new RegExp(`^Room 101, ${checkInDate}`));
});

test("a stay dragged over another room type stays in its own type and is not moved there", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page, { Deluxe: ["101", "102"], Suite: ["201", "202"] });
  const checkInDate = addDays(hotel.today, 1);
  await book(page, hotel, "Type Keeper", "101", checkInDate);
  const grab = await box(bar(page, "Type Keeper"));
  const suite = await box(night(page, "202", checkInDate));
  await page.mouse.move(grab.x + 10, grab.y + grab.height / 2);
  await page.mouse.down();
  await page.mouse.move(grab.x + 18, grab.y + grab.height / 2);
  await page.mouse.move(grab.x + 10, suite.y + suite.height / 2, { steps: 4 });
  // Held at the last room of its own type, shown as refused.
  await expect.poll(() => highlighted(page)).toBe("102");
  await expect(page.locator(".fd-scroll.fd-drag-outside")).toHaveCount(1);
  await page.mouse.up();
  await expect(page.getByRole("dialog", { name: "Move stay?" })).toHaveCount(0);
  await expect(page.getByText("A stay is dragged only between rooms of its type.")).toBeVisible();
  await expect(bar(page, "Type Keeper")).toHaveAccessibleName(new RegExp(`^Room 101, ${checkInDate}`));
});

test("picked nights of a room become a block on the chart, which can be removed there", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page, { Deluxe: ["101", "102"] });
  const from = addDays(hotel.today, 2);
  const to = addDays(hotel.today, 3);
  const first = await box(night(page, "102", from));
  const last = await box(night(page, "102", to));
  await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2);
  await page.mouse.down();
  await page.mouse.move(last.x + last.width / 2, last.y + last.height / 2, { steps: 5 });
  await page.mouse.up();
  const booking = page.getByRole("dialog", { name: "New reservation" });
  await booking.getByRole("button", { name: "Block room" }).click();
  const blocking = page.getByRole("dialog", { name: "Block room 102" });
  await expect(blocking.getByLabel("Out of order from")).toHaveValue(from);
  await expect(blocking.getByLabel("Back in service on")).toHaveValue(addDays(to, 1));
  await blocking.getByLabel("Reason").fill("Broken air conditioning");
  await blocking.getByRole("button", { name: "Block room" }).click();
  await expect(blocking).toBeHidden();

  const block = grid(page).getByRole("button", {
    name: /^Broken air conditioning\s*: Room 102 out of order from .* Remove block$/,
  });
  await expect(block).toBeVisible();
  await expect(block).toContainText("Broken air conditioning");
  await expect(night(page, "102", from)).toHaveCount(0);
  await expectNoSeriousViolations(page);

  // Removing it asks first (focus on keeping it), then the nights are free again.
  await block.click();
  const question = page.getByRole("dialog", { name: "Put Room 102 back in service?" });
  await expect(question.getByRole("button", { name: "Keep block" })).toBeFocused();
  await question.getByRole("button", { name: "Remove block" }).click();
  await expect(block).toHaveCount(0);
  await expect(night(page, "102", from)).toBeVisible();
});

test("the legend names the housekeeping dots, and a checked-out stay's bar is readable (axe)", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page, { Deluxe: ["101", "102"] });
  const id = await book(page, hotel, "Departed Guest", "101", hotel.today);
  for (const status of ["checked_in", "checked_out"]) {
    const changed = await page.request.patch(`/api/properties/${hotel.pid}/reservations/${id}`, {
      data: { status },
    });
    expect(changed.status()).toBe(200);
  }
  await page.request.patch(`/api/properties/${hotel.pid}/rooms/${hotel.rooms.get("102")}`, {
    data: { hkStatus: "in_progress" },
  });
  await expect(bar(page, "Departed Guest")).toHaveAttribute("data-status", "checked_out");
  const legend = page.getByRole("list", { name: "Legend" });
  for (const [text, dot] of [
    ["Clean or inspected", "clean"],
    ["Cleaning in progress", "in_progress"],
    ["Dirty", "dirty"],
  ]) {
    await expect(legend.getByRole("listitem").filter({ hasText: text }).locator(`.fd-hk.${dot}`)).toHaveCount(
      1,
    );
  }
  await expect(legend).toContainText("Checked out");
  // The room's dot says its state in words.
  await expect(grid(page).getByRole("rowheader", { name: /102/ }).locator(".fd-hk")).toHaveAttribute(
    "title",
    "Housekeeping: in progress",
  );
  await expectNoSeriousViolations(page);
});
