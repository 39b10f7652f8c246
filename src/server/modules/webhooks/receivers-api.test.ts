/**
 * Receiver address checks end to end, with private addresses not allowed: a subscription is refused when
 * saved or changed to a non-public receiver, and a stored one (saved before the rule, or while private
 * receivers were allowed) is never sent to, whatever the spelling of its URL. The receiver is a real
 * listener on 127.0.0.1 that counts connections, so a delivery that got through would show.
 */
import net, { type AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { queryRows } from "../../db/rows.js";
import { describeBackends, type TestContext, type TestUser } from "../../test/harness.js";

const NOT_PUBLIC = /^(127\.0\.0\.1|::1|::ffff:7f00:1|localhost) is a loopback, private or reserved address/;

describeBackends("webhook receivers (private addresses not allowed)", (ctx) => {
  let listener: net.Server;
  let port = 0;
  const seen = { connections: 0, bytes: 0 };
  beforeAll(async () => {
    listener = net.createServer((socket) => {
      seen.connections++;
      socket.on("data", (chunk) => {
        seen.bytes += chunk.length;
      });
      // The relay gives up on a refused connection: a reset here is expected, the counts tell the story.
      socket.on("error", (error) => console.warn(`test receiver: ${error.message}`));
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => listener.close(resolve)));

  /** A subscription row written directly, as the save-time check would not let it be. */
  async function stored(pid: string, url: string, fields: { active?: boolean; events?: string } = {}) {
    const [row] = await queryRows<{ id: string }>(
      ctx().database.db,
      sql`insert into webhooks (property_id, url, events, secret, active)
          values (${pid}, ${url}, ${fields.events ?? "{*}"}::text[], 'whsec_test', ${fields.active ?? true})
          returning id`,
    );
    if (!row) throw new Error("insert returned no row");
    return row.id;
  }
  /** Something happens at the property: an event for every subscription. */
  async function anEvent(owner: TestUser, pid: string, name: string) {
    const response = await ctx().request("PATCH", `/api/properties/${pid}`, {
      as: owner,
      body: { name, currency: "INR", timeZone: "Asia/Kolkata" },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  async function attempts(context: TestContext, pid: string) {
    return queryRows<{ url: string; attempts: number; error: string | null; status: string }>(
      context.database.db,
      sql`select w.url, d.attempts, d.error, d.status from webhook_deliveries d
          join webhooks w on w.property_id = d.property_id and w.id = d.webhook_id
          where d.property_id = ${pid} and d.attempts > 0`,
    );
  }

  it("refuses loopback URLs and names that do not resolve, writing nothing", async () => {
    const owner = await ctx().signIn();
    const pid = await ctx().propertyOf(owner);
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://[::1]/hook",
      "http://[::ffff:7f00:1]/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://0x7f000001/hook",
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

  it("never connects to a stored receiver on loopback, however its URL spells the address", async () => {
    const owner = await ctx().signIn();
    const pid = await ctx().propertyOf(owner);
    const urls = [
      `http://127.0.0.1:${port}/hook`,
      `http://127.1:${port}/hook`,
      `http://2130706433:${port}/hook`,
      `http://0x7f000001:${port}/hook`,
      `http://0177.0.0.1:${port}/hook`,
      `http://[::1]:${port}/hook`,
      `http://[::ffff:7f00:1]:${port}/hook`,
      `http://[::ffff:127.0.0.1]:${port}/hook`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${port}/hook`,
      // As if the name had resolved to a public address when it was saved, and to loopback now.
      `http://localhost:${port}/hook`,
    ];
    for (const url of urls) await stored(pid, url);
    await anEvent(owner, pid, "Probed Inn");
    await expect.poll(async () => (await attempts(ctx(), pid)).length, { timeout: 10_000 }).toBe(urls.length);
    for (const delivery of await attempts(ctx(), pid)) {
      expect(delivery.error, delivery.url).toMatch(NOT_PUBLIC);
      expect(delivery.status, delivery.url).toBe("pending");
    }
    // Refused before connecting, not merely before writing.
    expect(seen).toEqual({ connections: 0, bytes: 0 });
  });

  it("re-checks the stored URL on every change: 400, and nothing changes", async () => {
    const owner = await ctx().signIn();
    const pid = await ctx().propertyOf(owner);
    for (const url of [
      `http://127.0.0.1:${port}/hook`,
      `http://[::ffff:7f00:1]:${port}/hook`,
      `http://0x7f000001:${port}/hook`,
      "https://receiver.invalid/hook",
    ]) {
      const id = await stored(pid, url, { active: false, events: "{room.created}" });
      const row = sql`select url, events, active from webhooks where id = ${id}`;
      const before = await queryRows(ctx().database.db, row);
      for (const body of [
        { active: true },
        { events: ["*"] },
        { events: ["reservation.*"], active: false },
        { url: `http://[::1]:${port}/other` },
      ]) {
        const response = await ctx().request("PATCH", `/api/properties/${pid}/webhooks/${id}`, {
          as: owner,
          body,
        });
        expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(response.json().error.message).toMatch(/^url: .* (could not be resolved|is a loopback)/);
      }
      expect(await queryRows(ctx().database.db, row), url).toEqual(before);
      const logged = await queryRows(
        ctx().database.db,
        sql`select 1 from activity where property_id = ${pid} and entity_id = ${id}`,
      );
      expect(logged, url).toEqual([]);
    }
    await anEvent(owner, pid, "Still Quiet Inn");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await attempts(ctx(), pid)).toEqual([]);
    expect(seen).toEqual({ connections: 0, bytes: 0 });
  });
});
