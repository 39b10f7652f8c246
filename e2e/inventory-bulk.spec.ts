import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe.js";
import { acceptConfirm, expect, test } from "./fixtures.js";

function roomsTable(page: Page) {
  return page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "HK", exact: true }) });
}

async function addType(page: Page, name: string) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Add Room Type", exact: true }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();
}

test("inventory: add rooms 101 to 112 in one go, after a preview; a taken number refuses the whole list", async ({
  signedIn: page,
}) => {
  await page.goto("/hms/inventory");
  await addType(page, "Deluxe");

  await page.getByRole("button", { name: "Add several rooms" }).click();
  const dialog = page.getByRole("dialog", { name: "Add several rooms" });
  await dialog.getByLabel("First number").fill("101");
  await dialog.getByLabel("Last number").fill("112");
  await dialog.getByLabel("Room type").selectOption({ label: "Deluxe" });
  await dialog.getByLabel("Floor").fill("1");
  // The numbers are listed before anything is added.
  await expect(dialog.getByText("12 rooms will be added:")).toBeVisible();
  await expect(dialog.getByText("101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112")).toBeVisible();
  await expectNoSeriousViolations(page);
  await dialog.getByRole("button", { name: "Add 12 rooms" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "12 rooms added (101–112)." })).toBeVisible();

  const rows = roomsTable(page).getByRole("row");
  await expect(rows).toHaveCount(13); // the header and 12 rooms
  for (const number of ["101", "106", "112"]) {
    await expect(roomsTable(page).getByRole("row", { name: new RegExp(`^${number} Deluxe`) })).toBeVisible();
  }

  // 110 to 114: 110–112 exist, so nothing is added and the message names them.
  await page.getByRole("button", { name: "Add several rooms" }).click();
  await dialog.getByLabel("First number").fill("110");
  await dialog.getByLabel("Last number").fill("114");
  await dialog.getByRole("button", { name: "Add 5 rooms" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Rooms 110, 111, 112 already exist");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(rows).toHaveCount(13);

  // A range the form cannot list says why, and offers nothing to add.
  await page.getByRole("button", { name: "Add several rooms" }).click();
  await dialog.getByLabel("First number").fill("120");
  await dialog.getByLabel("Last number").fill("115");
  await expect(dialog.getByText("The last number must not be below the first.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Add", exact: true })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});

test("inventory: take a room out of order, see it listed, and put it back in service", async ({
  signedIn: page,
}) => {
  await page.goto("/hms/inventory");
  await addType(page, "Twin");
  for (const number of ["201", "202"]) {
    await page.getByLabel("Number").fill(number);
    await page.getByRole("button", { name: "Add Room", exact: true }).click();
    await expect(page.getByText(`Room ${number} added.`)).toBeVisible();
  }
  await expect(roomsTable(page).getByRole("row")).toHaveCount(3);

  const outOfOrder = page.getByRole("region", { name: "Out of order" });
  await expect(outOfOrder.getByText("No rooms out of order.")).toBeVisible();
  await outOfOrder.getByRole("button", { name: "Block a room" }).click();
  const dialog = page.getByRole("dialog", { name: "Block a room" });
  await dialog.getByLabel("Room", { exact: true }).selectOption({ label: "202" });
  const from = await dialog.getByLabel("Out of order from").inputValue();
  expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const back = new Date(`${from}T00:00:00Z`);
  back.setUTCDate(back.getUTCDate() + 3);
  const backOn = back.toISOString().slice(0, 10);
  await dialog.getByLabel("Back in service on").fill(backOn);
  await dialog.getByLabel("Reason").fill("Leaking tap");
  await dialog.getByRole("button", { name: "Block room" }).click();
  await expect(dialog).toHaveCount(0);

  const table = outOfOrder.getByRole("table", { name: "Rooms out of order" });
  const row = table.getByRole("row", { name: /202/ });
  await expect(row).toContainText(from);
  await expect(row).toContainText(backOn);
  await expect(row).toContainText("Leaking tap");
  await expect(outOfOrder.getByRole("status")).toHaveText(
    `Room 202 is out of order from ${from} to ${backOn}.`,
  );
  // Blocked from tonight: the rooms table says so beside the room's status.
  const room202 = roomsTable(page).getByRole("row", { name: /^202 / });
  await expect(room202).toContainText("out of order");
  await expect(roomsTable(page).getByRole("row", { name: /^201 / })).not.toContainText("out of order");
  await expectNoSeriousViolations(page);

  // Removing asks in the page first, naming the room.
  await row.getByRole("button", { name: "Remove" }).click();
  expect(await acceptConfirm(page)).toBe("Remove the block of room 202?");
  await expect(outOfOrder.getByText("No rooms out of order.")).toBeVisible();
  await expect(outOfOrder.getByRole("status")).toHaveText(
    `Room 202 is back in service from ${from} to ${backOn}.`,
  );
});
