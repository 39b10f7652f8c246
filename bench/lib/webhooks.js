// Webhooks under load: creates at concurrency 16 with three subscriptions (two quick receivers and one
// that never answers) against the same creates with the subscriptions paused, in alternating runs so both
// see the same machine; then the relay's throughput: events delivered per second to one local receiver
// while creates run at concurrency 16.
import http from "node:http";
import { createLoad } from "./measure.js";
import { median } from "./stats.js";

/**
 * A loopback receiver answering 200 at once (503 while `failing`), or never ("hang"); counts what it got
 * and notes when each accepted request arrived.
 */
async function receiver(mode) {
  const held = new Set();
  const state = { received: 0, accepted: [], failing: false, server: undefined, url: "" };
  state.server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      state.received++;
      if (mode === "hang") held.add(res);
      else if (state.failing) res.writeHead(503).end();
      else {
        state.accepted.push(performance.now());
        res.writeHead(200).end();
      }
    });
  });
  await new Promise((resolve) => state.server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${state.server.address().port}/hook`;
  state.close = async () => {
    for (const res of held) res.destroy();
    state.server.closeAllConnections();
    await new Promise((resolve) => state.server.close(resolve));
  };
  return state;
}

async function until(condition, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

export async function webhookFigures(client, pid, slots, { runs, count }) {
  const receivers = [await receiver("ok"), await receiver("ok"), await receiver("hang")];
  const hooks = [];
  try {
    for (const target of receivers) {
      const { status, body } = await client.json("POST", `/api/properties/${pid}/webhooks`, {
        url: target.url,
        events: ["reservation.*"],
      });
      if (status !== 201) throw new Error(`webhook subscription answered ${status}`);
      hooks.push(body.id);
    }
    const setActive = async (active) => {
      for (const id of hooks) await client.json("PATCH", `/api/properties/${pid}/webhooks/${id}`, { active });
    };
    const without = [];
    const withHooks = [];
    for (let run = 0; run < runs; run++) {
      await setActive(false);
      without.push(await createLoad(client, pid, slots, { count, concurrency: 16 }));
      await setActive(true);
      withHooks.push(await createLoad(client, pid, slots, { count, concurrency: 16 }));
    }
    // Let the quick receivers catch up before the throughput figure starts from a known count.
    const [quick] = receivers;
    await until(() => quick.received >= runs * count, 60_000);

    // The relay's own rate: one quick subscription alone, its receiver failing while `count` events pile
    // up behind the first (deliveries wait in order), then accepting: from the first accepted request to the
    // last, after the retry's back-off.
    for (const id of hooks.slice(1)) {
      await client.json("PATCH", `/api/properties/${pid}/webhooks/${id}`, { active: false });
    }
    quick.failing = true;
    const before = quick.accepted.length;
    await createLoad(client, pid, slots, { count, concurrency: 16 });
    await until(() => quick.received > runs * count, 30_000);
    quick.failing = false;
    const drained = await until(() => quick.accepted.length >= before + count, 120_000);
    const accepted = quick.accepted.slice(before);
    const seconds = ((accepted.at(-1) ?? 0) - (accepted[0] ?? 0)) / 1000;
    return {
      without: {
        p50: median(without.map((r) => r.p50)),
        p99: median(without.map((r) => r.p99)),
        perSecond: median(without.map((r) => r.perSecond)),
      },
      with: {
        p50: median(withHooks.map((r) => r.p50)),
        p99: median(withHooks.map((r) => r.p99)),
        perSecond: median(withHooks.map((r) => r.perSecond)),
      },
      runs,
      perRun: count,
      deliveredPerSecond: drained && seconds > 0 ? (count - 1) / seconds : null,
      hungRequests: receivers[2].received,
    };
  } finally {
    for (const id of hooks)
      await client.json("DELETE", `/api/properties/${pid}/webhooks/${id}`).catch(() => {});
    await Promise.all(receivers.map((target) => target.close()));
  }
}
