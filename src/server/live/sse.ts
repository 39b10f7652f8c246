/**
 * Server-Sent Events responses. The first comment line is written at once so the headers are flushed
 * (and proxies see a live response); a heartbeat keeps idle connections open through proxies.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ChangeEvent } from "../../domain/schemas.js";

const HEARTBEAT_MS = 15_000;
const open = new Set<() => void>();

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
    res.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
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
