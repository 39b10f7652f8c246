/**
 * Server-Sent Events responses. The first comment line is written at once so the headers are flushed
 * (and proxies see a live response); a heartbeat keeps idle connections open through proxies.
 *
 * A stream is served on the strength of a session (and, for a property's stream, a membership) checked
 * when it opens. It must not outlive them: each stream ends when its session expires, and `endStreams`
 * ends those whose session was deleted (logout) or whose membership was removed or changed.
 * One session or API token holds at most `MAX_STREAMS_PER_CREDENTIAL` streams on an instance: each costs a
 * socket and memory for as long as it is open, so a script opening streams in a loop is refused (429).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../domain/errors.js";
import type { LiveEvent } from "../../domain/schemas/live-feed.js";
import type { AccessRevoked } from "../db/changes-channel.js";

const HEARTBEAT_MS = 15_000;
/** A browser tab holds one stream; twenty tabs of one sign-in is more than any desk keeps open. */
export const MAX_STREAMS_PER_CREDENTIAL = 20;
/** setTimeout's largest delay; a later expiry is re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a stream was opened with: the session, its user, and the property it watches (null: admin feed). */
export type StreamAccess = {
  tokenHash: string;
  userId: string;
  propertyId: string | null;
  expiresAt: number;
};

const streams = new Map<() => void, StreamAccess>();
/** Open streams per session or token hash, so the cap is checked without walking every stream. */
const openPerCredential = new Map<string, number>();

function countStream(tokenHash: string, change: 1 | -1): void {
  const count = (openPerCredential.get(tokenHash) ?? 0) + change;
  if (count > 0) openPerCredential.set(tokenHash, count);
  else openPerCredential.delete(tokenHash);
}

// One event goes to every open stream of its property (the feed hands each the same object): format it once.
const frames = new WeakMap<LiveEvent, string>();
/** An event frame; its `id:` lets a reconnecting browser say where it stopped (`Last-Event-ID`). */
export function eventFrame(event: LiveEvent): string {
  let frame = frames.get(event);
  if (frame === undefined) {
    frame = `id: ${event.seq}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`;
    frames.set(event, frame);
  }
  return frame;
}

/** Tells the client it missed more than can be replayed: refetch everything. */
export const RESET_FRAME = "event: reset\ndata: {}\n\n";

/**
 * Serves an event stream. `open` subscribes and writes frames through `write`; it returns the unsubscribe
 * function (it may still be opening when the client goes away: it is then unsubscribed once it has opened).
 */
export function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  access: StreamAccess,
  open: (write: (frame: string) => void) => Promise<() => void> | (() => void),
): void {
  if ((openPerCredential.get(access.tokenHash) ?? 0) >= MAX_STREAMS_PER_CREDENTIAL) {
    throw new AppError(
      "rate_limited",
      `At most ${MAX_STREAMS_PER_CREDENTIAL} live streams can be open at once for one sign-in or API token; close one first`,
    );
  }
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  res.write(": connected\n\n");
  let ended = false;
  let unsubscribe: (() => void) | undefined;
  const write = (frame: string) => {
    if (!ended) res.write(frame);
  };
  const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
  let expiry: NodeJS.Timeout | undefined;
  const armExpiry = () => {
    const left = access.expiresAt - Date.now();
    if (left <= 0) return end();
    expiry = setTimeout(armExpiry, Math.min(left, MAX_TIMER_MS));
  };
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(expiry);
    unsubscribe?.();
    streams.delete(end);
    countStream(access.tokenHash, -1);
    if (!res.writableEnded) res.end();
  };
  streams.set(end, access);
  countStream(access.tokenHash, 1);
  request.raw.on("close", end);
  armExpiry();
  Promise.resolve()
    .then(() => open(write))
    .then(
      (stop) => {
        if (ended) stop();
        else unsubscribe = stop;
      },
      (error: unknown) => {
        request.log.warn({ err: error }, "could not open an event stream");
        end();
      },
    );
}

/** Ends the streams that `revoked` takes access from, on this instance. */
export function endRevokedStreams(revoked: AccessRevoked): void {
  for (const [end, access] of [...streams]) {
    const lost =
      revoked.revoked === "session"
        ? access.tokenHash === revoked.tokenHash
        : access.userId === revoked.userId && access.propertyId === revoked.propertyId;
    if (lost) end();
  }
}

/** Ends every open stream, so a graceful shutdown is not held up by long-lived connections. */
export function closeAllStreams(): void {
  for (const end of [...streams.keys()]) end();
}

/** The request's stream access: its session, or its API token (the route's guards have checked one). */
export function streamAccess(request: FastifyRequest, propertyId: string | null): StreamAccess {
  const { user, session, apiToken } = request;
  if (apiToken) {
    const { tokenHash, expiresAt, id } = apiToken;
    return { tokenHash, expiresAt, userId: `token:${id}`, propertyId };
  }
  if (!user || !session) throw new Error("an event stream needs a signed-in request");
  return { tokenHash: session.tokenHash, expiresAt: session.expiresAt, userId: user.id, propertyId };
}
