/** What the crash tests share: a furnished hotel on a server process, its stays and its list. */
import { expect } from "vitest";
import { SESSION_COOKIE } from "../auth/sessions.js";
import type { ServerProcess } from "../test/process.js";
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
