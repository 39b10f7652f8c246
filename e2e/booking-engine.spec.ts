/**
 * The public booking engine as a guest on a phone uses it (390 px): dates and guests, an offer, their
 * details, the confirmation; the confirmation email arrives (the suite's mail server, e2e/server.js) with the
 * manage link; a clerk's open tape chart shows the stay without a reload; the guest cancels from the link.
 * axe on every public screen.
 */
import { randomUUID } from "node:crypto";
import { addDays } from "../src/domain/dates.js";
import { expectNoSeriousViolations } from "./axe.js";
import { seedHotel } from "./desk-seed.js";
import { expect, test } from "./fixtures.js";
import { mailTo } from "./mailbox.js";

test("a guest books on a phone, is emailed, shows on the tape chart live, and cancels from the link", async ({
  signedIn: desk,
  browser,
}) => {
  const hotel = await seedHotel(desk, ["101", "102"], `Hotel ${randomUUID().slice(0, 6)}`);
  const switched = await desk.request.patch(`/api/properties/${hotel.pid}`, {
    data: { bookingEngineEnabled: true },
  });
  expect(switched.ok()).toBe(true);
  const { code } = await switched.json();
  // The clerk's tape chart is open while the guest books.
  await desk.goto("/hms/frontdesk");
  await expect(desk.getByRole("heading", { level: 1, name: "Front Desk" })).toBeVisible();

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const guest = await phone.newPage();
  const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
  const checkIn = addDays(hotel.today, 5);
  try {
    await guest.goto(`/book/${code}`);
    await expect(guest.getByRole("heading", { name: "Dates and guests" })).toBeVisible();
    await expectNoSeriousViolations(guest);
    await guest.getByLabel("Check-in").fill(checkIn);
    await guest.getByLabel("Check-out").fill(addDays(checkIn, 2));
    await guest.getByLabel("Adults").fill("2");
    await guest.getByRole("button", { name: "Search" }).click();

    await expect(guest.getByRole("heading", { name: "Choose your room" })).toBeVisible();
    await expectNoSeriousViolations(guest);
    await guest.getByRole("button", { name: /^Book Deluxe, Standard/ }).click();

    await expect(guest.getByRole("heading", { name: "Your details" })).toBeVisible();
    await expectNoSeriousViolations(guest);
    await guest.getByLabel("Full name").fill("Lucía Pérez");
    await guest.getByLabel("Email").fill(email);
    await guest.getByLabel("Phone").fill("+34 600 000 000");
    await guest.getByLabel("Country").selectOption("ES");
    await guest.getByRole("button", { name: "Confirm booking" }).click();

    await expect(guest.getByRole("heading", { name: "Your booking is confirmed" })).toBeVisible();
    await expect(guest.getByText(`A confirmation email is on its way to ${email}.`)).toBeVisible();
    await expectNoSeriousViolations(guest);
    const stayCode = /RES-[A-Z0-9]{5}/.exec(await guest.locator("main").innerText())?.[0] ?? "";
    expect(stayCode).toMatch(/^RES-/);

    // The clerk sees it at once on the tape chart, unassigned.
    await expect(desk.getByText("Lucía Pérez").first()).toBeVisible();

    // The email arrives once, with the manage link.
    const mail = await mailTo(email, stayCode);
    const link = /https?:\/\/[^\s"<]+\/book\/manage\/[A-Za-z0-9_-]{43}/.exec(mail)?.[0] ?? "";
    expect(link).not.toBe("");

    await guest.goto(new URL(link).pathname);
    await expect(guest.getByRole("heading", { name: "Your booking" })).toBeVisible();
    await expect(guest.getByText(stayCode)).toBeVisible();
    await expectNoSeriousViolations(guest);
    await guest.getByRole("button", { name: "Cancel booking" }).click();
    await guest.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect(guest.getByText("Your booking is cancelled.")).toBeVisible();
    await expectNoSeriousViolations(guest);
    await mailTo(email, "is cancelled");

    const stays = await (await desk.request.get(`/api/properties/${hotel.pid}/reservations`)).json();
    expect(stays).toContainEqual(
      expect.objectContaining({ code: stayCode, status: "cancelled", source: "booking_engine" }),
    );
  } finally {
    await phone.close();
  }
});

test("the booking page says so while the hotel has it switched off", async ({ signedIn: desk, browser }) => {
  const property = await (await desk.request.get("/api/property")).json();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await phone.newPage();
  try {
    await guest.goto(`/book/${property.code}`);
    await expect(guest.getByRole("heading", { name: "Online booking is not available" })).toBeVisible();
    await expectNoSeriousViolations(guest);
  } finally {
    await phone.close();
  }
});
