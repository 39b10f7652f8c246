// Live updates: N Server-Sent-Events subscribers on /api/properties/:pid/events; each write is a PATCH of a
// room's hkStatus, and the latency is from sending the PATCH to the change event reaching each subscriber
// (an upper bound on "commit to arrival": it includes the write itself). Per event, the last subscriber's
// latency is what the slowest open screen waits. The server's RSS is read before the streams are opened and
// once all are open.
import http from "node:http";
import type { LiveEvent } from "../../src/domain/schemas/live-feed.js";
import type { Client } from "./http.js";
import type { Server } from "./server.js";
import { percentile } from "./stats.js";

export type LiveFigures = {
  subscribers: number;
  /** Write → each subscriber, over every delivery. */
  p50: number;
  p95: number;
  /** Write → the last subscriber of each event, over the events. */
  lastP50: number;
  lastP95: number;
  writeP50: number;
  spreadP50: number;
  writes: number;
  samples: number;
  missed: number;
  /** Milliseconds until every stream had answered 200. */
  connectMs: number;
  rssBeforeMb: number;
  rssConnectedMb: number;
};

const eventsPath = (pid: string) => `/api/properties/${pid}/events`;

function subscribe(
  agent: http.Agent,
  baseUrl: string,
  pid: string,
  cookie: string,
  onEvent: (event: LiveEvent, at: number) => void,
): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${eventsPath(pid)}`, { agent, headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`events answered ${response.statusCode}`));
      response.setEncoding("utf8");
      let buffer = "";
      response.on("data", (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const data = buffer
            .slice(0, end)
            .split("\n")
            .find((line) => line.startsWith("data: "));
          buffer = buffer.slice(end + 2);
          if (data) onEvent(JSON.parse(data.slice(6)) as LiveEvent, at);
          end = buffer.indexOf("\n\n");
        }
      });
      resolve(() => request.destroy());
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET") reject(error);
    });
  });
}

type Waiting = { id: string; sentAt: number; arrivals: number[]; done: () => void };

/** The PATCH that makes an event: a room's housekeeping status, flipped. */
const write = (client: Client, pid: string, roomId: string, i: number) =>
  client.json("PATCH", `/api/properties/${pid}/rooms/${roomId}`, {
    hkStatus: i % 2 === 0 ? "dirty" : "clean",
  });

export async function liveLatency(
  client: Client,
  server: Server,
  pid: string,
  roomIds: string[],
  { subscribers, writes }: { subscribers: number; writes: number },
): Promise<LiveFigures> {
  const cookie = client.cookieHeader();
  // Its own agent: one socket per stream, none shared with the bench's other requests.
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  let waiting: Waiting | undefined;
  const rssBeforeMb = server.rssMb();
  const opening = performance.now();
  const closers = await Promise.all(
    Array.from({ length: subscribers }, () =>
      subscribe(agent, client.baseUrl, pid, cookie, (event, at) => {
        if (!waiting || event.entityType !== "room" || event.entityId !== waiting.id) return;
        waiting.arrivals.push(at - waiting.sentAt);
        if (waiting.arrivals.length === subscribers) waiting.done();
      }),
    ),
  );
  const connectMs = performance.now() - opening;
  const samples: number[] = [];
  const lasts: number[] = [];
  const patchMs: number[] = [];
  const spreads: number[] = []; // last minus first arrival of one event: the fan-out to all subscribers
  let missed = 0;
  let rssConnectedMb = Number.NaN;
  try {
    // One event every stream has seen before the timed ones: each stream's subscription is in place.
    const primer = roomIds.at(-1) as string;
    await settle(
      () => write(client, pid, primer, 0),
      primer,
      subscribers,
      (w) => {
        waiting = w;
      },
    );
    waiting = undefined;
    rssConnectedMb = server.rssMb();
    for (let i = 0; i < writes; i++) {
      const id = roomIds[i % roomIds.length] as string;
      const current = await settle(
        async () => {
          const started = performance.now();
          const answer = await write(client, pid, id, i);
          patchMs.push(performance.now() - started);
          return answer;
        },
        id,
        subscribers,
        (w) => {
          waiting = w;
        },
      );
      waiting = undefined;
      missed += subscribers - current.arrivals.length;
      if (current.arrivals.length > 0) {
        const last = Math.max(...current.arrivals);
        spreads.push(last - Math.min(...current.arrivals));
        // An event some subscriber never got has no last arrival: the missed count reports it.
        if (current.arrivals.length === subscribers) lasts.push(last);
      }
      samples.push(...current.arrivals);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    for (const close of closers) close();
    agent.destroy();
  }
  return {
    subscribers,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    lastP50: percentile(lasts, 50),
    lastP95: percentile(lasts, 95),
    writeP50: percentile(patchMs, 50),
    spreadP50: percentile(spreads, 50),
    writes,
    samples: samples.length,
    missed,
    connectMs,
    rssBeforeMb,
    rssConnectedMb,
  };
}

/**
 * Sends one write and waits (at most 5 s) until its event has reached every subscriber. The waiting state is
 * installed before the write is sent: an event may arrive before the PATCH's own answer.
 */
async function settle(
  send: () => Promise<{ status: number }>,
  id: string,
  subscribers: number,
  install: (waiting: Waiting) => void,
): Promise<Waiting> {
  let done = () => {};
  const all = new Promise<void>((resolve) => {
    done = resolve;
  });
  const current: Waiting = { id, sentAt: performance.now(), arrivals: [], done };
  install(current);
  const { status } = await send();
  if (status !== 200) throw new Error(`room PATCH answered ${status}`);
  if (current.arrivals.length < subscribers) {
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }
  return current;
}
