/** What the manager tools' suites share: raw queries and the change feed as the database sends it. */
import type { SQL } from "drizzle-orm";
import { expect } from "vitest";
import type { ChangeEvent } from "../../domain/schemas.js";
import { CHANGES_CHANNEL, type Db } from "../db/connect.js";
import type { TestContext } from "./harness.js";

/** The rows of a raw query (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type ChangeCollector = {
  events: ChangeEvent[];
  /** Resolves once an event matching `expected` (a part of one) has arrived. */
  waitFor(expected: Partial<ChangeEvent>): Promise<void>;
  stop(): Promise<void>;
};

/** Every change notification from now on, as the server's change feed receives them. */
export async function collectChanges(ctx: TestContext): Promise<ChangeCollector> {
  const events: ChangeEvent[] = [];
  const stop = await ctx.database.listen(CHANGES_CHANNEL, (payload) => events.push(JSON.parse(payload)));
  return {
    events,
    async waitFor(expected) {
      const matches = (event: ChangeEvent) =>
        Object.entries(expected).every(([key, value]) => event[key as keyof ChangeEvent] === value);
      await expect.poll(() => events.some(matches), { timeout: 5000 }).toBe(true);
    },
    stop,
  };
}
