/**
 * The Front Desk tape chart as clerks use it: click or drag over free nights to book, drag a stay to another
 * room (accepted, and refused with the server's message), the same from the keyboard, today's board with a
 * one-click check-in, and a move made in one window showing in another without a reload.
 */
import type { Browser, Page } from "@playwright/test";
import { addDays, formatMonthDay } from "../src/domain/dates.js";
import { expect, type Person, signIn, test } from "./fixtures.js";

type Hotel = { pid: string; today: string; rooms: Map<string, string>; typeId: string };

async function seedHotel(page: Page, numbers = ["101", "102", "103"]): Promise<Hotel> {
  const pid = (await (await page.request.get("/api/property")).json()).id as string;
  const type = await page.request.post(`/api/properties/${pid}/room-types`, {
    data: { name: "Deluxe", capacity: 2, baseRate: 1500 },
  });
  const typeId = (await type.json()).id as string;
  const rooms = new Map<string, string>();
  for (const number of numbers) {
    const room = await page.request.post(`/api/properties/${pid}/rooms`, {
      data: { number, roomTypeId: typeId, floor: 1 },
    });
    rooms.set(number, (await room.json()).id);
  }
  await page.goto("/hms/frontdesk");
  const today = await page.getByLabel("Start date").inputValue();
  return { pid, today, rooms, typeId };
}

/** Books a stay of `nights` in `room` from `checkInDate` through the API; answers its id. */
async function book(
  page: Page,
  hotel: Hotel,
  stay: { guestName: string; room: string; checkInDate: string; nights: number },
): Promise<string> {
  const { guestName, room, checkInDate, nights } = stay;
  const response = await page.request.post(`/api/properties/${hotel.pid}/reservations`, {
    data: {
      guestName,
      roomId: hotel.rooms.get(room),
      checkInDate,
      checkOutDate: addDays(checkInDate, nights),
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).id;
}

const grid = (page: Page) => page.getByRole("table", { name: "Availability" });
const night = (page: Page, room: string, date: string) =>
  grid(page).getByRole("cell", { name: `Room ${room}, ${formatMonthDay(date)}: free`, exact: true });
const bar = (page: Page, name: string) => grid(page).getByRole("button", { name: new RegExp(name) });

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}
const centre = async (locator: ReturnType<Page["locator"]>) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

test("a click on a free night opens the form with that room, type and date; saving shows the bar", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page);
  const date = addDays(hotel.today, 2);
  await night(page, "102", date).click();
  const dialog = page.getByRole("dialog", { name: "New reservation" });
  await expect(dialog.getByLabel("Room", { exact: true })).toHaveValue(hotel.rooms.get("102") as string);
  await expect(dialog.getByLabel("Room type")).toHaveValue(hotel.typeId);
  await expect(dialog.getByLabel("Check-in date")).toHaveValue(date);
  await expect(dialog.getByLabel("Check-out date")).toHaveValue(addDays(date, 1));
  await dialog.getByLabel("Guest name").fill("Clicked Guest");
  await dialog.getByRole("button", { name: "Create Reservation" }).click();
  await expect(dialog).toBeHidden();
  await expect(bar(page, "Clicked Guest")).toBeVisible();
  await expect(bar(page, "Clicked Guest")).toHaveAccessibleName(new RegExp(`^Room 102, ${date} to`));
});

test("dragging over free nights of one room picks check-in and check-out", async ({ signedIn: page }) => {
  const hotel = await seedHotel(page);
  const from = addDays(hotel.today, 3);
  const to = addDays(hotel.today, 5);
  await drag(page, await centre(night(page, "101", from)), await centre(night(page, "101", to)));
  const dialog = page.getByRole("dialog", { name: "New reservation" });
  await expect(dialog.getByLabel("Check-in date")).toHaveValue(from);
  await expect(dialog.getByLabel("Check-out date")).toHaveValue(addDays(to, 1));
});

test("dragging a stay to another room asks first, shows the new total, then moves it", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page);
  const checkInDate = addDays(hotel.today, 1);
  await book(page, hotel, { guestName: "Mover", room: "101", checkInDate, nights: 2 });
  await expect(bar(page, "Mover")).toBeVisible();
  // Drop it one night later in room 103.
  const start = await centre(bar(page, "Mover"));
  const target = await centre(night(page, "103", addDays(checkInDate, 1)));
  const barBox = await bar(page, "Mover").boundingBox();
  const cellBox = await night(page, "101", addDays(checkInDate, 2)).boundingBox();
  if (!barBox || !cellBox) throw new Error("not on screen");
  // Grab the bar at its first night so the drop's night is the new check-in.
  const grab = { x: barBox.x + cellBox.width / 2, y: start.y };
  await drag(page, grab, target);
  const dialog = page.getByRole("dialog", { name: "Move stay?" });
  await expect(dialog).toContainText("Room 101 → Room 103");
  await expect(dialog).toContainText(`${addDays(checkInDate, 1)} → ${addDays(checkInDate, 3)}`);
  await expect(dialog.getByTestId("move-total")).toContainText("3,000");
  await dialog.getByRole("button", { name: "Confirm move" }).click();
  await expect(dialog).toBeHidden();
  await expect(bar(page, "Mover")).toHaveAccessibleName(
    new RegExp(`^Room 103, ${addDays(checkInDate, 1)} to ${addDays(checkInDate, 3)}`),
  );
});

test("a move onto an out-of-order room is refused with the server's message and nothing moves", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page);
  const checkInDate = addDays(hotel.today, 1);
  await book(page, hotel, { guestName: "Stayer", room: "101", checkInDate, nights: 1 });
  const block = await page.request.post(`/api/properties/${hotel.pid}/room-blocks`, {
    data: {
      roomId: hotel.rooms.get("102"),
      startDate: checkInDate,
      endDate: addDays(checkInDate, 3),
      reason: "Leak",
    },
  });
  expect(block.status()).toBe(201);
  const blocked = grid(page).getByRole("cell", {
    name: new RegExp(`^Room 102, ${formatMonthDay(checkInDate)}: out of order`),
  });
  await expect(blocked).toBeVisible();
  await drag(page, await centre(bar(page, "Stayer")), await centre(blocked));
  const dialog = page.getByRole("dialog", { name: "Move stay?" });
  await dialog.getByRole("button", { name: "Confirm move" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await dialog.getByRole("button", { name: "Keep where it is" }).click();
  await expect(bar(page, "Stayer")).toHaveAccessibleName(new RegExp(`^Room 101, ${checkInDate}`));
});

test("from the keyboard: pick two nights and book them, then open the stay and move it", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page);
  // Tab into the chart: the roving focus starts on today's night of the first room.
  await night(page, "101", hotel.today).focus();
  await page.keyboard.press("ArrowDown");
  await expect(night(page, "102", hotel.today)).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "New reservation" });
  await expect(dialog.getByLabel("Check-in date")).toHaveValue(addDays(hotel.today, 1));
  await expect(dialog.getByLabel("Check-out date")).toHaveValue(addDays(hotel.today, 3));
  await expect(dialog.getByLabel("Guest name")).toBeFocused();
  await page.keyboard.type("Keyboard Guest");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();

  await bar(page, "Keyboard Guest").focus();
  await page.keyboard.press("Enter");
  const details = page.getByRole("dialog", { name: /Stay RES-/ });
  await details.getByRole("button", { name: "Move" }).click();
  // The rooms free for the stay's dates come first; its own nights do not make its room taken.
  const moveTo = details.getByLabel("Move to room");
  await expect(moveTo.locator("optgroup").first()).toHaveAttribute("label", /^Free/);
  await expect(moveTo.getByRole("option", { name: "102 · Deluxe", exact: true })).toHaveCount(1);
  await moveTo.selectOption({ label: "103 · Deluxe" });
  await details.getByRole("button", { name: "Review move" }).click();
  await expect(details).toContainText("Room 102 → Room 103");
  await details.getByRole("button", { name: "Confirm move" }).click();
  await expect(details.getByText("Room 103", { exact: true })).toBeVisible();
  await details.getByRole("button", { name: "Close" }).click();
  await expect(bar(page, "Keyboard Guest")).toHaveAccessibleName(/^Room 103, /);
});

test("today's board lists arrivals and checks one in with one click", async ({ signedIn: page }) => {
  const hotel = await seedHotel(page);
  await book(page, hotel, { guestName: "Early Bird", room: "103", checkInDate: hotel.today, nights: 2 });
  const arrivals = page.getByRole("region", { name: /Arrivals/ });
  const inHouse = page.getByRole("region", { name: /In house/ });
  await expect(arrivals).toContainText("Early Bird");
  await expect(inHouse).toContainText("Nobody in house.");
  await arrivals.getByRole("button", { name: "Check-In Early Bird" }).click();
  await expect(inHouse).toContainText("Early Bird");
  await expect(arrivals.getByRole("button", { name: "Check-In Early Bird" })).toHaveCount(0);
  await expect(bar(page, "Early Bird")).toHaveAttribute("data-status", "checked_in");
});

test("on a busy day the board lists every arrival, after the grid is on screen", async ({
  signedIn: page,
}) => {
  const numbers = Array.from({ length: 20 }, (_, i) => String(201 + i));
  const hotel = await seedHotel(page, numbers);
  for (const number of numbers) {
    await book(page, hotel, {
      guestName: `Guest ${number}`,
      room: number,
      checkInDate: hotel.today,
      nights: 1,
    });
  }
  // The board's lists are asked for once the grid's rows are on screen.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('table[aria-label="Availability"] tbody tr')) return;
      (window as unknown as { gridAt: number }).gridAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  const arrivals = page.getByRole("region", { name: /Arrivals/ });
  await expect(arrivals.getByRole("heading")).toContainText("20");
  // The first guests show at once, the rest once the browser is idle: all 20, each with its Check-In.
  await expect(arrivals.getByRole("button", { name: /^Check-In Guest / })).toHaveCount(20);
  // The last one, below the list's fold, checks in like the first.
  await arrivals.getByRole("button", { name: "Check-In Guest 220" }).click();
  await expect(page.getByRole("region", { name: /In house/ })).toContainText("Guest 220");
  const { gridAt, arrivalsAt } = await page.evaluate(() => ({
    gridAt: (window as unknown as { gridAt: number }).gridAt,
    arrivalsAt: performance.getEntriesByType("resource").find((entry) => entry.name.includes("arrivingOn="))
      ?.startTime,
  }));
  expect(arrivalsAt).toBeGreaterThan(gridAt);
});

test("a move made in one window shows in another's chart without a reload", async ({
  signedIn: page,
  person,
  browser,
}) => {
  const hotel = await seedHotel(page);
  const id = await book(page, hotel, {
    guestName: "Watched",
    room: "101",
    checkInDate: addDays(hotel.today, 1),
    nights: 1,
  });
  const other = await secondWindow(browser, person);
  await expect(bar(other, "Watched")).toHaveAccessibleName(/^Room 101, /);
  const moved = await page.request.patch(`/api/properties/${hotel.pid}/reservations/${id}`, {
    data: { roomId: hotel.rooms.get("102") },
  });
  expect(moved.status()).toBe(200);
  await expect(bar(other, "Watched")).toHaveAccessibleName(/^Room 102, /);
  await other.context().close();
});

async function secondWindow(browser: Browser, person: Person): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, person);
  await page.goto("/hms/frontdesk");
  return page;
}

test("a booking made while the live stream is still connecting shows once it connects", async ({
  signedIn: page,
}) => {
  // Hold the page's event stream back until the grid has been read and a colleague has booked.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/properties/*/events", async (route) => {
    await held;
    await route.continue();
  });
  const hotel = await seedHotel(page);
  await expect(night(page, "101", hotel.today)).toBeVisible();
  await book(page, hotel, { guestName: "Early Bird", room: "101", checkInDate: hotel.today, nights: 1 });
  release();
  await expect(bar(page, "Early Bird")).toBeVisible();
});

test("checking in from the board into a room housekeeping has not released asks first", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page);
  await book(page, hotel, { guestName: "Dusty Arrival", room: "102", checkInDate: hotel.today, nights: 1 });
  const dirty = await page.request.patch(`/api/properties/${hotel.pid}/rooms/${hotel.rooms.get("102")}`, {
    data: { hkStatus: "dirty" },
  });
  expect(dirty.status()).toBe(200);
  // The board reads the room's state from the grid: wait until the grid shows it dirty.
  await expect(grid(page).getByRole("rowheader", { name: /102/ }).locator(".fd-hk.dirty")).toBeVisible();
  const arrivals = page.getByRole("region", { name: /Arrivals/ });
  const checkIn = arrivals.getByRole("button", { name: "Check-In Dusty Arrival" });

  // The question is asked in the page, with focus on the safe answer.
  await checkIn.click();
  const question = page.getByRole("dialog", {
    name: "Room 102 is dirty, not clean. Check Dusty Arrival in anyway?",
  });
  await expect(question.getByRole("button", { name: "Not now" })).toBeFocused();
  await question.getByRole("button", { name: "Not now" }).click();
  await expect(question).toBeHidden();
  await expect(checkIn).toBeEnabled();
  await expect(bar(page, "Dusty Arrival")).toHaveAttribute("data-status", "booked");

  await checkIn.click();
  await question.getByRole("button", { name: "Check in anyway" }).click();
  await expect(bar(page, "Dusty Arrival")).toHaveAttribute("data-status", "checked_in");
});
