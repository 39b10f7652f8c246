/**
 * Integrations (issue 15), as an owner on the Settings screen: an API token acts with its role from another
 * client and is refused once revoked; a webhook to a receiver this test runs gets signed events, and its
 * deliveries show in the dialog. Checked with axe with both sections filled, at desktop and phone width.
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { addDays, todayIn } from "../src/domain/dates.js";
import { expectNoSeriousViolations } from "./axe.js";
import { acceptConfirm, expect, test } from "./fixtures.js";

type Received = { headers: IncomingHttpHeaders; body: string };

/** A webhook receiver on 127.0.0.1 that answers 200 and keeps what it was sent. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method === "POST") {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      }
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/innkeep`, received };
}

/** One room type and room through the owner's session, and the property's id and today. */
async function seed(page: Page) {
  const property = await (await page.request.get("/api/property")).json();
  const pid = property.id as string;
  const type = await page.request.post(`/api/properties/${pid}/room-types`, {
    data: { name: "Deluxe", capacity: 2, baseRate: 1500 },
  });
  expect(type.status()).toBe(201);
  const room = await page.request.post(`/api/properties/${pid}/rooms`, {
    data: { number: "101", roomTypeId: (await type.json()).id, floor: 1 },
  });
  expect(room.status()).toBe(201);
  return { pid, roomId: (await room.json()).id as string, today: todayIn(property.timeZone, new Date()) };
}

test("an API token acts with its role until revoked", async ({ signedIn: page, person, request }) => {
  const { pid } = await seed(page);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/hms/settings");
  const tokens = page.getByRole("region", { name: "API tokens" });
  await expect(tokens.getByText("No API tokens yet.")).toBeVisible();
  // Owner is never granted: the role select offers the other roles only.
  await expect(tokens.getByLabel("Role").locator("option")).toHaveText([
    "Manager",
    "Front desk",
    "Housekeeping",
  ]);

  await tokens.getByLabel("Name", { exact: true }).fill("Channel manager");
  await tokens.getByLabel("Role").selectOption({ label: "Front desk" });
  await tokens.getByRole("button", { name: "Create token" }).click();
  const panel = tokens.getByRole("region", { name: 'Token "Channel manager" created' });
  await expect(panel).toContainText("Copy this token now; it will not be shown again.");
  await expect(panel).toBeFocused();
  const secret = await panel.getByLabel("Token").inputValue();
  expect(secret).toMatch(/^ikt_/);
  await panel.getByRole("button", { name: "Copy" }).click();
  await expect(panel.getByRole("status")).toHaveText("Copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await panel.getByRole("button", { name: "Done" }).click();
  await expect(panel).toHaveCount(0);
  await expect(tokens.getByLabel("Name", { exact: true })).toBeFocused();

  const row = tokens.getByRole("row", { name: /Channel manager/ });
  await expect(row.getByRole("cell")).toHaveText([
    "Channel manager",
    "Front desk",
    person.displayName,
    /\d/,
    "Never",
    "Never",
    "Revoke",
  ]);

  // Another system, without the browser's cookies: a front-desk token reads stays but may not manage.
  const bearer = { authorization: `Bearer ${secret}` };
  const reservations = `/api/properties/${pid}/reservations`;
  expect((await request.get(reservations, { headers: bearer })).status()).toBe(200);
  const manage = await request.post(`/api/properties/${pid}/room-types`, {
    headers: bearer,
    data: { name: "Suite", capacity: 2, baseRate: 4000 },
  });
  expect(manage.status()).toBe(403);
  await page.reload();
  await expect(row.getByRole("cell").nth(4)).not.toHaveText("Never");

  // Revoked in the UI, after a confirmation: the same request is refused.
  await row.getByRole("button", { name: "Revoke" }).click();
  expect(await acceptConfirm(page)).toContain("Channel manager");
  await expect(tokens.getByText("No API tokens yet.")).toBeVisible();
  await expect(tokens.getByRole("status").filter({ hasText: "revoked" })).toHaveText(
    'Token "Channel manager" revoked.',
  );
  expect((await request.get(reservations, { headers: bearer })).status()).toBe(401);
});

test("a webhook receives signed events; deliveries show, can be sent again, and the screen passes axe", async ({
  signedIn: page,
}) => {
  test.setTimeout(120_000);
  const { pid, roomId, today } = await seed(page);
  const receiver = await startReceiver();
  try {
    await page.goto("/hms/settings");
    const hooks = page.getByRole("region", { name: "Webhooks" });
    await expect(hooks.getByText("No webhooks yet.")).toBeVisible();

    // The server's refusal shows as it says it.
    await hooks.getByLabel("URL").fill("ftp://files.example.com/innkeep");
    await hooks.getByRole("button", { name: "Add webhook" }).click();
    await expect(hooks.getByRole("alert")).toContainText("http(s) URL");

    await hooks.getByLabel("URL").fill(receiver.url);
    await hooks.getByLabel("All events").uncheck();
    await hooks.getByLabel("reservation.*").check();
    await hooks.getByRole("button", { name: "Add webhook" }).click();
    const panel = hooks.getByRole("region", { name: "Webhook added" });
    await expect(panel).toContainText("Copy this signing secret now; it will not be shown again.");
    await expect(panel).toContainText("Innkeep-Signature: t=<unix>,v1=<hex>");
    const signingSecret = await panel.getByLabel("Signing secret").inputValue();
    expect(signingSecret).toMatch(/^whsec_/);
    await panel.getByRole("button", { name: "Done" }).click();
    const row = hooks.getByRole("row", { name: new RegExp(receiver.url) });
    await expect(row).toContainText("reservation.*");
    await expect(row.getByRole("checkbox", { name: /Active/ })).toBeChecked();

    // A booking reaches the receiver, signed with the secret.
    const booked = await page.request.post(`/api/properties/${pid}/reservations`, {
      data: { guestName: "Asha Rao", roomId, checkInDate: today, checkOutDate: addDays(today, 2) },
    });
    expect(booked.status()).toBe(201);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [first] = receiver.received;
    const event = JSON.parse(first?.body ?? "{}");
    expect(event).toMatchObject({ type: "reservation.created", propertyId: pid });
    const signature = String(first?.headers["innkeep-signature"]);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    expect(v1).toBe(createHmac("sha256", signingSecret).update(`${t}.${first?.body}`).digest("hex"));

    // Its delivery shows as delivered; Redeliver sends the same event again.
    await row.getByRole("button", { name: "Deliveries" }).click();
    const dialog = page.getByRole("dialog", { name: "Deliveries" });
    const delivery = dialog.getByRole("row", { name: /reservation\.created/ });
    await expect(delivery).toContainText("delivered");
    await expect(delivery).toContainText("200");
    await delivery.getByRole("button", { name: "Redeliver" }).click();
    await expect(dialog.getByRole("status").filter({ hasText: "again" })).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(1);
    expect(JSON.parse(receiver.received[1]?.body ?? "{}").id).toBe(event.id);
    await expect(dialog.getByRole("row", { name: /reservation\.created/ }).first()).toContainText(
      "delivered",
    );
    await expectNoSeriousViolations(page);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);

    // Paused and resumed from its row.
    await row.getByRole("checkbox", { name: /Active/ }).uncheck();
    await expect(hooks.getByRole("status").filter({ hasText: "paused" })).toBeVisible();
    await page.reload();
    await expect(row.getByRole("checkbox", { name: /Active/ })).not.toBeChecked();
    await row.getByRole("checkbox", { name: /Active/ }).check();
    await expect(hooks.getByRole("status").filter({ hasText: "resumed" })).toBeVisible();

    // Both sections filled, with a secret on screen: no serious violation, at desktop and phone width.
    const tokens = page.getByRole("region", { name: "API tokens" });
    await tokens.getByLabel("Name", { exact: true }).fill("Door locks");
    await tokens.getByRole("button", { name: "Create token" }).click();
    await expect(tokens.getByRole("region", { name: /created/ })).toBeVisible();
    await expect(tokens.getByRole("row", { name: /Door locks/ })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page);
    // Phone width: the row's buttons are 44px touch targets.
    const deliveries = row.getByRole("button", { name: "Deliveries" });
    expect((await deliveries.boundingBox())?.height).toBeGreaterThanOrEqual(44);

    // Deleted after a confirmation.
    await row.getByRole("button", { name: "Delete" }).click();
    expect(await acceptConfirm(page)).toContain(receiver.url);
    await expect(hooks.getByText("No webhooks yet.")).toBeVisible();
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});
