/**
 * Accessibility: axe-core finds no serious or critical violation on any screen of the sidebar, on the
 * landing page, on the first-run screens, and on the phone layouts of Reservations and Housekeeping.
 */
import type { Page } from "@playwright/test";
import { addDays, todayIn } from "../src/domain/dates.js";
import { expectNoSeriousViolations, seriousViolations } from "./axe.js";
import { expect, test } from "./fixtures.js";

/** A small hotel through the API: a room type, three rooms, a booked and a checked-in stay, a block, a rate. */
async function seedHotel(page: Page): Promise<void> {
  const property = await (await page.request.get("/api/property")).json();
  const base = `/api/properties/${property.id}`;
  const today = todayIn(property.timeZone, new Date());
  const post = async (path: string, data: object) => {
    const response = await page.request.post(`${base}/${path}`, { data });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201);
    return response.json();
  };
  const type = await post("room-types", { name: "Deluxe", capacity: 2, baseRate: 1500 });
  const rooms = [];
  for (const number of ["101", "102", "103"]) {
    rooms.push(await post("rooms", { number, roomTypeId: type.id, floor: 1 }));
  }
  await post("reservations", {
    guestName: "Asha Rao",
    guestPhone: "+91 98765 43210",
    roomId: rooms[0].id,
    checkInDate: addDays(today, 1),
    checkOutDate: addDays(today, 3),
  });
  const arriving = await post("reservations", {
    guestName: "Vikram Iyer",
    guestEmail: "vikram@example.com",
    roomId: rooms[1].id,
    checkInDate: today,
    checkOutDate: addDays(today, 2),
  });
  const checkIn = await page.request.patch(`${base}/reservations/${arriving.id}`, {
    data: { status: "checked_in" },
  });
  expect(checkIn.status()).toBe(200);
  await post("room-blocks", {
    roomId: rooms[2].id,
    startDate: addDays(today, 2),
    endDate: addDays(today, 4),
    reason: "Painting",
  });
  await post("rate-overrides", { date: addDays(today, 5), roomTypeId: type.id, price: 2500, minLOS: 2 });
}

/** Each sidebar screen, and what shows once its data has loaded. */
const SCREENS: readonly { path: string; heading: string; loaded: (page: Page) => Promise<void> }[] = [
  {
    path: "/hms/frontdesk",
    heading: "Front Desk",
    loaded: (page) => expect(page.getByRole("table", { name: "Availability" })).toContainText("Asha Rao"),
  },
  {
    path: "/hms/reservations",
    heading: "Reservations",
    loaded: (page) => expect(page.getByRole("row").filter({ hasText: "Asha Rao" })).toBeVisible(),
  },
  {
    path: "/hms/lists",
    heading: "Daily lists",
    loaded: (page) =>
      expect(
        page
          .getByRole("region", { name: /^Arrivals/ })
          .getByRole("row")
          .filter({ hasText: "Vikram Iyer" }),
      ).toBeVisible(),
  },
  {
    path: "/hms/housekeeping",
    heading: "Housekeeping",
    loaded: (page) => expect(page.getByRole("article", { name: "Room 103" })).toBeVisible(),
  },
  {
    path: "/hms/inventory",
    heading: "Inventory",
    // Room 103 is blocked, so it is in the rooms table and the out-of-order list.
    loaded: (page) =>
      expect(
        page.getByRole("table", { name: "Rooms out of order" }).getByRole("cell", { name: "103" }),
      ).toBeVisible(),
  },
  {
    path: "/hms/rates",
    heading: "Rates",
    // The calendar dims its prices while the overrides load (aria-busy); axe would measure that dimmed state.
    loaded: async (page) => {
      await expect(page.getByRole("table", { name: "Rate overrides" })).toContainText("Deluxe");
      await expect(page.getByRole("table", { name: "Rate calendar" })).toHaveAttribute("aria-busy", "false");
    },
  },
  {
    path: "/hms/reports",
    heading: "Reports",
    loaded: (page) => expect(page.getByRole("article", { name: "Occupancy %" })).toBeVisible(),
  },
  {
    path: "/hms/settings",
    heading: "Settings",
    loaded: (page) => expect(page.getByLabel("Property name")).toHaveValue("Default Property"),
  },
  {
    path: "/hms/team",
    heading: "Team",
    loaded: (page) => expect(page.getByRole("region", { name: "Members" }).getByRole("table")).toBeVisible(),
  },
  {
    path: "/hms/activity",
    heading: "Activity",
    loaded: (page) => expect(page.getByRole("list", { name: "Entries, newest first" })).toBeVisible(),
  },
];

async function open(page: Page, screen: (typeof SCREENS)[number]): Promise<void> {
  await page.goto(screen.path);
  await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
  await screen.loaded(page);
}

test("every screen of the sidebar has no serious accessibility violation", async ({ signedIn: page }) => {
  // Ten pages, each analysed in full.
  test.setTimeout(240_000);
  await seedHotel(page);
  for (const screen of SCREENS) {
    await test.step(screen.path, async () => {
      await open(page, screen);
      // Soft: one screen's violations do not hide the next screen's.
      expect.soft(await seriousViolations(page), `axe on ${screen.path}`).toEqual([]);
    });
  }
  await test.step("/ (signed in)", async () => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Go to HMS" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test("the landing page signed out has no serious accessibility violation", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("at phone width Reservations and Housekeeping have no serious accessibility violation", async ({
  signedIn: page,
}) => {
  await seedHotel(page);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const screen of SCREENS.filter((s) => ["/hms/reservations", "/hms/housekeeping"].includes(s.path))) {
    await test.step(screen.path, async () => {
      await open(page, screen);
      expect.soft(await seriousViolations(page), `axe on ${screen.path} at 390px`).toEqual([]);
    });
  }
});

test("a new property's empty screens and setup checklist have no serious accessibility violation", async ({
  signedIn: page,
}) => {
  for (const path of ["/hms/reservations", "/hms/housekeeping"]) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole("region", { name: "Getting started" })).toBeVisible();
      expect.soft(await seriousViolations(page), `axe on ${path} (first run)`).toEqual([]);
    });
  }
});
