/** What the manager tools' suites share: raw queries and the events of the change feed. */
import { expect } from "vitest";
import type { LiveEvent } from "../../domain/schemas/live-feed.js";
import { CHANGES_CHANNEL } from "../db/changes-channel.js";
import { readLiveEvents } from "../live/outbox.js";
import type { TestContext } from "./harness.js";

export { queryRows } from "../db/rows.js";

export type ChangeCollector = {
  events: LiveEvent[];
  /** Resolves once an event matching `expected` (a part of one) has arrived. */
  waitFor(expected: Partial<LiveEvent>): Promise<void>;
  stop(): Promise<void>;
};

/** Every event from now on, read from the outbox when the database announces it (as the relay does). */
export async function collectChanges(ctx: TestContext): Promise<ChangeCollector> {
  const events: LiveEvent[] = [];
  const stop = await ctx.database.listen(CHANGES_CHANNEL, (payload) => {
    const wake = JSON.parse(payload) as { propertyId?: string; seq?: number };
    if (!wake.propertyId || wake.seq === undefined) return;
    void readLiveEvents(ctx.database.db, wake.propertyId, wake.seq - 1, 1).then((read) =>
      events.push(...read),
    );
  });
  return {
    events,
    async waitFor(expected) {
      const matches = (event: LiveEvent) =>
        Object.entries(expected).every(([key, value]) => event[key as keyof LiveEvent] === value);
      await expect.poll(() => events.some(matches), { timeout: 5000 }).toBe(true);
    },
    stop,
  };
}
