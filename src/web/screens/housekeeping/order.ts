/**
 * Housekeeping's order of work (docs/product.md#housekeeping-and-room-status): rooms whose guest leaves today
 * first (unless already cleaned after the guest left), then dirty, in progress, clean (waiting for
 * inspection) and inspected rooms; within each, rooms with an arrival today first, then by number. The
 * Housekeeping screen and My tasks both list rooms this way and filter them by status and floor.
 */
import type { HkStatus } from "../../../domain/constants.js";
import { compareRoomNumbers } from "../../../domain/rooms.js";
import type { HousekeepingDay } from "../../../domain/schemas/housekeeping.js";
import type { Room } from "../../../domain/schemas/rooms.js";

/** What today holds for a room: its guest leaving (still in, or gone) and a guest arriving. */
export type DayMarks = { departure: "due" | "left" | null; arrival: boolean };
const NOTHING: DayMarks = { departure: null, arrival: false };

export function marksOf(day: HousekeepingDay | undefined): (roomId: string) => DayMarks {
  const marks = new Map<string, DayMarks>();
  for (const { roomId, left } of day?.departures ?? [])
    marks.set(roomId, { departure: left ? "left" : "due", arrival: false });
  for (const roomId of day?.arrivals ?? [])
    marks.set(roomId, { ...(marks.get(roomId) ?? NOTHING), arrival: true });
  return (roomId) => marks.get(roomId) ?? NOTHING;
}

const STATUS_RANK: Record<HkStatus, number> = { dirty: 1, in_progress: 2, clean: 3, inspected: 4 };

/** 0 for a departure still to clean, then the status's place in the workflow. */
export function taskRank(hkStatus: HkStatus, marks: DayMarks): number {
  const notCleaned = hkStatus === "dirty" || hkStatus === "in_progress";
  if (marks.departure === "due" || (marks.departure === "left" && notCleaned)) return 0;
  return STATUS_RANK[hkStatus];
}

export function orderRooms<R extends Pick<Room, "id" | "number" | "hkStatus">>(
  rooms: readonly R[],
  marksFor: (roomId: string) => DayMarks,
): R[] {
  const keyed = rooms.map((room) => {
    const marks = marksFor(room.id);
    return { room, rank: taskRank(room.hkStatus, marks), arrival: marks.arrival ? 0 : 1 };
  });
  keyed.sort(
    (a, b) => a.rank - b.rank || a.arrival - b.arrival || compareRoomNumbers(a.room.number, b.room.number),
  );
  return keyed.map(({ room }) => room);
}

/** "all", or one housekeeping status; a floor, or null for every floor. */
export type RoomFilter = { status: HkStatus | "all"; floor: number | null };
export const NO_FILTER: RoomFilter = { status: "all", floor: null };

export function filterRooms<R extends Pick<Room, "hkStatus" | "floor">>(
  rooms: readonly R[],
  filter: RoomFilter,
): R[] {
  return rooms.filter(
    (room) =>
      (filter.status === "all" || room.hkStatus === filter.status) &&
      (filter.floor === null || room.floor === filter.floor),
  );
}

/** The floors that have rooms, lowest first. */
export function floorsOf(rooms: readonly Pick<Room, "floor">[]): number[] {
  return [...new Set(rooms.map((room) => room.floor))].sort((a, b) => a - b);
}

/**
 * The one next step of a room, with the product's button labels: dirty → In Progress → Mark Clean →
 * Inspected; an inspected room is made dirty again when a guest has used it.
 */
export function nextHkAction(status: HkStatus): { status: HkStatus; label: string } {
  switch (status) {
    case "dirty":
      return { status: "in_progress", label: "In Progress" };
    case "in_progress":
      return { status: "clean", label: "Mark Clean" };
    case "clean":
      return { status: "inspected", label: "Inspected" };
    case "inspected":
      return { status: "dirty", label: "Mark Dirty" };
  }
}
