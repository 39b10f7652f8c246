/**
 * A property's event stream: what a new or reconnecting subscriber is sent from the change feed (the live
 * relay in src/server/live), in order and each event once.
 */
import { can, type Role } from "../../../domain/permissions.js";
import type { LiveEvent } from "../../../domain/schemas/live-feed.js";
import type { ChangeFeed } from "../../live/change-feed.js";
import { eventFrame, RESET_FRAME } from "../../live/sse.js";

/**
 * How many missed events a reconnecting client is sent. The outbox keeps every event, so this is the
 * retention window: a client further behind is told to refetch everything instead.
 */
export const RESUME_LIMIT = 1_000;

/** Kinds of record whose events only those who may read stays are sent: a guest is never shown to housekeeping. */
const STAY_ONLY_ENTITIES = new Set(["guest"]);

/** Whether a subscriber of `role` is sent events about `entityType`. */
export function seesEventsOf(role: Role, entityType: string): boolean {
  return !STAY_ONLY_ENTITIES.has(entityType) || can(role, "stays");
}

/**
 * Subscribes `write` to the property's events that `role` may see, first replaying those after
 * `resumeAfter` (a reconnecting client's Last-Event-ID). Events the relay hands over while the replay is read
 * are held back, then sent unless the replay already had them, so the client sees each event once, in order.
 */
export async function openPropertyStream(
  feed: ChangeFeed,
  pid: string,
  role: Role,
  resumeAfter: number | undefined,
  write: (frame: string) => void,
): Promise<() => void> {
  let lastSent = Number.POSITIVE_INFINITY;
  let held: LiveEvent[] | null = [];
  const send = (event: LiveEvent) => {
    if (held) held.push(event);
    else if (event.seq > lastSent) {
      lastSent = event.seq;
      if (seesEventsOf(role, event.entityType)) write(eventFrame(event));
    }
  };
  const { after, unsubscribe } = await feed.subscribe(pid, send);
  lastSent = after;
  if (resumeAfter !== undefined && resumeAfter < after) {
    const missed = await feed.backlog(pid, resumeAfter, RESUME_LIMIT + 1);
    if (missed.length > RESUME_LIMIT) write(RESET_FRAME);
    else {
      for (const event of missed) if (seesEventsOf(role, event.entityType)) write(eventFrame(event));
      lastSent = Math.max(after, missed.at(-1)?.seq ?? after);
    }
  } else if (resumeAfter !== undefined && resumeAfter > after) {
    // An id this property never gave (another database, a restored backup): start over.
    write(RESET_FRAME);
  }
  const pending = held;
  held = null;
  for (const event of pending) send(event);
  return unsubscribe;
}
