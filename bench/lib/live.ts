// Live updates: N Server-Sent-Events subscribers on /api/properties/:pid/events; each write is a PATCH of a
// room's hkStatus, and the latency is from sending the PATCH to the change event reaching each subscriber
// (an upper bound on "commit to arrival": it includes the write itself).
import http from "node:http";
import type { LiveEvent } from "../../src/domain/integration-schemas.js";
import type { Client } from "./http.js";
import { percentile } from "./stats.js";

export type LiveFigures = {
  p50: number;
  p95: number;
  writeP50: number;
  spreadP50: number;
  writes: number;
  samples: number;
  missed: number;
};

function subscribe(
  baseUrl: string,
  pid: string,
  cookie: string,
  onEvent: (event: LiveEvent, at: number) => void,
): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/properties/${pid}/events`,
      { headers: { cookie } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`events answered ${response.statusCode}`));
        response.setEncoding("utf8");
        let buffer = "";
        response.on("data", (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end !== -1) {
            const data = buffer
              .slice(0, end)
              .split("\n")
              .find((line) => line.startsWith("data: "));
            buffer = buffer.slice(end + 2);
            if (data) onEvent(JSON.parse(data.slice(6)) as LiveEvent, performance.now());
            end = buffer.indexOf("\n\n");
          }
        });
        resolve(() => request.destroy());
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET") reject(error);
    });
  });
}

type Waiting = { id: string; sentAt: number; arrivals: number[]; done: () => void };

export async function liveLatency(
  client: Client,
  pid: string,
  roomIds: string[],
  { subscribers, writes }: { subscribers: number; writes: number },
): Promise<LiveFigures> {
  const cookie = client.cookieHeader();
  let waiting: Waiting | undefined;
  const closers = await Promise.all(
    Array.from({ length: subscribers }, () =>
      subscribe(client.baseUrl, pid, cookie, (event, at) => {
        if (!waiting || event.entityType !== "room" || event.entityId !== waiting.id) return;
        waiting.arrivals.push(at - waiting.sentAt);
        if (waiting.arrivals.length === subscribers) waiting.done();
      }),
    ),
  );
  const samples: number[] = [];
  const patchMs: number[] = [];
  const spreads: number[] = []; // last minus first arrival of one event: the fan-out to all subscribers
  let missed = 0;
  try {
    for (let i = 0; i < writes; i++) {
      const id = roomIds[i % roomIds.length] as string;
      let done = () => {};
      const all = new Promise<void>((resolve) => {
        done = resolve;
      });
      const current: Waiting = { id, sentAt: performance.now(), arrivals: [], done };
      waiting = current;
      const { status } = await client.json("PATCH", `/api/properties/${pid}/rooms/${id}`, {
        hkStatus: i % 2 === 0 ? "dirty" : "clean",
      });
      patchMs.push(performance.now() - current.sentAt);
      if (status !== 200) throw new Error(`room PATCH answered ${status}`);
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 5000))]);
      missed += subscribers - current.arrivals.length;
      if (current.arrivals.length > 0)
        spreads.push(Math.max(...current.arrivals) - Math.min(...current.arrivals));
      samples.push(...current.arrivals);
      waiting = undefined;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    for (const close of closers) close();
  }
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    writeP50: percentile(patchMs, 50),
    spreadP50: percentile(spreads, 50),
    writes,
    samples: samples.length,
    missed,
  };
}
