/**
 * A hotel team, each member in their own browser with a real sign-in: the owner invites a clerk and a
 * housekeeper, each sees only their screens, the housekeeper's change reaches the owner live, the removed
 * clerk loses access without a reload, and the Activity screen says who did what.
 */
import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe.js";
import { acceptConfirm, expect, newPerson, type Person, signIn, test } from "./fixtures.js";

const HOTEL = "Seaside Team Hotel";

async function openAs(browser: Browser, person: Person, landing?: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, person, landing);
  return page;
}

async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole("navigation", { name: "Main" });
  return (await nav.getByRole("link").allTextContents()).map((text) => text.trim());
}

async function open(page: Page, screen: string) {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: screen, exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: screen })).toBeVisible();
}

test("an owner's team: invitations, roles, live changes, removal and the activity log", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = newPerson("owner");
  const clerk = newPerson("clerk");
  const housekeeper = newPerson("housekeeper");

  const ownerPage = await openAs(browser, owner);
  const pid = (await (await ownerPage.request.get("/api/property")).json()).id as string;
  const headers = { origin: new URL(ownerPage.url()).origin };
  await ownerPage.request.patch(`/api/properties/${pid}`, {
    headers,
    data: { name: HOTEL, currency: "INR", timeZone: "Asia/Kolkata" },
  });
  const type = await ownerPage.request.post(`/api/properties/${pid}/room-types`, { data: { name: "Twin" } });
  await ownerPage.request.post(`/api/properties/${pid}/rooms`, {
    data: { number: "101", roomTypeId: (await type.json()).id },
  });

  // The owner invites both through the Team screen.
  await open(ownerPage, "Team");
  for (const [person, role] of [
    [clerk, "Front desk"],
    [housekeeper, "Housekeeping"],
  ] as const) {
    await ownerPage.getByLabel("Email").fill(person.email);
    await ownerPage.getByLabel("Role", { exact: true }).selectOption({ label: role });
    await ownerPage.getByRole("button", { name: "Invite" }).click();
    await expect(ownerPage.getByRole("status")).toContainText(`Tell ${person.email} to sign in`);
  }
  const pending = ownerPage.getByRole("region", { name: "Pending invitations" });
  await expect(pending).toContainText(clerk.email);
  await expect(pending).toContainText(housekeeper.email);

  // Each signs in and sees only their screens, in the inviting hotel.
  const clerkPage = await openAs(browser, clerk);
  await expect(clerkPage.getByRole("banner")).toContainText(HOTEL);
  expect(await sidebarLinks(clerkPage)).toEqual([
    "Front Desk",
    "Reservations",
    "Daily lists",
    "Guests",
    "Invoices",
    "Housekeeping",
    "My tasks",
    "Inventory",
    "Rates",
  ]);
  const housekeeperPage = await openAs(browser, housekeeper, /\/hms\/housekeeping$/);
  expect(await sidebarLinks(housekeeperPage)).toEqual(["Housekeeping", "My tasks", "Inventory"]);
  await open(housekeeperPage, "Inventory");
  await expect(housekeeperPage.getByRole("button", { name: /add|create/i })).toHaveCount(0);
  await expect(pending).not.toContainText(clerk.email);
  const members = ownerPage.getByRole("region", { name: "Members" });
  await expect(members).toContainText(clerk.displayName);
  await expect(members).toContainText(housekeeper.displayName);

  // The housekeeper marks room 101 dirty; the owner's open Housekeeping screen follows live.
  await open(ownerPage, "Housekeeping");
  const ownerCard = ownerPage.getByRole("article", { name: "Room 101" });
  await expect(ownerCard.getByText("clean", { exact: true })).toBeVisible();
  await open(housekeeperPage, "Housekeeping");
  await housekeeperPage
    .getByRole("article", { name: "Room 101" })
    .getByRole("button", { name: "Mark Dirty" })
    .click();
  await expect(ownerCard.getByText("dirty", { exact: true })).toBeVisible();

  // The owner removes the clerk; the clerk's open screen loses the hotel without a reload.
  await open(clerkPage, "Reservations");
  await open(ownerPage, "Team");
  await members
    .getByRole("row", { name: new RegExp(clerk.displayName) })
    .getByRole("button", { name: "Remove" })
    .click();
  expect(await acceptConfirm(ownerPage)).toBe(`Remove ${clerk.displayName} from the team?`);
  await expect(members).not.toContainText(clerk.displayName);
  await expect(clerkPage.getByRole("banner")).not.toContainText(HOTEL, { timeout: 20_000 });
  const clerkNow = await (await clerkPage.request.get(`/api/properties/${pid}`)).status();
  expect(clerkNow).toBe(404);

  // The Activity screen says who did each of these.
  await open(ownerPage, "Activity");
  const log = ownerPage.getByRole("region", { name: "Activity log" });
  for (const [who, what] of [
    [owner.displayName, `Invitation for ${clerk.email} sent`],
    [clerk.displayName, `${clerk.displayName} joined as front desk`],
    [housekeeper.displayName, `${housekeeper.displayName} joined as housekeeping`],
    [housekeeper.displayName, /Room 101: .+ → dirty/],
    [owner.displayName, `${clerk.displayName} removed from the team`],
  ] as const) {
    await expect(
      log.locator(".activity-entry").filter({ hasText: who }).filter({ hasText: what }).first(),
    ).toBeVisible();
  }
});

test("a member of two properties switches in the header, and the choice survives a reload", async ({
  browser,
}) => {
  const owner = newPerson("owner");
  const manager = newPerson("manager");
  const ownerPage = await openAs(browser, owner);
  const pid = (await (await ownerPage.request.get("/api/property")).json()).id as string;
  const origin = new URL(ownerPage.url()).origin;
  await ownerPage.request.patch(`/api/properties/${pid}`, {
    headers: { origin },
    data: { name: "Harbour Hotel", currency: "INR", timeZone: "Asia/Kolkata" },
  });

  // The manager already runs a property of their own, then is invited to the harbour hotel.
  const page = await openAs(browser, manager);
  await expect(page.getByLabel("Property")).toHaveCount(0);
  const invited = await ownerPage.request.post(`/api/properties/${pid}/members`, {
    headers: { origin },
    data: { email: manager.email, role: "manager" },
  });
  expect(invited.status()).toBe(201);
  await page.reload();
  const switcher = page.getByLabel("Property");
  await expect(switcher).toBeVisible();
  await expect(switcher.locator("option")).toHaveText([
    "Default Property (Owner)",
    "Harbour Hotel (Manager)",
  ]);
  await switcher.selectOption({ label: "Harbour Hotel (Manager)" });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByLabel("Property name")).toHaveValue("Harbour Hotel");
  await page.reload();
  await expect(page.getByLabel("Property", { exact: true })).toHaveValue(pid);
  await expect(page.getByLabel("Property name")).toHaveValue("Harbour Hotel");
});

test("team: revoking an invitation asks in the page first; declining keeps it", async ({
  signedIn: page,
}) => {
  const invitee = newPerson("invitee");
  await open(page, "Team");
  await page.getByLabel("Email").fill(invitee.email);
  await page.getByRole("button", { name: "Invite" }).click();
  const pending = page.getByRole("row", { name: new RegExp(invitee.email) });
  await expect(pending).toBeVisible();

  // No native dialog: the question is an in-page dialog, its focus on the safe answer.
  page.on("dialog", () => {
    throw new Error("a native dialog was opened");
  });
  await pending.getByRole("button", { name: "Revoke" }).click();
  const question = page.getByRole("dialog", { name: `Revoke the invitation of ${invitee.email}?` });
  await expect(question).toBeVisible();
  await expect(question.getByRole("button", { name: "Keep invitation" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(question).toHaveCount(0);
  await expect(pending).toBeVisible();

  await pending.getByRole("button", { name: "Revoke" }).click();
  expect(await acceptConfirm(page)).toBe(`Revoke the invitation of ${invitee.email}?`);
  await expect(pending).toHaveCount(0);
  await expect(page.getByText("No pending invitations.")).toBeVisible();
});

test("sign-in: someone invited under another address is told on their first screen, without the full address", async ({
  browser,
  signedIn: ownerPage,
}) => {
  const id = Math.random().toString(36).slice(2, 8);
  const pid = (await (await ownerPage.request.get("/api/property")).json()).id as string;
  await ownerPage.request.patch(`/api/properties/${pid}`, {
    headers: { origin: new URL(ownerPage.url()).origin },
    data: { name: `Harbour ${id}`, currency: "INR", timeZone: "Asia/Kolkata" },
  });
  const invited = `asha.rao${id}@harbour-${id}.test`;
  await open(ownerPage, "Team");
  await ownerPage.getByLabel("Email").fill(invited);
  await ownerPage.getByRole("button", { name: "Invite" }).click();
  await expect(ownerPage.getByRole("row", { name: new RegExp(invited) })).toBeVisible();

  // Asha signs in with her personal address: her own, empty hotel, and a word about the invitation.
  const asha = await openAs(browser, { email: `asha.rao${id}@mail.test`, displayName: `Asha Rao${id}` });
  const notice = asha.getByRole("region", { name: "Invitations for another address" });
  await expect(notice).toHaveText(
    `An invitation to Harbour ${id} is waiting for another address (a•••@harbour-${id}.test). Sign in with that address to join.Dismiss`,
  );
  await expect(notice).not.toContainText(invited);
  await notice.getByRole("button", { name: "Dismiss" }).click();
  await expect(notice).toHaveCount(0);

  // A stranger hears nothing.
  const stranger = await openAs(browser, newPerson("stranger"));
  await expect(stranger.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(stranger.getByRole("region", { name: "Invitations for another address" })).toHaveCount(0);
});

test("team: at 1024 and 390 px the Team screen fits without sideways scrolling and passes axe", async ({
  signedIn: page,
}) => {
  await open(page, "Team");
  await page.getByLabel("Email").fill(newPerson("pending").email);
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByRole("button", { name: "Revoke" })).toBeVisible();
  for (const width of [1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Within the page's width, not behind a sideways-scrolling table.
    const box = await page.getByRole("button", { name: "Revoke" }).boundingBox();
    expect((box?.x ?? width) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `Team at ${width}px`).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
  }
});
