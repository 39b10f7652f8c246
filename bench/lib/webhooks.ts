// Webhooks under load: creates at concurrency 16 with three subscriptions (two quick receivers and one
// that never answers) against the same creates with the subscriptions paused, in alternating runs so both
// see the same machine; then the relay's throughput: events delivered per second to one local receiver
// while creates run at concurrency 16.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Client } from "./http.js";
import { createLoad, type Slots } from "./measure.js";
import { median } from "./stats.js";

type CreateFigures = { p50: number; p99: number; perSecond: number };
export type WebhookFigures = {
  without: CreateFigures;
  with: CreateFigures;
  runs: number;
  perRun: number;
  deliveredPerSecond: number | null;
  hungRequests: number;
};

type Receiver = {
  received: number;
  accepted: number[];
  failing: boolean;
  url: string;
  close(): Promise<void>;
};

/**
 * A loopback receiver answering 200 at once (503 while `failing`), or never ("hang"); counts what it got
 * and notes when each accepted request arrived.
 */
async function receiver(mode: "ok" | "hang"): Promise<Receiver> {
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
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
  const state: Receiver = {
    received: 0,
    accepted: [],
    failing: false,
    url: "",
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return state;
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

const medians = (results: CreateFigures[]): CreateFigures => ({
  p50: median(results.map((r) => r.p50)),
  p99: median(results.map((r) => r.p99)),
  perSecond: median(results.map((r) => r.perSecond)),
});

export async function webhookFigures(
  client: Client,
  pid: string,
  slots: Slots,
  { runs, count }: { runs: number; count: number },
): Promise<WebhookFigures> {
  const quick = await receiver("ok");
  const receivers = [quick, await receiver("ok"), await receiver("hang")];
  const hooks: string[] = [];
  const webhooks = `/api/properties/${pid}/webhooks`;
  try {
    for (const target of receivers) {
      const { status, body } = await client.json<{ id: string }>("POST", webhooks, {
        url: target.url,
        events: ["reservation.*"],
      });
      if (status !== 201) throw new Error(`webhook subscription answered ${status}`);
      hooks.push(body.id);
    }
    const setActive = async (active: boolean) => {
      for (const id of hooks) await client.json("PATCH", `${webhooks}/${id}`, { active });
    };
    const without: CreateFigures[] = [];
    const withHooks: CreateFigures[] = [];
    for (let run = 0; run < runs; run++) {
      await setActive(false);
      without.push(await createLoad(client, pid, slots, { count, concurrency: 16 }));
      await setActive(true);
      withHooks.push(await createLoad(client, pid, slots, { count, concurrency: 16 }));
    }
    // Let the quick receivers catch up before the throughput figure starts from a known count.
    await until(() => quick.received >= runs * count, 60_000);

    // The relay's own rate: one quick subscription alone, its receiver failing while `count` events pile
    // up behind the first (deliveries wait in order), then accepting: from the first accepted request to the
    // last, after the retry's back-off.
    for (const id of hooks.slice(1)) {
      await client.json("PATCH", `${webhooks}/${id}`, { active: false });
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
      without: medians(without),
      with: medians(withHooks),
      runs,
      perRun: count,
      deliveredPerSecond: drained && seconds > 0 ? (count - 1) / seconds : null,
      hungRequests: receivers[2]?.received ?? 0,
    };
  } finally {
    for (const id of hooks) await client.json("DELETE", `${webhooks}/${id}`).catch(() => {});
    await Promise.all(receivers.map((target) => target.close()));
  }
}
