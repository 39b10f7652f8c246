/**
 * Editing a stay in the browser (docs/product.md#editing-a-stay): change its dates and see the new total,
 * take a payment and see the balance, move a checked-in guest and see both rooms on Housekeeping.
 */
import type { Page } from "@playwright/test";
import { addDays, todayIn } from "../src/domain/dates.js";
import { expect, test } from "./fixtures.js";

async function hotel(page: Page) {
  const property = await (await page.request.get("/api/property")).json();
  const base = `/api/properties/${property.id}`;
  const type = await (
    await page.request.post(`${base}/room-types`, { data: { name: "Deluxe", capacity: 2, baseRate: 1500 } })
  ).json();
  const rooms: string[] = [];
  for (const number of ["101", "102"]) {
    const room = await page.request.post(`${base}/rooms`, { data: { number, roomTypeId: type.id } });
    rooms.push((await room.json()).id);
  }
  const today = todayIn(property.timeZone, new Date());
  const stay = await page.request.post(`${base}/reservations`, {
    data: { guestName: "Asha Rao", roomId: rooms[0], checkInDate: today, checkOutDate: addDays(today, 2) },
  });
  expect(stay.status()).toBe(201);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reservations" }).click();
  return { today };
}

const row = (page: Page) => page.getByRole("row").filter({ hasText: "Asha Rao" });

test("edit a stay's dates and see the new total; record a payment and see the balance", async ({
  signedIn: page,
}) => {
  const { today } = await hotel(page);
  await expect(row(page)).toContainText("₹3,000.00");
  await row(page).getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Check-out date").fill(addDays(today, 3));
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog.getByTestId("stay-total")).toHaveText("₹4,500.00");
  await dialog.getByLabel("Amount").fill("1000");
  await dialog.getByLabel("Method").selectOption("Card");
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(dialog.getByTestId("stay-balance")).toHaveText("₹3,500.00");
  await expect(dialog.getByRole("row").filter({ hasText: "Card" })).toContainText("₹1,000.00");
  // A refused edit shows the server's message beside the field it is about and changes nothing.
  await dialog.getByLabel("Adults").fill("5");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog.getByLabel("Adults")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Adults")).toHaveAccessibleDescription(
    "5 guests do not fit the room type's capacity of 2",
  );
  await expect(dialog.getByTestId("stay-total")).toHaveText("₹4,500.00");
  await dialog.getByRole("button", { name: "Close" }).click();
  // The list's Balance column.
  await expect(row(page).getByRole("cell").nth(6)).toHaveText("₹3,500.00");
});

test("move a checked-in guest: the old room is vacant and dirty, the new one occupied", async ({
  signedIn: page,
}) => {
  await hotel(page);
  await row(page).getByRole("button", { name: "Check-In" }).click();
  await expect(row(page).getByRole("cell").nth(4)).toHaveText("checked in");
  await row(page).getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog");
  // A checked-in stay keeps its arrival date.
  await expect(dialog.getByLabel("Check-in date")).toBeDisabled();
  await dialog.getByLabel("Room").selectOption({ label: "102 · Deluxe" });
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toContainText("Room 102");
  await dialog.getByRole("button", { name: "Close" }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Housekeeping" }).click();
  await expect(page.getByRole("article", { name: "Room 101" })).toContainText("vacant");
  await expect(page.getByRole("article", { name: "Room 101" })).toContainText("dirty");
  await expect(page.getByRole("article", { name: "Room 102" })).toContainText("occupied");
});
