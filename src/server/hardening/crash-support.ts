/**
 * What the crash tests share: a server process restarted on one port, a furnished hotel on it, its stays and
 * its list, and creates streamed until a SIGKILL.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect } from "vitest";
import { SESSION_COOKIE } from "../auth/sessions.js";
import { freePort } from "../test/listening.js";
import { type ServerProcess, spawnServer, waitUntilReady } from "../test/process.js";
import { signInThroughProvider } from "../test/sign-in.js";

export const ROOMS = 8;

export type Hotel = { cookie: string; pid: string; roomIds: string[] };

export async function signInAndFurnish(server: ServerProcess, email: string): Promise<Hotel> {
  const { client } = await signInThroughProvider(server, email, "Night Auditor");
  const cookie = `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}`;
  const call = (p: string, init: RequestInit = {}) =>
    fetch(`${server.baseUrl}${p}`, {
      ...init,
      headers: { cookie, "content-type": "application/json" },
    });
  const pid = (await (await call("/api/property")).json()).id as string;
  const roomIds: string[] = [];
  for (let i = 0; i < ROOMS; i++) {
    const room = await call(`/api/properties/${pid}/rooms`, {
      method: "POST",
      body: JSON.stringify({ number: `${100 + i}` }),
    });
    expect(room.status).toBe(201);
    roomIds.push((await room.json()).id);
  }
  return { cookie, pid, roomIds };
}

/** Night `n` after 2030-01-01 (distinct rooms and nights, so every create can succeed). */
export function stay(hotel: Hotel, index: number) {
  const night = new Date(Date.UTC(2030, 0, 1 + Math.floor(index / ROOMS)));
  const next = new Date(night.getTime() + 86_400_000);
  return {
    guestName: `Guest ${index}`,
    roomId: hotel.roomIds[index % ROOMS],
    checkInDate: night.toISOString().slice(0, 10),
    checkOutDate: next.toISOString().slice(0, 10),
  };
}

export async function listReservations(server: ServerProcess, email: string, pid: string) {
  const { client } = await signInThroughProvider(server, email, "Night Auditor");
  const response = await client.fetch(`/api/properties/${pid}/reservations`);
  expect(response.status).toBe(200);
  return { client, list: (await response.json()) as { id: string; code: string; guestName: string }[] };
}

/** Makes data directories for one test file, removed after it. */
export function dataDirs(): (prefix: string) => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  return (prefix) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/**
 * Starts the server with `env`, on the same port at every restart: the development provider's issuer, part
 * of a user's identity, includes it.
 */
export async function serverStarter(env: Record<string, string>): Promise<() => Promise<ServerProcess>> {
  const port = String(await freePort());
  return async () => {
    const server = await spawnServer({ ...env, PORT: port, LOG_LEVEL: "warn" });
    await waitUntilReady(server);
    return server;
  };
}

/**
 * Sends creates `inFlight` at a time, numbered from `offset`, and SIGKILLs the server once `killAfter` have
 * been acknowledged. `create` answers what an acknowledged create returned and throws when one is refused.
 * Returns the acknowledged creates by number and how many were sent in all.
 */
export async function createUntilKilled<T>(
  server: ServerProcess,
  create: (index: number) => Promise<T>,
  { inFlight, killAfter, offset = 0 }: { inFlight: number; killAfter: number; offset?: number },
): Promise<{ acknowledged: Map<number, T>; sent: number }> {
  const acknowledged = new Map<number, T>();
  let sent = 0;
  let killed = false;
  const worker = async () => {
    while (!killed) {
      const index = offset + sent++;
      try {
        acknowledged.set(index, await create(index));
        if (acknowledged.size >= killAfter && !killed) {
          killed = true;
          server.child.kill("SIGKILL");
        }
      } catch (error) {
        if (!killed) throw error;
        return; // the server is gone: this create was never acknowledged
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  expect(await server.exited).toBeNull(); // killed by a signal, not exited
  return { acknowledged, sent };
}
