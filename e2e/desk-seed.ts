/**
 * Seeding a hotel for the desk's browser tests through the API (page.request shares the signed-in cookies):
 * one room type at ₹1,500 a night, its rooms, stays and payments.
 */
import type { Page } from "@playwright/test";
import { addDays, todayIn } from "../src/domain/dates.js";
import { expect } from "./fixtures.js";

export type Hotel = { pid: string; today: string; typeId: string; rooms: Map<string, string> };

export async function seedHotel(page: Page, numbers: readonly string[], name?: string): Promise<Hotel> {
  const property = await (await page.request.get("/api/property")).json();
  const pid = property.id as string;
  if (name) {
    const renamed = await page.request.patch(`/api/properties/${pid}`, {
      data: { name, currency: property.currency, timeZone: property.timeZone },
    });
    expect(renamed.status()).toBe(200);
  }
  const type = await page.request.post(`/api/properties/${pid}/room-types`, {
    data: { name: "Deluxe", capacity: 2, baseRate: 1500 },
  });
  expect(type.status()).toBe(201);
  const roomTypeId = (await type.json()).id as string;
  const rooms = new Map<string, string>();
  for (const number of numbers) {
    const room = await page.request.post(`/api/properties/${pid}/rooms`, {
      data: { number, roomTypeId, floor: 1 },
    });
    expect(room.status()).toBe(201);
    rooms.set(number, (await room.json()).id);
  }
  return { pid, today: todayIn(property.timeZone, new Date()), typeId: roomTypeId, rooms };
}

export type Stay = { id: string; code: string };

/** Books `nights` in `room` (or no room) from `from`; answers the stay's id and code. */
export async function bookStay(
  page: Page,
  hotel: Hotel,
  stay: { guestName: string; room: string | null; from: string; nights: number },
): Promise<Stay> {
  const response = await page.request.post(`/api/properties/${hotel.pid}/reservations`, {
    data: {
      guestName: stay.guestName,
      roomId: stay.room ? hotel.rooms.get(stay.room) : null,
      roomTypeId: stay.room ? undefined : hotel.typeId,
      checkInDate: stay.from,
      checkOutDate: addDays(stay.from, stay.nights),
    },
  });
  expect(response.status()).toBe(201);
  const body = await response.json();
  return { id: body.id, code: body.code };
}

export async function pay(page: Page, hotel: Hotel, stay: Stay, amount: number): Promise<void> {
  const response = await page.request.post(`/api/properties/${hotel.pid}/reservations/${stay.id}/payments`, {
    data: { amount, method: "cash" },
  });
  expect(response.status()).toBe(201);
}

export async function setStatus(page: Page, hotel: Hotel, stay: Stay, status: string): Promise<void> {
  const response = await page.request.patch(`/api/properties/${hotel.pid}/reservations/${stay.id}`, {
    data: { status },
  });
  expect(response.status()).toBe(200);
}
