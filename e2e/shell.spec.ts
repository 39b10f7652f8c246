import { expect, newPerson, signIn, test } from "./fixtures.js";

test("landing page lists the features and offers sign-in when signed out", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const feature of [
    "Front desk availability strip",
    "Reservations with check-in/out",
    "Inventory",
    "Housekeeping workflow",
    "Daily rate overrides",
    "Occupancy reports",
  ]) {
    await expect(page.getByRole("listitem").filter({ hasText: feature })).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to HMS" })).toHaveCount(0);
});

test("the page names its own icon: loading it asks the server for no /favicon.ico", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", /^data:image\/svg\+xml,/);
  // Browsers ask for the icon after the page has loaded.
  await page.waitForLoadState("load");
  await page.waitForTimeout(500);
  expect(asked).not.toContain("/favicon.ico");
});

test("signs in through the popup, shows sidebar and header, and logs out to the landing page", async ({
  page,
}) => {
  const person = newPerson("clerk");
  await signIn(page, person);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const label of [
    "Front Desk",
    "Reservations",
    "Housekeeping",
    "Inventory",
    "Rates",
    "Reports",
    "Settings",
  ]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Admin (All Data)" })).toHaveCount(0);
  await expect(page.getByRole("banner")).toContainText(person.displayName);
  await expect(page.getByRole("banner")).not.toContainText("(Admin)");

  await page.goto("/");
  await expect(page.getByRole("link", { name: "Go to HMS" })).toBeVisible();
  await page.getByRole("link", { name: "Go to HMS" }).click();
  await expect(page).toHaveURL(/\/hms$/);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  const session = await page.request.get("/api/session");
  expect(await session.json()).toEqual({ user: null });
});

test("every /hms screen shows its heading", async ({ signedIn: page }) => {
  const screens: [string, string][] = [
    ["Front Desk", "Front Desk"],
    ["Reservations", "Reservations"],
    ["Housekeeping", "Housekeeping"],
    ["Inventory", "Inventory"],
    ["Rates", "Rates"],
    ["Reports", "Reports"],
    ["Settings", "Settings"],
  ];
  for (const [link, heading] of screens) {
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: link, exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
});

test("signed-out visitors are sent from /hms/reservations to / with the history entry replaced", async ({
  page,
}) => {
  await page.goto("/");
  await page.goto("/hms/reservations");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  // Back must not return to /hms/reservations (it was replaced), but to the first landing visit.
  await page.goBack();
  expect(new URL(page.url()).pathname).not.toBe("/hms/reservations");
});

test("unknown paths redirect to /", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
});

test("an admin sees the admin link and marker; the admin page lists properties", async ({ page }) => {
  await signIn(page, { email: "admin@example.com", displayName: "Ada Admin" });
  await expect(page.getByRole("banner")).toContainText("Ada Admin (Admin)");
  await page.getByRole("link", { name: "Admin (All Data)" }).click();
  await expect(page.getByRole("heading", { name: "Admin — All Properties" })).toBeVisible();
  for (const column of ["ID", "Owner", "Name", "Code"]) {
    await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }
  const own = await (await page.request.get("/api/property")).json();
  await expect(page.getByRole("row").filter({ hasText: own.id })).toContainText(own.code);

  // Live: a property created by another user's first visit appears without a reload.
  const other = await page.context().browser()?.newContext();
  const otherPage = await other?.newPage();
  if (!other || !otherPage) throw new Error("no second context");
  const newcomer = newPerson("newcomer");
  await signIn(otherPage, newcomer);
  await expect(page.getByRole("row").filter({ hasText: newcomer.email })).toBeVisible();
  await other.close();
});

test("a non-admin opening /hms/admin sees Unauthorized", async ({ signedIn: page }) => {
  await page.goto("/hms/admin");
  await expect(page.getByText("Unauthorized")).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin (All Data)" })).toHaveCount(0);
});
