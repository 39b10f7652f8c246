/**
 * A background task the database refuses is never silent (db/task-health.ts): the live feed's failed read and
 * the webhook relay's failed claim are logged and named by GET /api/health until they work again. The table
 * each reads is hidden for a moment (renamed), which fails its queries for real on every backend.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { ChangeFeed } from "../live/change-feed.js";
import { describeBackends, type TestContext } from "../test/harness.js";
import { WebhookRelay } from "../webhook-delivery/relay.js";
import { CHANGES_CHANNEL } from "./changes-channel.js";
import { taskReporter } from "./task-health.js";

type Logged = { details: object; message: string };

function collector() {
  const lines: Logged[] = [];
  const log = (details: object, message: string) => lines.push({ details, message });
  return { lines, log: { error: log, warn: log } };
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function health(ctx: TestContext) {
  const response = await ctx.request("GET", "/api/health");
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function hidden<T>(ctx: TestContext, table: string, work: () => Promise<T>): Promise<T> {
  const { db } = ctx.database;
  await db.execute(sql.raw(`alter table ${table} rename to ${table}_hidden`));
  try {
    return await work();
  } finally {
    await db.execute(sql.raw(`alter table ${table}_hidden rename to ${table}`));
  }
}

describeBackends("background tasks in the health check", (ctx) => {
  it("names live updates while the feed cannot read its events, and stops once it can", async () => {
    const owner = await ctx().signIn();
    const pid = await ctx().propertyOf(owner);
    const { lines, log } = collector();
    const feed = new ChangeFeed({ log, health: taskReporter(ctx().database, "live updates") });
    await feed.start(ctx().database);
    const { unsubscribe } = await feed.subscribe(pid, () => {});
    const wake = () =>
      ctx().database.db.execute(
        sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ propertyId: pid, seq: 1_000_000 })})`,
      );
    try {
      await hidden(ctx(), "activity", async () => {
        await wake();
        await until(() => lines.length > 0, "the failed read to be logged");
        expect(lines[0]?.message).toBe(
          "live updates could not be read; the next wake-up or poll tries again",
        );
        expect(lines[0]?.details).toMatchObject({ propertyIds: [pid] });
        expect(await health(ctx())).toMatchObject({
          status: "degraded",
          db: "ok",
          failing: [{ task: "live updates", sqlState: "42P01" }],
        });
      });
      await wake();
      await until(async () => (await health(ctx())).status === "ok", "health to recover");
      expect((await health(ctx())).failing).toBeUndefined();
    } finally {
      unsubscribe();
      await feed.close();
    }
  });

  it("names webhook delivery while the relay cannot claim subscriptions, and stops once it can", async () => {
    const { lines, log } = collector();
    const relay = new WebhookRelay(ctx().database.db, {
      allowPrivate: false,
      log,
      health: taskReporter(ctx().database, "webhook delivery"),
      pollMs: 100,
    });
    relay.start();
    try {
      await hidden(ctx(), "webhooks", async () => {
        await until(() => lines.length > 0, "the failed claim to be logged");
        expect(lines[0]?.message).toContain("webhook subscriptions could not be claimed");
        expect(await health(ctx())).toMatchObject({
          status: "degraded",
          failing: [{ task: "webhook delivery", sqlState: "42P01" }],
        });
      });
      await until(async () => (await health(ctx())).status === "ok", "health to recover");
    } finally {
      await relay.close();
    }
  });
});
