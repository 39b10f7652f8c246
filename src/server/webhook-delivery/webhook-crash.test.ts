/**
 * At least once, through a crash: events acknowledged before a SIGKILL of the server process (while their
 * receiver was down) are delivered after the restart; and a batch cut off by a SIGKILL goes on within
 * seconds of the restart, from the request that was cut off. The real server runs as a child process.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { SESSION_COOKIE } from "../auth/sessions.js";
import { type Backend, backends, createServerDatabase } from "../test/harness.js";
import { freePort } from "../test/listening.js";
import { type ServerProcess, spawnServer, stopServer, waitUntilReady } from "../test/process.js";
import { type Receiver, signatureValid, startReceiver } from "../test/receiver.js";
import { signInThroughProvider } from "../test/sign-in.js";

const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
let receiver: Receiver | undefined;
afterAll(async () => {
  await receiver?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

/**
 * A server's environment on a database of its own that outlives the process (PGlite in a directory, or a
 * database server), and the same port after a restart: the sign-in issuer includes it.
 */
async function serverEnv(backend: Backend): Promise<Record<string, string>> {
  const env = { PORT: String(await freePort()), LOG_LEVEL: "warn", WEBHOOKS_ALLOW_PRIVATE: "1" };
  if (backend !== "pglite") {
    const database = await createServerDatabase(backend);
    drops.push(database.drop);
    return { ...env, DATABASE_URL: database.url };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-webhook-crash-"));
  dirs.push(dataDir);
  return { ...env, DATA_DIR: dataDir };
}

/** Signs in on the running server; `call` goes to whichever server `current` answers (it is restarted). */
async function signedIn(current: () => ServerProcess, email: string) {
  const { client } = await signInThroughProvider(current(), email, "Night Auditor");
  const cookie = `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}`;
  return (p: string, body?: unknown) =>
    fetch(`${current().baseUrl}${p}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { cookie, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

it("delivers events written before a SIGKILL after the restart", async () => {
  // The receiver's port is known before it listens: it is down until the server has been killed.
  const receiverPort = await freePort();
  const env = await serverEnv("pglite");
  let server = await spawnServer(env);
  await waitUntilReady(server);
  const call = await signedIn(() => server, "webhook-crash@example.com");
  const pid = (await (await call("/api/property")).json()).id as string;
  const hook = await call(`/api/properties/${pid}/webhooks`, {
    url: `http://127.0.0.1:${receiverPort}/hooks`,
    events: ["room_type.created"],
  });
  expect(hook.status).toBe(201);
  const { secret } = await hook.json();
  const acknowledged: string[] = [];
  for (let i = 0; i < 5; i++) {
    const made = await call(`/api/properties/${pid}/room-types`, {
      name: `Before the crash ${i}`,
      baseRate: 90,
      capacity: 2,
    });
    expect(made.status).toBe(201);
    acknowledged.push((await made.json()).id);
  }
  server.child.kill("SIGKILL");
  await server.exited;

  receiver = await startReceiver(receiverPort);
  server = await spawnServer(env);
  await waitUntilReady(server);
  try {
    // The first event was refused (receiver down) and waits out its back-off; the rest follow in order.
    const got = await receiver.waitFor(5, 60_000);
    expect(got.map((one) => (one.json.data as { entityId: string }).entityId)).toEqual(acknowledged);
    for (const one of got) expect(signatureValid(secret, one)).toBe(true);
  } finally {
    await stopServer(server);
  }
}, 120_000);

for (const backend of backends()) {
  it(`[${backend}] a batch cut off by a SIGKILL goes on within 5 s of the restart, from where it was`, async () => {
    // The receiver stays up: it accepts two requests and holds the third open, so the batch is mid-way.
    const target = await startReceiver();
    target.answers.push(200, 200, "hang");
    const env = await serverEnv(backend);
    let server = await spawnServer(env);
    try {
      await waitUntilReady(server);
      const call = await signedIn(() => server, `webhook-batch-${backend}@example.com`);
      const pid = (await (await call("/api/property")).json()).id as string;
      const hook = await call(`/api/properties/${pid}/webhooks`, {
        url: target.url,
        events: ["room_type.created"],
      });
      expect(hook.status).toBe(201);
      const hookId = (await hook.json()).id as string;
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const made = await call(`/api/properties/${pid}/room-types`, {
          name: `Batch ${i}`,
          baseRate: 90,
          capacity: 2,
        });
        expect(made.status).toBe(201);
        ids.push((await made.json()).id);
      }
      await target.waitFor(3);
      // The two accepted before the hanging request are recorded meanwhile: they are not sent again.
      const statuses = async () =>
        (
          (await (await call(`/api/properties/${pid}/webhooks/${hookId}/deliveries`)).json()) as {
            status: string;
          }[]
        )
          .map((delivery) => delivery.status)
          .reverse();
      await expect
        .poll(statuses, { timeout: 5_000 })
        .toEqual(["delivered", "delivered", "pending", "pending", "pending"]);
      server.child.kill("SIGKILL");
      await server.exited;
      const killed = performance.now();

      server = await spawnServer(env);
      await waitUntilReady(server);
      const restarted = performance.now();
      await target.waitFor(4, 60_000);
      const resumed = performance.now();
      const timing = `resumed ${Math.round(resumed - restarted)} ms after the restart (${Math.round(resumed - killed)} ms after the kill)`;
      console.info(`[${backend}] ${timing}`);
      expect(resumed - restarted, timing).toBeLessThan(5_000);
      await target.waitFor(6);
      const got = target.received.map((one) => (one.json.data as { entityId: string }).entityId);
      expect(got).toEqual([...ids.slice(0, 3), ...ids.slice(2)]);
    } finally {
      await target.close();
      await stopServer(server);
    }
  }, 120_000);
}
