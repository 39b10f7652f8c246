// The synthetic property, generated deterministically: room types, rooms, rate overrides and per-room
// sequences of non-overlapping stays over three years (two past, one future), plus cancelled stays that
// may overlap anything (the exclusion constraint ignores them) and a few unassigned bookings. Guests: about
// two stays per profile (guest-profiles.ts makes the profiles themselves).
import { DEFAULT_TIME_ZONE } from "../../src/domain/constants.js";
import { addDays, daysBetween, type IsoDate, todayIn } from "../../src/domain/dates.js";
import type { Reservation } from "../../src/domain/schemas/reservations.js";

// The generator counts days as integers (days since 1970-01-01) to stay fast over millions of stays, and
// turns them into calendar dates with the domain's own arithmetic.
const EPOCH: IsoDate = "1970-01-01";
const DAY_MS = 86_400_000;
const isoCache = new Map<number, IsoDate>();
export function dayToIso(day: number): IsoDate {
  let iso = isoCache.get(day);
  if (iso === undefined) {
    iso = addDays(EPOCH, day);
    isoCache.set(day, iso);
  }
  return iso;
}
export const isoToDay = (iso: IsoDate): number => daysBetween(EPOCH, iso);

/** Today where the seeded properties are (they keep the default time zone). */
export const benchToday = (): IsoDate => todayIn(DEFAULT_TIME_ZONE, new Date());

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPE_NAMES = [
  "Standard",
  "Standard Twin",
  "Superior",
  "Superior Twin",
  "Deluxe",
  "Deluxe Twin",
  "Premier",
  "Premier Twin",
  "Executive",
  "Club",
  "Family",
  "Family Plus",
  "Junior Suite",
  "Suite",
  "Garden Suite",
  "Pool Villa",
  "Accessible",
  "Studio",
  "Loft",
  "Presidential",
];

/** Beyond the first 20, types repeat the names in another tower ("Standard, Tower 2"). */
const typeName = (i: number): string => {
  const name = TYPE_NAMES[i % TYPE_NAMES.length] as string;
  return i < TYPE_NAMES.length ? name : `${name}, Tower ${1 + Math.floor(i / TYPE_NAMES.length)}`;
};

export type GeneratedRoomType = { name: string; capacity: number; baseRate: number };
export type GeneratedRoom = { number: string; floor: number; type: number };
export type GeneratedOverride = { date: IsoDate; type: number | null; price: number };
export type GeneratedReservation = {
  code: string;
  /** Index of the stay's guest profile (guestProfile in guest-profiles.ts). */
  guest: number;
  /** Index into `rooms`; null for an unassigned stay. */
  room: number | null;
  /** Index into `roomTypes`. */
  type: number;
  checkIn: IsoDate;
  checkOut: IsoDate;
  nights: number;
  status: Reservation["status"];
  adults: number;
  total: number;
  nightlyRates: number[];
  createdAt: string;
};
/** A one-night slot no stay of the full data set holds: every create the bench makes there must succeed. */
export type FreeSlot = { room: number; checkIn: IsoDate; checkOut: IsoDate };

export type GeneratedProperty = {
  roomTypes: GeneratedRoomType[];
  rooms: GeneratedRoom[];
  overrides: GeneratedOverride[];
  reservations: GeneratedReservation[];
  freeSlots: FreeSlot[];
  today: IsoDate;
  /** The guest profiles' count and seed (their fields are made from index and seed, never kept). */
  guests: { count: number; seed: number; createdMs: Float64Array };
};

type Stay = { room: number | null; type?: number; in: number; out: number; cancel?: boolean };

function inventory(roomCount: number, typeCount: number, random: () => number, t: number) {
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const roomTypes = Array.from({ length: typeCount }, (_, i) => ({
    name: typeName(i),
    capacity: 1 + (i % 4),
    baseRate: 1500 + 250 * i,
  }));
  const perFloor = Math.min(50, roomCount);
  const rooms = Array.from({ length: roomCount }, (_, i) => {
    const floor = 1 + Math.floor(i / perFloor);
    return { number: String(floor * 100 + 1 + (i % perFloor)), floor, type: i % roomTypes.length };
  });
  const overrides: GeneratedOverride[] = [];
  for (let day = t - 182; day < t + 183; day++) {
    overrides.push({ date: dayToIso(day), type: null, price: 2000 + int(0, 40) * 50 });
    for (let type = 0; type < roomTypes.length; type++) {
      if (random() < 0.25) overrides.push({ date: dayToIso(day), type, price: 1200 + int(0, 160) * 50 });
    }
  }
  return { roomTypes, rooms, overrides };
}

/**
 * Returns rows keyed by local indexes (room type i, room i); the seeder maps them to database ids.
 * `types` room types (20 unless given), rooms assigned to them in turn.
 */
export function generateProperty(options: {
  rooms: number;
  reservations: number;
  today: IsoDate;
  seed: number;
  types?: number;
}): GeneratedProperty {
  const { rooms: roomCount, reservations: target, today, seed } = options;
  const random = rng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const t = isoToDay(today);
  const first = t - 730;
  const last = t + 365; // exclusive
  const { roomTypes, rooms, overrides } = inventory(roomCount, options.types ?? 20, random, t);
  const roomAt = (room: number) => rooms[room] as GeneratedRoom;

  // Per room: back-to-back stays separated by short gaps; the sequence is longer than needed, then a
  // random subset of exactly `target` stays is kept, so any prefix of the shuffled list is also valid.
  const held: [number, number][][] = rooms.map(() => []); // non-cancelled [in, out) per room, in the FULL set
  const stays: Stay[] = [];
  const perRoom = Math.ceil((target / roomCount) * 1.1);
  const span = last - first;
  const meanCycle = span / (perRoom * 0.92);
  for (let room = 0; room < roomCount; room++) {
    const ranges = held[room] as [number, number][];
    let day = first + int(0, 3);
    while (day < last) {
      const nights = Math.max(1, Math.min(14, Math.round(-Math.log(1 - random()) * (meanCycle * 0.6))));
      const out = Math.min(day + nights, last);
      if (out <= day) break;
      ranges.push([day, out]);
      stays.push({ room, in: day, out });
      day = out + Math.round(-Math.log(1 - random()) * (meanCycle * 0.4));
    }
  }
  const cancelled = Math.round(target * 0.08);
  const unassigned = Math.round(target * 0.01);
  for (let i = 0; i < cancelled; i++) {
    const day = int(first, last - 8);
    stays.push({ room: int(0, roomCount - 1), in: day, out: day + int(1, 7), cancel: true });
  }
  // An unassigned stay still holds its room type's inventory (the database refuses a type sold out). Each
  // is placed in a free gap of some room of its type and that gap is counted as held, so no night of a
  // type is ever oversold and the bench's free slots stay bookable; only the stay's room is left empty.
  for (let placed = 0; placed < unassigned; ) {
    const room = int(0, roomCount - 1);
    const day = int(first, last - 8);
    const out = day + int(1, 7);
    const ranges = held[room] as [number, number][];
    if (ranges.some(([a, b]) => a < out && day < b)) continue;
    ranges.push([day, out]);
    stays.push({ room: null, type: roomAt(room).type, in: day, out });
    placed++;
  }
  for (const ranges of held) ranges.sort((a, b) => a[0] - b[0]);
  shuffle(stays, random);
  // Keep all cancelled/unassigned extras in proportion by taking a uniform subset.
  const chosen = stays.slice(0, target);
  stays.length = 0;
  const reservations = chosen.map((s, i) => toReservation(s, i, t, roomTypes, rooms, random));
  const freeSlots = freeNights(held, t + 1, last, random);
  const guests = assignGuests(reservations, seed, random);
  return { roomTypes, rooms, overrides, reservations, freeSlots, today, guests };
}

/**
 * The worst case for the grid: every room booked every night of the `days`-day window from today, each
 * stay one night long (rooms × days stays, nothing else).
 */
export function generateFullyBooked(options: {
  rooms: number;
  days: number;
  today: IsoDate;
  seed: number;
  types?: number;
}): GeneratedProperty {
  const random = rng(options.seed);
  const t = isoToDay(options.today);
  const { roomTypes, rooms, overrides } = inventory(options.rooms, options.types ?? 20, random, t);
  const stays: Stay[] = [];
  for (let day = t; day < t + options.days; day++) {
    for (let room = 0; room < rooms.length; room++) stays.push({ room, in: day, out: day + 1 });
  }
  const reservations = stays.map((s, i) => toReservation(s, i, t, roomTypes, rooms, random));
  const guests = assignGuests(reservations, options.seed, random);
  return { roomTypes, rooms, overrides, reservations, freeSlots: [], today: options.today, guests };
}

function toReservation(
  s: Stay,
  index: number,
  t: number,
  roomTypes: GeneratedRoomType[],
  rooms: GeneratedRoom[],
  random: () => number,
): GeneratedReservation {
  let status: GeneratedReservation["status"];
  if (s.cancel) status = "cancelled";
  else if (s.out <= t) status = "checked_out";
  else if (s.in <= t) status = "checked_in";
  else status = "booked";
  const type = (s.room === null ? s.type : rooms[s.room]?.type) as number;
  const roomType = roomTypes[type] as GeneratedRoomType;
  const nights = s.out - s.in;
  const rate = roomType.baseRate;
  const total = nights * rate;
  const lead = 1 + Math.floor(random() * 90);
  return {
    code: `RES-${index.toString(36).toUpperCase().padStart(6, "0")}`,
    guest: 0, // assignGuests
    room: s.room,
    type,
    checkIn: dayToIso(s.in),
    checkOut: dayToIso(s.out),
    nights,
    status,
    adults: 1 + Math.floor(random() * roomType.capacity),
    total,
    nightlyRates: Array.from({ length: nights }, () => rate),
    // Booked some days ahead, and never in the future.
    createdAt: new Date(
      Math.min(t - 1 - random() * 30, s.in - lead) * DAY_MS + random() * DAY_MS,
    ).toISOString(),
  };
}

/** Stays per guest profile: a hotel's returning guests (most come once, some many times). */
export const STAYS_PER_GUEST = 2;

/**
 * Gives every stay a guest: the first count stays one each (every profile has a stay), the rest to guests
 * drawn with a skew towards low indexes (regulars). A profile is created with its first booking.
 */
function assignGuests(reservations: GeneratedReservation[], seed: number, random: () => number) {
  const count = Math.ceil(reservations.length / STAYS_PER_GUEST);
  const createdMs = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
  reservations.forEach((r, i) => {
    r.guest = i < count ? i : Math.floor(count * random() ** 1.5);
    const at = Date.parse(r.createdAt);
    if (at < (createdMs[r.guest] as number)) createdMs[r.guest] = at;
  });
  return { count, seed, createdMs };
}

/** One-night slots [d, d+1) in the future that no stay of the full data set holds, shuffled. */
function freeNights(held: [number, number][][], from: number, to: number, random: () => number): FreeSlot[] {
  const slots: FreeSlot[] = [];
  held.forEach((ranges, room) => {
    let r = 0;
    for (let day = from; day < to; day++) {
      while (r < ranges.length && (ranges[r] as [number, number])[1] <= day) r++;
      if (r < ranges.length && (ranges[r] as [number, number])[0] <= day) continue;
      slots.push({ room, checkIn: dayToIso(day), checkOut: dayToIso(day + 1) });
    }
  });
  return shuffle(slots, random);
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}
