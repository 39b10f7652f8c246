/**
 * Money owed in sight: the Reservations list's Balance column, checking out a guest who still owes (asked in
 * the page, with the amount), a payment larger than the balance (asked, then shown as a credit), voiding a
 * payment (asked in the page), the cancel prompt's second line, and status words instead of codes.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe.js";
import { bookStay, type Hotel, pay, seedHotel, setStatus } from "./desk-seed.js";
import { expect, nextDialog, test } from "./fixtures.js";

const openReservations = async (page: Page) => {
  await page.goto("/hms/reservations");
  await expect(page.getByRole("heading", { level: 1, name: "Reservations" })).toBeVisible();
};
const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });
/** The list's columns: Code, Guest, Room, Dates, Status, Total, Balance, Actions. */
const cell = (page: Page, text: string, column: number) => row(page, text).getByRole("cell").nth(column);

async function twoNightStay(
  page: Page,
  guestName: string,
): Promise<{ hotel: Hotel; id: string; code: string }> {
  const hotel = await seedHotel(page, ["101"]);
  const stay = await bookStay(page, hotel, { guestName, room: "101", from: hotel.today, nights: 2 });
  return { hotel, ...stay };
}

test("the list shows each stay's balance, a nameless stay by its code, and status words", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page, ["101", "102"]);
  const asha = await bookStay(page, hotel, {
    guestName: "Asha Rao",
    room: "101",
    from: hotel.today,
    nights: 1,
  });
  const nameless = await bookStay(page, hotel, { guestName: "", room: "102", from: hotel.today, nights: 2 });
  await pay(page, hotel, asha, 500);
  await setStatus(page, hotel, asha, "checked_in");
  await openReservations(page);
  await expect(page.getByRole("columnheader", { name: "Balance" })).toBeVisible();
  await expect(cell(page, "Asha Rao", 5)).toHaveText("₹1,500.00");
  await expect(cell(page, "Asha Rao", 6)).toHaveText("₹1,000.00");
  await expect(cell(page, "Asha Rao", 4)).toHaveText("checked in");
  await expect(cell(page, nameless.code, 1)).toHaveText(nameless.code);
  await expect(cell(page, nameless.code, 6)).toHaveText("₹3,000.00");
  await expect(page.getByText("checked_in")).toHaveCount(0);

  await row(page, "Asha Rao").getByRole("button", { name: "Edit" }).click();
  const stay = page.getByRole("dialog", { name: new RegExp(`Stay ${asha.code}`) });
  await expect(stay.getByRole("heading", { level: 2 })).toContainText("Checked in");
  await expect(stay.getByTestId("stay-balance")).toHaveText("₹1,000.00");
  await expectNoSeriousViolations(page);
});

test("checking out a guest who owes asks first and says how much", async ({ signedIn: page }) => {
  const { hotel, ...stay } = await twoNightStay(page, "Asha Rao");
  await pay(page, hotel, stay, 1500);
  await setStatus(page, hotel, stay, "checked_in");
  await openReservations(page);
  const native: string[] = [];
  page.on("dialog", (dialog) => {
    native.push(dialog.message());
    void dialog.dismiss();
  });

  await row(page, "Asha Rao").getByRole("button", { name: "Check-Out" }).click();
  const question = page.getByRole("dialog", { name: "Asha Rao owes ₹1,500.00. Check out anyway?" });
  await expect(question).toBeVisible();
  // Focus starts on the safe answer.
  await expect(question.getByRole("button", { name: "Not now" })).toBeFocused();
  await expectNoSeriousViolations(page);
  await question.getByRole("button", { name: "Not now" }).click();
  await expect(question).toHaveCount(0);
  await expect(cell(page, "Asha Rao", 4)).toHaveText("checked in");

  await row(page, "Asha Rao").getByRole("button", { name: "Check-Out" }).click();
  await question.getByRole("button", { name: "Check out anyway" }).click();
  await expect(cell(page, "Asha Rao", 4)).toHaveText("checked out");
  expect(native).toEqual([]);
});

test("a guest who owes nothing is checked out without a question", async ({ signedIn: page }) => {
  const { hotel, ...stay } = await twoNightStay(page, "Paid Up");
  await pay(page, hotel, stay, 3000);
  await setStatus(page, hotel, stay, "checked_in");
  await openReservations(page);
  await expect(cell(page, "Paid Up", 6)).toHaveText("₹0.00");
  await row(page, "Paid Up").getByRole("button", { name: "Check-Out" }).click();
  await expect(cell(page, "Paid Up", 4)).toHaveText("checked out");
  await expect(page.locator("dialog[open]")).toHaveCount(0);
});

test("a payment larger than the balance asks first and leaves a credit; voiding asks in the page", async ({
  signedIn: page,
}) => {
  await twoNightStay(page, "Over Payer");
  await openReservations(page);
  await row(page, "Over Payer").getByRole("button", { name: "Edit" }).click();
  const stay = page.getByRole("dialog", { name: /Stay RES-/ });
  await stay.getByLabel("Amount").fill("5000");
  await stay.getByRole("button", { name: "Record payment" }).click();
  const question = page.getByRole("dialog", {
    name: "₹5,000.00 is more than the ₹3,000.00 Over Payer owes. Record it anyway?",
  });
  await expect(question).toContainText("credit of ₹2,000.00");
  await question.getByRole("button", { name: "Change amount" }).click();
  await expect(stay.getByText("No payments yet.")).toBeVisible();
  await expect(stay.getByTestId("stay-balance")).toHaveText("₹3,000.00");

  await stay.getByRole("button", { name: "Record payment" }).click();
  await question.getByRole("button", { name: "Record payment" }).click();
  await expect(stay.getByTestId("stay-balance")).toHaveText("Credit ₹2,000.00");
  await expect(cell(page, "Over Payer", 6)).toHaveText("Credit ₹2,000.00");

  await stay.getByRole("button", { name: "Void" }).click();
  const voiding = page.getByRole("dialog", { name: "Void this payment?" });
  await expect(voiding).toContainText("₹5,000.00 by cash");
  await voiding.getByRole("button", { name: "Keep as is" }).click();
  await expect(stay.getByTestId("stay-balance")).toHaveText("Credit ₹2,000.00");
  await stay.getByRole("button", { name: "Void" }).click();
  await voiding.getByRole("button", { name: "Void payment" }).click();
  await expect(stay.getByTestId("stay-balance")).toHaveText("₹3,000.00");
  await expect(stay.getByRole("row").filter({ hasText: "Cash" })).toContainText("Void");
});

test("the cancel prompt keeps its words and says the stay is kept as cancelled", async ({
  signedIn: page,
}) => {
  await twoNightStay(page, "Maybe Later");
  await openReservations(page);
  const prompt = nextDialog(page);
  await row(page, "Maybe Later").getByRole("button", { name: "Cancel" }).click();
  const message = await prompt;
  expect(message.split("\n")).toEqual(["Delete reservation?", "The stay is kept, marked as cancelled."]);
  await expect(cell(page, "Maybe Later", 4)).toHaveText("cancelled");
});
