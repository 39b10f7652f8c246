// Live updates: N Server-Sent-Events subscribers on /api/properties/:pid/events; each write is a PATCH of a
// room's hkStatus, and the latency is from sending the PATCH to the change event reaching each subscriber
// (an upper bound on "commit to arrival": it includes the write itself).
import http from "node:http";
import { percentile } from "./stats.js";

function subscribe(baseUrl, pid, cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/properties/${pid}/events`,
      { headers: { cookie } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`events answered ${response.statusCode}`));
        response.setEncoding("utf8");
        let buffer = "";
        response.on("data", (chunk) => {
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end !== -1) {
            const data = buffer
              .slice(0, end)
              .split("\n")
              .find((line) => line.startsWith("data: "));
            buffer = buffer.slice(end + 2);
            if (data) onEvent(JSON.parse(data.slice(6)), performance.now());
            end = buffer.indexOf("\n\n");
          }
        });
        resolve(() => request.destroy());
      },
    );
    request.on("error", (error) => {
      if (error.code !== "ECONNRESET") reject(error);
    });
  });
}

export async function liveLatency(client, pid, roomIds, { subscribers, writes }) {
  const cookie = client.cookieHeader();
  let waiting; // { id, sentAt, arrivals: [], done }
  const closers = await Promise.all(
    Array.from({ length: subscribers }, () =>
      subscribe(client.baseUrl, pid, cookie, (event, at) => {
        if (!waiting || event.entityType !== "room" || event.entityId !== waiting.id) return;
        waiting.arrivals.push(at - waiting.sentAt);
        if (waiting.arrivals.length === subscribers) waiting.done();
      }),
    ),
  );
  const samples = [];
  const patchMs = [];
  const spreads = []; // last minus first arrival of one event: the fan-out to all subscribers
  let missed = 0;
  try {
    for (let i = 0; i < writes; i++) {
      const id = roomIds[i % roomIds.length];
      const all = new Promise((resolve) => {
        waiting = { id, sentAt: performance.now(), arrivals: [], done: resolve };
      });
      const { status } = await client.json("PATCH", `/api/properties/${pid}/rooms/${id}`, {
        hkStatus: i % 2 === 0 ? "dirty" : "clean",
      });
      patchMs.push(performance.now() - waiting.sentAt);
      if (status !== 200) throw new Error(`room PATCH answered ${status}`);
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 5000))]);
      missed += subscribers - waiting.arrivals.length;
      if (waiting.arrivals.length > 0)
        spreads.push(Math.max(...waiting.arrivals) - Math.min(...waiting.arrivals));
      samples.push(...waiting.arrivals);
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
