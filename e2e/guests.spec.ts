/**
 * Guest profiles in the browser (docs/product.md#guests): booking a returning guest by picking the booking
 * form's suggestion with the keyboard (the stay lands on the profile, which its details link to); merging two
 * profiles; exporting and anonymizing one; axe on the list and the profile; what the front desk and
 * housekeeping may see.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { ANONYMIZED_GUEST_NAME, GUESTS_PAGE } from "../src/domain/constants.js";
import { addDays, formatMonthDay } from "../src/domain/dates.js";
import { expectNoSeriousViolations } from "./axe.js";
import { type Hotel, type Stay, seedHotel, setStatus } from "./desk-seed.js";
import { acceptConfirm, expect, invite, newPerson, openAs, test } from "./fixtures.js";

type GuestStay = {
  guestName: string;
  guestEmail?: string;
  guestPhone?: string;
  room: string;
  from: string;
  nights: number;
};

/** Books a stay through the API; each makes its own profile unless it shares an existing one's id. */
async function book(page: Page, hotel: Hotel, stay: GuestStay): Promise<Stay & { guestId: string }> {
  const response = await page.request.post(`/api/properties/${hotel.pid}/reservations`, {
    data: {
      guestName: stay.guestName,
      guestEmail: stay.guestEmail ?? "",
      guestPhone: stay.guestPhone ?? "",
      roomId: hotel.rooms.get(stay.room),
      checkInDate: stay.from,
      checkOutDate: addDays(stay.from, stay.nights),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = await response.json();
  return { id: body.id, code: body.code, guestId: body.guestId };
}

const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();

test("a returning guest picked from the suggestions with the keyboard gets the stay on their profile", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page, ["101", "102"]);
  await book(page, hotel, {
    guestName: "Asha Rao",
    guestEmail: "asha@example.com",
    guestPhone: "+91 98765 43210",
    room: "101",
    from: addDays(hotel.today, 1),
    nights: 2,
  });
  await nav(page, "Reservations");
  const name = page.getByRole("combobox", { name: "Guest name" });

  // Two letters are enough; the suggestion names the guest and how to reach them.
  await name.pressSequentially("as");
  await expect(name).toHaveAttribute("aria-expanded", "true");
  const listbox = page.getByRole("listbox", { name: "Matching guests" });
  await expect(name).toHaveAttribute("aria-controls", (await listbox.getAttribute("id")) ?? "");
  const option = listbox.getByRole("option", { name: /Asha Rao/ });
  await expect(option).toContainText("asha@example.com · +91 98765 43210 · 1 stay");
  // Escape closes the list and keeps the text; typing opens it again.
  await name.press("Escape");
  await expect(name).toHaveAttribute("aria-expanded", "false");
  await expect(name).toHaveValue("as");
  await name.pressSequentially("h");
  await expect(name).toHaveAttribute("aria-expanded", "true");
  await name.press("ArrowDown");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await expect(name).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id")) ?? "");
  await expectNoSeriousViolations(page);
  await name.press("Enter");

  await expect(name).toHaveValue("Asha Rao");
  await expect(name).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByLabel("Guest phone")).toHaveValue("+91 98765 43210");
  await expect(page.getByLabel("Guest email")).toHaveValue("asha@example.com");
  await expect(page.getByText("Returning guest: Asha Rao (1 stay).")).toBeVisible();

  // Retyping the name lets go of the profile, and says so; picking again links it back.
  await name.pressSequentially("x");
  await expect(page.getByText("Not linked to Asha Rao: a new guest profile will be made.")).toBeVisible();
  await name.press("Backspace");
  await name.press("ArrowDown");
  await name.press("Enter");
  await expect(page.getByText("Returning guest: Asha Rao (1 stay).")).toBeVisible();

  await page.getByLabel("Room", { exact: true }).selectOption({ label: "102" });
  await page.getByLabel("Check-in date").fill(addDays(hotel.today, 5));
  await page.getByLabel("Check-out date").fill(addDays(hotel.today, 7));
  await page.getByRole("button", { name: "Create Reservation" }).click();
  const rows = page.getByRole("region", { name: "Reservations", exact: true }).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(name).toHaveValue("");
  await expect(page.getByText(/Returning guest:/)).toHaveCount(0);

  // The new stay is the guest's second: its details say so and link to the profile.
  const code = (await rows.first().getByRole("cell").first().innerText()).trim();
  await rows.first().getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(`Stay ${code}`) });
  await expect(dialog.getByText("Returning guest, 2nd stay")).toBeVisible();
  await dialog.getByRole("link", { name: "Asha Rao" }).click();

  await expect(page).toHaveURL(/\/hms\/guests\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Asha Rao" })).toBeVisible();
  const stays = page.getByRole("table", { name: /^Stays of Asha Rao/ });
  await expect(stays.locator("tbody tr")).toHaveCount(2);
  // Newest first: the stay just booked.
  await expect(stays.locator("tbody tr").first()).toContainText(code);
  await expect(page.getByRole("definition").filter({ hasText: /^4$/ })).toBeVisible();

  // One profile, not two: the list shows her once, with both stays.
  await page.getByRole("link", { name: "← All guests" }).click();
  const row = page.getByRole("row").filter({ hasText: "Asha Rao" });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");
});

test("in the Front Desk's booking dialog, Escape closes the suggestions before the dialog", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page, ["101", "102"]);
  await book(page, hotel, { guestName: "Asha Rao", room: "101", from: hotel.today, nights: 1 });
  await nav(page, "Front Desk");
  const night = addDays(hotel.today, 2);
  await page
    .getByRole("table", { name: "Availability" })
    .getByRole("cell", { name: `Room 102, ${formatMonthDay(night)}: free`, exact: true })
    .click();
  const dialog = page.getByRole("dialog", { name: "New reservation" });
  const name = dialog.getByRole("combobox", { name: "Guest name" });
  await expect(name).toBeFocused();
  await name.pressSequentially("asha");
  await expect(dialog.getByRole("option", { name: /Asha Rao/ })).toBeVisible();
  await name.press("Escape");
  await expect(name).toHaveAttribute("aria-expanded", "false");
  await expect(dialog).toBeVisible();
  await name.press("Escape");
  await expect(dialog).toBeHidden();
});

test("merging two profiles of one person moves the stays and deletes the other", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page, ["101", "102"]);
  await book(page, hotel, {
    guestName: "Ravi Kumar",
    guestEmail: "ravi@example.com",
    room: "101",
    from: addDays(hotel.today, 1),
    nights: 1,
  });
  await book(page, hotel, {
    guestName: "R. Kumar",
    guestPhone: "+91 90000 12345",
    room: "102",
    from: addDays(hotel.today, 3),
    nights: 2,
  });
  await nav(page, "Guests");
  await expect(page.getByRole("heading", { level: 1, name: "Guests" })).toBeVisible();
  await page.getByLabel("Search").fill("kumar");
  await expect(page.getByText("2 guests match.")).toBeVisible();
  await expect(page).toHaveURL(/\?q=kumar$/);
  await page.getByRole("link", { name: "Ravi Kumar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ravi Kumar" })).toBeVisible();

  await page.getByRole("button", { name: "Merge" }).click();
  const dialog = page.getByRole("dialog", { name: "Merge another profile into Ravi Kumar" });
  const search = dialog.getByRole("combobox", { name: "Profile to merge" });
  await expect(search).toBeFocused();
  await search.pressSequentially("9000");
  // The profile itself is never offered.
  const options = dialog.getByRole("option");
  await expect(options).toHaveCount(1);
  await options.first().click();
  await expect(dialog.getByText("+91 90000 12345 · 1 stay")).toBeVisible();
  await dialog.getByRole("button", { name: "Merge" }).click();
  expect(await acceptConfirm(page)).toBe("Merge R. Kumar into Ravi Kumar?");
  await expect(dialog).toHaveCount(0);

  await expect(page.getByRole("table", { name: /^Stays of Ravi Kumar/ }).locator("tbody tr")).toHaveCount(2);
  await page.getByRole("link", { name: "← All guests" }).click();
  await page.getByLabel("Search").fill("kumar");
  await expect(page.getByText("1 guest matches.")).toBeVisible();
});

test("exporting and anonymizing a guest: refused while a stay is booked, then the name is gone everywhere", async ({
  signedIn: page,
}) => {
  const hotel = await seedHotel(page, ["101"]);
  const stay = await book(page, hotel, {
    guestName: "Meera Nair",
    guestEmail: "meera@example.com",
    guestPhone: "+91 91234 56789",
    room: "101",
    from: hotel.today,
    nights: 1,
  });
  await page.goto(`/hms/guests/${stay.guestId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Meera Nair" })).toBeVisible();

  // The export is a JSON file of everything held about her.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export data" }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await readFile(file, "utf8"));
  expect(exported.guest.email).toBe("meera@example.com");
  expect(exported.stays.map((one: { code: string }) => one.code)).toEqual([stay.code]);

  // A booked stay keeps her details: the refusal names her.
  await page.getByRole("button", { name: "Anonymize" }).click();
  const question = page.locator("dialog.confirm-dialog[open]");
  await expect(question).toContainText("Amounts, dates, reservation codes and invoice numbers are kept.");
  expect(await acceptConfirm(page)).toBe("Anonymize Meera Nair?");
  const refusal = page.getByRole("alert").filter({ hasText: "Could not anonymize Meera Nair" });
  await expect(refusal).toBeVisible();
  await refusal.getByRole("button", { name: "Dismiss" }).click();

  await setStatus(page, hotel, stay, "checked_in");
  await setStatus(page, hotel, stay, "checked_out");
  await page.getByRole("button", { name: "Anonymize" }).click();
  await acceptConfirm(page);
  await expect(page.getByRole("heading", { level: 1, name: ANONYMIZED_GUEST_NAME })).toBeVisible();
  await expect(page.getByText("Anonymized", { exact: true })).toBeVisible();
  for (const gone of ["Edit", "Merge", "Anonymize"]) {
    await expect(page.getByRole("button", { name: gone, exact: true })).toHaveCount(0);
  }
  await expect(page.getByText("meera@example.com")).toHaveCount(0);

  // The stay keeps its code and amount under the new name.
  const stays = page.getByRole("table", { name: /^Stays of Anonymized guest/ });
  await expect(stays).toContainText(stay.code);
  await expect(stays).toContainText("₹1,500.00");
  await stays.getByRole("button", { name: stay.code }).click();
  const details = page.getByRole("dialog", { name: new RegExp(`Stay ${stay.code}`) });
  await expect(details.locator(".stay-summary")).toContainText(ANONYMIZED_GUEST_NAME);
  await expect(details.getByText("Meera Nair")).toHaveCount(0);
  await details.getByRole("button", { name: "Close" }).click();

  await nav(page, "Reservations");
  const table = page.getByRole("region", { name: "Reservations", exact: true });
  await expect(table.getByRole("row").filter({ hasText: stay.code })).toContainText(ANONYMIZED_GUEST_NAME);
  await expect(table.getByText("Meera Nair")).toHaveCount(0);
});

test("the list starts empty, adds a guest with New guest, says when nothing matches and pages with Load more", async ({
  signedIn: page,
}) => {
  await nav(page, "Guests");
  await expect(page.getByText("No guests yet.", { exact: false })).toBeVisible();

  await page.getByRole("button", { name: "New guest" }).click();
  const form = page.getByRole("dialog", { name: "New guest" });
  await form.getByRole("button", { name: "Add Guest" }).click();
  await expect(form.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Name", { exact: true }).fill("Priya Shah");
  await form.getByLabel("Country").selectOption({ label: "India" });
  await form.getByLabel("Document type").selectOption({ label: "Driving licence" });
  await form.getByLabel("Document number").fill("MH-01 2020 0001234");
  await form.getByRole("button", { name: "Add Guest" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Priya Shah" })).toBeVisible();
  await expect(page.getByText("Driving licence MH-01 2020 0001234")).toBeVisible();
  await expect(page.getByText("No stays yet.")).toBeVisible();

  // Newest first, a page at a time; a search for nobody says so.
  const pid = (await (await page.request.get("/api/property")).json()).id as string;
  for (let i = 0; i < GUESTS_PAGE.default; i++) {
    const made = await page.request.post(`/api/properties/${pid}/guests`, { data: { name: `Walk-in ${i}` } });
    expect(made.status()).toBe(201);
  }
  await page.getByRole("link", { name: "← All guests" }).click();
  const rows = page.getByRole("region", { name: "Guests" }).locator("tbody tr");
  await expect(rows).toHaveCount(GUESTS_PAGE.default);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(rows).toHaveCount(GUESTS_PAGE.default + 1);
  await expect(rows.last()).toContainText("Priya Shah");
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await page.getByLabel("Search").fill("nobody by this name");
  await expect(page.getByText("No guests match your search.")).toBeVisible();
  await expect(rows).toHaveCount(0);
});

test("the guest list and a profile have no serious accessibility problem", async ({ signedIn: page }) => {
  // Three full-page scans, one of a form with every country in a select.
  test.setTimeout(120_000);
  const hotel = await seedHotel(page, ["101"]);
  const stay = await book(page, hotel, {
    guestName: "Zoë Müller",
    guestEmail: "zoe@example.com",
    room: "101",
    from: addDays(hotel.today, 2),
    nights: 3,
  });
  const tagged = await page.request.patch(`/api/properties/${hotel.pid}/guests/${stay.guestId}`, {
    data: {
      tags: ["VIP"],
      country: "DE",
      language: "de",
      documentType: "passport",
      documentNumber: "C01X00T47",
    },
  });
  expect(tagged.status(), await tagged.text()).toBe(200);
  await nav(page, "Guests");
  const row = page.getByRole("row").filter({ hasText: "Zoë Müller" });
  await expect(row).toContainText("VIP");
  await expectNoSeriousViolations(page);
  await page.getByRole("link", { name: "Zoë Müller" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Zoë Müller" })).toBeVisible();
  await expect(page.getByText("Passport C01X00T47")).toBeVisible();
  await expect(page.getByText("Germany")).toBeVisible();
  await expect(page.getByText("German", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("dialog", { name: "Edit Zoë Müller" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the front desk edits and merges but neither exports nor anonymizes; housekeeping has no Guests", async ({
  signedIn: owner,
  browser,
}) => {
  const hotel = await seedHotel(owner, ["101"]);
  const stay = await book(owner, hotel, {
    guestName: "Kiran Das",
    room: "101",
    from: addDays(hotel.today, 1),
    nights: 1,
  });
  const clerk = newPerson("clerk");
  const housekeeper = newPerson("housekeeper");
  await invite(owner, hotel.pid, clerk, "front_desk");
  await invite(owner, hotel.pid, housekeeper, "housekeeping");

  const desk = await openAs(browser, clerk);
  await nav(desk, "Guests");
  await desk.getByRole("link", { name: "Kiran Das" }).click();
  await expect(desk.getByRole("heading", { level: 1, name: "Kiran Das" })).toBeVisible();
  await expect(desk.getByRole("button", { name: "Edit" })).toBeVisible();
  await expect(desk.getByRole("button", { name: "Merge" })).toBeVisible();
  await expect(desk.getByRole("button", { name: "Export data" })).toHaveCount(0);
  await expect(desk.getByRole("button", { name: "Anonymize" })).toHaveCount(0);

  // Edit: a refused field is marked beside it; a good value is saved.
  await desk.getByRole("button", { name: "Edit" }).click();
  const edit = desk.getByRole("dialog", { name: "Edit Kiran Das" });
  await edit.getByLabel("Email", { exact: true }).fill("not an address");
  await edit.getByRole("button", { name: "Save Guest" }).click();
  await expect(edit.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await edit.getByLabel("Email", { exact: true }).fill("kiran@example.com");
  await edit.getByLabel("Tags").fill("VIP, Late arrival");
  await edit.getByRole("button", { name: "Save Guest" }).click();
  await expect(edit).toHaveCount(0);
  await expect(desk.getByText("kiran@example.com")).toBeVisible();
  await expect(desk.getByRole("list", { name: "Tags" })).toHaveText(/VIP\s*Late arrival/);

  const housekeeping = await openAs(browser, housekeeper, /\/hms\/housekeeping$/);
  await expect(
    housekeeping.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Guests" }),
  ).toHaveCount(0);
  await housekeeping.goto(`/hms/guests/${stay.guestId}`);
  await expect(housekeeping.getByRole("alert")).toContainText("Unauthorized");
  await expect(housekeeping.getByText("Kiran Das")).toHaveCount(0);
});
