/**
 * At least once, through a crash: events acknowledged before a SIGKILL of the server process (while their
 * receiver was down) are delivered after the restart. The real server runs as a child process on PGlite.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { SESSION_COOKIE } from "../auth/sessions.js";
import { freePort } from "../test/listening.js";
import { spawnServer, waitUntilReady } from "../test/process.js";
import { type Receiver, signatureValid, startReceiver } from "../test/receiver.js";
import { signInThroughProvider } from "../test/sign-in.js";

const dirs: string[] = [];
let receiver: Receiver | undefined;
afterAll(async () => {
  await receiver?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

it("delivers events written before a SIGKILL after the restart", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-webhook-crash-"));
  dirs.push(dataDir);
  // The same server port after the restart (the sign-in issuer includes it); the receiver's port is known
  // before it listens: it is down until the server has been killed.
  const port = String(await freePort());
  const receiverPort = await freePort();
  const env = { DATA_DIR: dataDir, PORT: port, LOG_LEVEL: "warn", WEBHOOKS_ALLOW_PRIVATE: "1" };
  let server = await spawnServer(env);
  await waitUntilReady(server);
  const { client } = await signInThroughProvider(server, "webhook-crash@example.com", "Night Auditor");
  const cookie = `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}`;
  const call = (p: string, body?: unknown) =>
    fetch(`${server.baseUrl}${p}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { cookie, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
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
    server.child.kill("SIGTERM");
    await server.exited;
  }
}, 120_000);
