/**
 * The webhook relay under faults, with a real receiver on loopback: a database write that fails mid-batch,
 * an instance that stops mid-batch without giving its lease back, and a receiver slower than a lease.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/connect.js";
import { queryRows } from "../db/rows.js";
import { backends, createTestContext, openTestDatabase, type TestContext } from "../test/harness.js";
import { type Receiver, startReceiver } from "../test/receiver.js";
import type { RelayLog } from "./log.js";
import { MAX_FAULT_REST_MS } from "./relay.js";

const FAST = { retryBaseMs: 100, maxBackoffMs: 400, pollMs: 200, timeoutMs: 2_000 };
const ALLOW = { WEBHOOKS_ALLOW_PRIVATE: "1" };

type Logged = { level: "warn" | "error"; details: Record<string, unknown>; message: string };

function capturedLog() {
  const entries: Logged[] = [];
  const log: RelayLog = {
    warn: (details, message) => entries.push({ level: "warn", details, message }),
    error: (details, message) => entries.push({ level: "error", details, message }),
  };
  return { entries, log };
}

/** The database with its `execute` (every statement the relay makes) cut off on request, as by a crash. */
function severable(database: Database): { database: Database; sever(): void } {
  let severed = false;
  const db = new Proxy(database.db, {
    get(target, key, receiver) {
      if (key !== "execute") return Reflect.get(target, key, receiver);
      return (...args: Parameters<Database["db"]["execute"]>) =>
        severed ? Promise.reject(new Error("connection to the database lost")) : target.execute(...args);
    },
  });
  return {
    database: { ...database, db },
    sever: () => {
      severed = true;
    },
  };
}

/** An owner's hotel with a webhook subscription to room types created, sent to `target`. */
async function subscribedHotel(ctx: TestContext, target: Receiver) {
  const owner = await ctx.signIn();
  const pid = await ctx.propertyOf(owner);
  const made = await ctx.request("POST", `/api/properties/${pid}/webhooks`, {
    as: owner,
    body: { url: target.url, events: ["room_type.created"] },
  });
  expect(made.statusCode, made.body).toBe(201);
  const hook: { id: string; secret: string } = made.json();
  return {
    hook,
    async addRoomType(name: string, via: TestContext = ctx): Promise<string> {
      const response = await via.request("POST", `/api/properties/${pid}/room-types`, {
        as: owner,
        body: { name, baseRate: 100, capacity: 2 },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id;
    },
    /** The deliveries' statuses, oldest event first. */
    async statuses(): Promise<string[]> {
      const response = await ctx.request("GET", `/api/properties/${pid}/webhooks/${hook.id}/deliveries`, {
        as: owner,
      });
      return response
        .json()
        .map((delivery: { status: string }) => delivery.status)
        .reverse();
    },
  };
}

const entityIds = (target: Receiver) =>
  target.received.map((one) => (one.json.data as { entityId: string }).entityId);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const backend of backends()) {
  describe(`webhook relay under faults [${backend}]`, () => {
    it("a failed write mid-batch: lease given back, logged without contents, nothing resent, resumes after", async () => {
      const { entries, log } = capturedLog();
      const ctx = await createTestContext(backend, ALLOW, { webhooks: { ...FAST, log } });
      const target = await startReceiver();
      try {
        // The line that hands the relay the server's logger compiles: pino's logger is a RelayLog.
        const serverLog: RelayLog = ctx.app.log;
        expect(serverLog).toBeDefined();
        const hotel = await subscribedHotel(ctx, target);
        // A real failure of the statement that records accepted deliveries.
        await ctx.database.db.execute(sql`
          create function refuse_delivered() returns trigger language plpgsql as $$
          begin raise exception 'injected fault: delivery outcome refused'; end $$`);
        await ctx.database.db.execute(sql`
          create trigger refuse_delivered before update on webhook_deliveries for each row
          when (new.status = 'delivered') execute function refuse_delivered()`);
        const ids: string[] = [];
        for (let i = 0; i < 3; i++) ids.push(await hotel.addRoomType(`Fault ${i}`));
        // Whatever was sent before the failed write (one request or the whole batch), and nothing more.
        await target.waitFor(1);
        const sent = () => target.received.map((one) => one.headers["innkeep-delivery-id"]);
        // Logged once each batch's requests were answered, naming them: the first batch may hold only the first
        // event (the others were not written yet), so the errors together name every request sent.
        const errors = () => entries.filter((entry) => entry.level === "error");
        const named = () => [...new Set(errors().flatMap((entry) => entry.details.deliveryIds as string[]))];
        await expect.poll(() => errors().length > 0 && named().join() === sent().join()).toBe(true);
        for (const entry of errors()) expect(entry.details.webhookIds).toEqual([hotel.hook.id]);
        const leaseOwner = async () =>
          (
            await queryRows<{ lease_owner: string | null }>(
              ctx.database.db,
              sql`select lease_owner from webhooks where id = ${hotel.hook.id}`,
            )
          )[0]?.lease_owner;
        await expect.poll(leaseOwner).toBeNull();
        // While the fault lasts, what was accepted is kept to be recorded: not sent again, and nothing after it.
        await sleep(1_500);
        const during = target.received.length;
        expect(entityIds(target)).toEqual(ids.slice(0, during));
        expect(await hotel.statuses()).toEqual(["pending", "pending", "pending"]);

        await ctx.database.db.execute(sql`drop trigger refuse_delivered on webhook_deliveries`);
        await ctx.database.db.execute(sql`drop function refuse_delivered()`);
        const fixed = performance.now();
        ids.push(await hotel.addRoomType("After the fault"));
        // At most one rest after the last error (errors in a row rest longer, up to the maximum).
        await target.waitFor(4, MAX_FAULT_REST_MS + 1_000);
        expect(performance.now() - fixed).toBeLessThan(MAX_FAULT_REST_MS + 1_000);
        await expect.poll(hotel.statuses).toEqual(Array(4).fill("delivered"));
        expect(entityIds(target)).toEqual(ids);

        // Each error names the subscription and deliveries; no event's contents and no secret.
        for (const entry of errors()) {
          expect(entry.details.err).toBeInstanceOf(Error);
          const { err, ...context } = entry.details;
          expect(Object.keys(context).sort()).toEqual(["deliveryIds", "webhookIds"]);
          const printed = JSON.stringify({
            ...context,
            err: String(err),
            cause: String((err as Error).cause),
          });
          expect(printed).toContain("injected fault");
          expect(printed).not.toContain("Fault ");
          expect(printed).not.toContain(hotel.hook.secret);
        }
      } finally {
        await target.close();
        await ctx.app.close();
        await ctx.database.close();
      }
    });

    it("an instance that stops mid-batch without giving its lease back: another resumes within 5 s", async () => {
      const database = await openTestDatabase(backend);
      const doomed = severable(database);
      const { entries, log } = capturedLog();
      // Default timing (lease, poll): what a restarted server does.
      const first = await createTestContext(backend, ALLOW, { webhooks: { log }, database: doomed.database });
      const target = await startReceiver();
      let second: TestContext | undefined;
      try {
        target.answers.push(200, 200, "hang");
        const hotel = await subscribedHotel(first, target);
        const ids: string[] = [];
        for (let i = 0; i < 5; i++) ids.push(await hotel.addRoomType(`Batch ${i}`));
        await target.waitFor(3);
        // While the third request hangs, the two accepted before it are recorded.
        await expect
          .poll(hotel.statuses)
          .toEqual(["delivered", "delivered", "pending", "pending", "pending"]);
        doomed.sever();
        const started = performance.now();
        second = await createTestContext(backend, ALLOW, { database });
        await target.waitFor(4, 10_000);
        const resumedIn = performance.now() - started;
        expect(
          resumedIn,
          `resumed ${Math.round(resumedIn)} ms after the second instance started`,
        ).toBeLessThan(5_000);
        await target.waitFor(6);
        await sleep(300);
        // Only the request cut off is sent again; the rest follow in order.
        expect(entityIds(target)).toEqual([...ids.slice(0, 3), ...ids.slice(2)]);
        // The stopped instance said what it could not do.
        expect(entries.some((entry) => entry.message.includes("renewed"))).toBe(true);
      } finally {
        await target.close();
        await second?.app.close();
        await first.app.close();
        await database.close();
      }
    });

    it("a receiver slower than a lease: the lease is renewed meanwhile, so no other instance sends the same event", async () => {
      const timing = { ...FAST, timeoutMs: 5_000, leaseMs: 600 };
      const first = await createTestContext(backend, ALLOW, { webhooks: timing });
      const second = await createTestContext(backend, ALLOW, { webhooks: timing, database: first.database });
      const target = await startReceiver();
      try {
        target.answers.push({ status: 200, afterMs: 2_000 });
        const hotel = await subscribedHotel(first, target);
        const ids: string[] = [];
        for (let i = 0; i < 3; i++) ids.push(await hotel.addRoomType(`Slow ${i}`, i % 2 ? second : first));
        await target.waitFor(3);
        await expect.poll(hotel.statuses).toEqual(Array(3).fill("delivered"));
        await sleep(500);
        expect(entityIds(target)).toEqual(ids);
      } finally {
        await target.close();
        await second.app.close();
        await first.app.close();
        await first.database.close();
      }
    });
  });
}
