import { z } from "zod";
import type { LiveEvent } from "../../../domain/integration-schemas.js";
import { propertyParams } from "../../../domain/schemas.js";
import type { Module } from "../../context.js";
import { eventStream } from "../../http/openapi.js";
import type { ChangeFeed } from "../../live/change-feed.js";
import { eventFrame, RESET_FRAME, streamAccess, streamEvents } from "../../live/sse.js";

/**
 * How many missed events a reconnecting client is sent. The outbox keeps every event, so this is the
 * retention window: a client further behind is told to refetch everything instead.
 */
export const RESUME_LIMIT = 1_000;

const lastEventId = z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const eventsQuery = z.strictObject({ lastEventId: z.string().max(20).optional() });

/**
 * Subscribes `write` to the property's events, first replaying those after `resumeAfter` (a reconnecting
 * client's Last-Event-ID). Events the relay hands over while the replay is read are held back, then sent
 * unless the replay already had them, so the client sees each event once, in order.
 */
async function openPropertyStream(
  feed: ChangeFeed,
  pid: string,
  resumeAfter: number | undefined,
  write: (frame: string) => void,
): Promise<() => void> {
  let lastSent = Number.POSITIVE_INFINITY;
  let held: LiveEvent[] | null = [];
  const send = (event: LiveEvent) => {
    if (held) held.push(event);
    else if (event.seq > lastSent) {
      lastSent = event.seq;
      write(eventFrame(event));
    }
  };
  const { after, unsubscribe } = await feed.subscribe(pid, send);
  lastSent = after;
  if (resumeAfter !== undefined && resumeAfter < after) {
    const missed = await feed.backlog(pid, resumeAfter, RESUME_LIMIT + 1);
    if (missed.length > RESUME_LIMIT) write(RESET_FRAME);
    else {
      for (const event of missed) write(eventFrame(event));
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

/** Mounted under /api/properties/:pid: the live change stream of one property (SSE). */
export const liveRoutes: Module = (app, { feed }) => {
  app.get(
    "/events",
    {
      schema: {
        tags: ["live"],
        operationId: "streamPropertyEvents",
        summary: "The property's changes as server-sent events, resumable with Last-Event-ID",
        description:
          "Each `change` event carries `{seq, type, propertyId, entityType, entityId, occurredAt}` and `id: <seq>`. " +
          `Reconnecting with \`Last-Event-ID\` (or \`?lastEventId=\`) replays up to ${RESUME_LIMIT} missed events; ` +
          "a client further behind receives `event: reset` and should refetch.",
        params: propertyParams,
        querystring: eventsQuery,
        response: { 200: eventStream("`change` events with ids; `reset` when a resume is impossible") },
      },
    },
    (request, reply) => {
      const { pid } = request.params;
      // Browsers resend the last `id:` as Last-Event-ID when they reconnect; a client reopening a stream
      // itself cannot set headers, so the query may carry it instead.
      const header = request.headers["last-event-id"];
      const given = lastEventId.safeParse(typeof header === "string" ? header : request.query.lastEventId);
      streamEvents(request, reply, streamAccess(request, pid), (write) =>
        openPropertyStream(feed, pid, given.success ? given.data : undefined, write),
      );
    },
  );
};
