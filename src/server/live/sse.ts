/**
 * Server-Sent Events responses. The first comment line is written at once so the headers are flushed
 * (and proxies see a live response); a heartbeat keeps idle connections open through proxies.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ChangeEvent } from "../../domain/schemas.js";

const HEARTBEAT_MS = 15_000;
const open = new Set<() => void>();

// One event goes to every open stream of its property (the feed hands each the same object): format it once.
const frames = new WeakMap<ChangeEvent, string>();
function frameOf(event: ChangeEvent): string {
  let frame = frames.get(event);
  if (frame === undefined) {
    frame = `event: change\ndata: ${JSON.stringify(event)}\n\n`;
    frames.set(event, frame);
  }
  return frame;
}

export function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  subscribe: (send: (event: ChangeEvent) => void) => () => void,
): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  res.write(": connected\n\n");
  const unsubscribe = subscribe((event) => {
    res.write(frameOf(event));
  });
  const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
  const end = () => {
    clearInterval(heartbeat);
    unsubscribe();
    open.delete(end);
    if (!res.writableEnded) res.end();
  };
  open.add(end);
  request.raw.on("close", end);
}

/** Ends every open stream, so a graceful shutdown is not held up by long-lived connections. */
export function closeAllStreams(): void {
  for (const end of [...open]) end();
}
