/**
 * The change feed: one LISTEN per server instance on the channel the database triggers notify, fanned out
 * in memory to the SSE clients of each property (and to admin clients, who watch every property). The same
 * channel announces lost access (a session deleted, a membership removed or changed), which ends the streams
 * that may no longer be served, on every instance.
 */
import { z } from "zod";
import { type ChangeEvent, changeEvent } from "../../domain/schemas.js";
import { CHANGES_CHANNEL, type Database } from "../db/connect.js";

type Listener = (event: ChangeEvent) => void;

export const accessRevoked = z.discriminatedUnion("revoked", [
  z.object({ revoked: z.literal("session"), tokenHash: z.string() }),
  z.object({ revoked: z.literal("member"), propertyId: z.string(), userId: z.string() }),
]);
export type AccessRevoked = z.infer<typeof accessRevoked>;

export class ChangeFeed {
  private readonly byProperty = new Map<string, Set<Listener>>();
  private readonly everything = new Set<Listener>();
  private stop: (() => Promise<void>) | undefined;

  /** `onGap` runs when events may have been missed (the LISTEN connection was lost and re-established). */
  constructor(
    private readonly onGap: () => void = () => {},
    private readonly onRevoked: (revoked: AccessRevoked) => void = () => {},
  ) {}

  async start(database: Database): Promise<void> {
    this.stop = await database.listen(
      CHANGES_CHANNEL,
      (payload) => this.dispatch(payload),
      () => this.onGap(),
    );
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = undefined;
  }

  private dispatch(payload: string): void {
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof json === "object" && json !== null && "revoked" in json) {
      const revoked = accessRevoked.safeParse(json);
      if (revoked.success) this.onRevoked(revoked.data);
      return;
    }
    const parsed = changeEvent.safeParse(json);
    if (!parsed.success) return;
    const event = parsed.data;
    for (const listener of this.byProperty.get(event.propertyId) ?? []) listener(event);
    if (event.table === "properties") for (const listener of this.everything) listener(event);
  }

  /** Subscribe to one property's changes; returns the unsubscribe function. */
  subscribe(propertyId: string, listener: Listener): () => void {
    let set = this.byProperty.get(propertyId);
    if (!set) {
      set = new Set();
      this.byProperty.set(propertyId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.byProperty.delete(propertyId);
    };
  }

  /** Subscribe to property-level changes of every property (the admin list). */
  subscribeAllProperties(listener: Listener): () => void {
    this.everything.add(listener);
    return () => this.everything.delete(listener);
  }
}
