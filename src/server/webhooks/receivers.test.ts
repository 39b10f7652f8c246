/**
 * SSRF: receivers on loopback or private addresses are refused unless WEBHOOKS_ALLOW_PRIVATE=1, when a
 * subscription is saved and again when a delivery connects (a name may resolve elsewhere later).
 */
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { describeBackends } from "../test/harness.js";
import { startReceiver } from "../test/receiver.js";
import { isPublicAddress } from "./receivers.js";

it("judges loopback addresses, in every spelling, as not public", () => {
  for (const address of ["127.0.0.1", "127.255.255.254", "::1", "::ffff:127.0.0.1", "::", "not an address"]) {
    expect(isPublicAddress(address), address).toBe(false);
  }
});

describeBackends("webhook receivers (private addresses not allowed)", (ctx) => {
  const receiverReady = startReceiver();
  afterAll(async () => (await receiverReady).close());

  it("refuses loopback URLs and names that do not resolve, writing nothing", async () => {
    const owner = await ctx().signIn();
    const pid = await ctx().propertyOf(owner);
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://[::1]/hook",
      "http://localhost/hook",
      "http://127.1/hook",
      "https://receiver.invalid/hook",
    ]) {
      const response = await ctx().request("POST", `/api/properties/${pid}/webhooks`, {
        as: owner,
        body: { url, events: ["*"] },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message, url).toMatch(/^url: /);
    }
    expect((await ctx().request("GET", `/api/properties/${pid}/webhooks`, { as: owner })).json()).toEqual([]);
  });

  it("refuses to connect to a private address at delivery time, whatever was saved", async () => {
    const receiver = await receiverReady;
    const owner = await ctx().signIn();
    const pid = await ctx().propertyOf(owner);
    // As if the name had resolved to a public address when it was saved, and to loopback now.
    const url = receiver.url.replace("127.0.0.1", "localhost");
    await ctx().database.db.execute(
      sql`insert into webhooks (property_id, url, events, secret) values (${pid}, ${url}, '{*}', 'whsec_test')`,
    );
    await ctx().request("PATCH", `/api/properties/${pid}`, {
      as: owner,
      body: { name: "Rebound Inn", currency: "INR", timeZone: "Asia/Kolkata" },
    });
    await expect
      .poll(async () => {
        const result = await ctx().database.db.execute(
          sql`select error from webhook_deliveries where property_id = ${pid} and attempts > 0`,
        );
        return (result as unknown as { rows: { error: string }[] }).rows[0]?.error;
      })
      .toMatch(/loopback, private or reserved/);
    expect(receiver.received).toEqual([]);
  });
});
