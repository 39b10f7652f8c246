/**
 * The tape chart's rows, built once per availability response: a heading row per room type with its free
 * rooms per night, a row per room, and "Unassigned" rows for the type's stays without a room (as many as
 * overlap). Each row is a list of segments across the window's columns: a free night, or a stay or block
 * spanning its nights, so a stay is one bar. O(rooms + stays + blocks + rows × days).
 */
import { addDays } from "../../../domain/dates.js";
import { stayDisplayName } from "../../../domain/labels.js";
import type { Availability, AvailabilityStay } from "../../../domain/schemas/availability.js";
import { holdsRoom } from "../../../domain/stays.js";

export type GridRoom = Availability["rooms"][number];
export type GridBlock = Availability["blocks"][number];

export type Segment =
  | { kind: "free"; col: number; span: 1 }
  | { kind: "stay"; col: number; span: number; stay: AvailabilityStay }
  | { kind: "block"; col: number; span: number; block: GridBlock };

/** A row a stay can be in: a room, or a type's unassigned lane. */
export type LaneRow =
  | { kind: "room"; key: string; room: GridRoom; segments: Segment[] }
  | {
      kind: "unassigned";
      key: string;
      roomTypeId: string | null;
      typeName: string;
      lane: number;
      segments: Segment[];
    };
export type TypeRow = {
  kind: "type";
  key: string;
  roomTypeId: string | null;
  name: string;
  rooms: number;
  /** Rooms of the type free each night: rooms − stays holding the type − blocked rooms. */
  free: number[];
};
export type ChartRow = TypeRow | LaneRow;

/**
 * The names (in English) of the group of rooms without a type and of a type known only by its id; the chart
 * shows them in the language shown (chartWords.ts, typeName).
 */
export const NO_TYPE = "No room type";
export const UNNAMED_TYPE = "Room type";

type Chart = {
  rows: ChartRow[];
  /** Where each stay on the chart is: its row's index. */
  stayRow: Map<string, number>;
};

type Placed = { col: number; span: number; item: { kind: "stay"; stay: AvailabilityStay } | BlockItem };
type BlockItem = { kind: "block"; block: GridBlock };

/**
 * A lane's segments are worked out the first time they are read: the chart renders the few dozen rows in
 * view, so a 1,000-room grid does not build 15,000 cells before its first frame. The getter lives on the
 * class, not on each row: an object literal with its own getter made every row a slow object to create
 * (7,351 of them at the largest hotel).
 */
class Lane {
  #segments: Segment[] | undefined;
  constructor(
    private readonly placed: Placed[] | undefined,
    private readonly days: number,
  ) {}
  get segments(): Segment[] {
    this.#segments ??= segmentsOf(this.placed, this.days);
    return this.#segments;
  }
}

class RoomLane extends Lane {
  readonly kind = "room";
  constructor(
    readonly key: string,
    readonly room: GridRoom,
    placed: Placed[] | undefined,
    days: number,
  ) {
    super(placed, days);
  }
}

class UnassignedLane extends Lane {
  readonly kind = "unassigned";
  constructor(
    readonly key: string,
    readonly roomTypeId: string | null,
    readonly typeName: string,
    readonly lane: number,
    placed: Placed[],
    days: number,
  ) {
    super(placed, days);
  }
}

export function buildChart(availability: Availability): Chart {
  const { dates, rooms, stays, blocks } = availability;
  const days = dates.length;
  const first = dates[0] ?? "";
  const after = days > 0 ? addDays(first, days) : "";
  // ISO dates order as strings, and the window's dates are consecutive: a night's column is a lookup, so
  // thousands of stays cost no date arithmetic.
  const columnOf = new Map(dates.map((date, col) => [date, col]));
  const clip = (date: string) => (date <= first ? 0 : date >= after ? days : (columnOf.get(date) ?? days));
  // Columns of [from, to) clipped to the window; undefined when outside it.
  const columns = (from: string, to: string): { col: number; span: number } | undefined => {
    if (days === 0) return undefined;
    const start = clip(from);
    const end = clip(to);
    return end > start ? { col: start, span: end - start } : undefined;
  };

  const roomById = new Map(rooms.map((room) => [room.id, room]));
  const typeOfRoom = (roomId: string) => roomById.get(roomId)?.roomTypeId ?? null;
  const groups = new Map<string, { id: string | null; name: string; rooms: GridRoom[] }>();
  const group = (id: string | null, name: string | null) => {
    const key = id ?? "";
    let found = groups.get(key);
    if (!found) {
      found = { id, name: id === null ? NO_TYPE : (name ?? UNNAMED_TYPE), rooms: [] };
      groups.set(key, found);
    } else if (name && found.name === UNNAMED_TYPE) {
      found.name = name;
    }
    return found;
  };
  for (const room of rooms) group(room.roomTypeId, room.roomTypeName).rooms.push(room);

  const placedByRoom = new Map<string, Placed[]>();
  const unassignedByType = new Map<string, Placed[]>();
  const taken = new Map<string, number[]>(); // per type key: nights held or blocked
  const take = (typeKey: string, col: number, span: number) => {
    let nights = taken.get(typeKey);
    if (!nights) {
      nights = new Array(days).fill(0);
      taken.set(typeKey, nights);
    }
    for (let i = col; i < col + span; i++) nights[i] = (nights[i] ?? 0) + 1;
  };
  const push = <K>(map: Map<K, Placed[]>, key: K, placed: Placed) => {
    const list = map.get(key);
    if (list) list.push(placed);
    else map.set(key, [placed]);
  };

  for (const stay of stays) {
    const at = columns(stay.checkInDate, stay.checkOutDate);
    if (!at) continue;
    const typeId = stay.roomTypeId ?? (stay.roomId ? typeOfRoom(stay.roomId) : null);
    if (holdsRoom(stay.status)) take(typeId ?? "", at.col, at.span);
    const placed: Placed = { col: at.col, span: at.span, item: { kind: "stay", stay } };
    if (stay.roomId && roomById.has(stay.roomId)) push(placedByRoom, stay.roomId, placed);
    else {
      group(typeId, null);
      push(unassignedByType, typeId ?? "", placed);
    }
  }
  for (const block of blocks) {
    const at = columns(block.startDate, block.endDate);
    if (!at || !roomById.has(block.roomId)) continue;
    take(typeOfRoom(block.roomId) ?? "", at.col, at.span);
    push(placedByRoom, block.roomId, { col: at.col, span: at.span, item: { kind: "block", block } });
  }

  const ordered = [...groups.entries()].sort(([a, x], [b, y]) =>
    a === "" ? 1 : b === "" ? -1 : x.name.localeCompare(y.name) || a.localeCompare(b),
  );
  const rows: ChartRow[] = [];
  const stayRow = new Map<string, number>();
  const addLane = (lane: LaneRow, placed: Placed[] | undefined) => {
    for (const item of placed ?? [])
      if (item.item.kind === "stay") stayRow.set(item.item.stay.id, rows.length);
    rows.push(lane);
  };
  for (const [key, { id, name, rooms: typeRooms }] of ordered) {
    const held = taken.get(key);
    rows.push({
      kind: "type",
      key: `type:${key}`,
      roomTypeId: id,
      name,
      rooms: typeRooms.length,
      free: Array.from({ length: days }, (_, i) => typeRooms.length - (held?.[i] ?? 0)),
    });
    for (const room of typeRooms) {
      const placed = placedByRoom.get(room.id);
      addLane(new RoomLane(room.id, room, placed, days), placed);
    }
    lanesOf(unassignedByType.get(key) ?? []).forEach((placed, index) => {
      addLane(new UnassignedLane(`unassigned:${key}:${index}`, id, name, index, placed, days), placed);
    });
  }
  return { rows, stayRow };
}

/** Greedy interval partitioning: the fewest lanes in which no two stays overlap. */
function lanesOf(placed: Placed[]): Placed[][] {
  const lanes: { end: number; items: Placed[] }[] = [];
  for (const item of [...placed].sort((a, b) => a.col - b.col || b.span - a.span)) {
    const lane = lanes.find((l) => l.end <= item.col);
    if (lane) {
      lane.items.push(item);
      lane.end = item.col + item.span;
    } else lanes.push({ end: item.col + item.span, items: [item] });
  }
  return lanes.map((lane) => lane.items);
}

/** A row's segments in column order; where two items overlap (never for held stays) the earlier one wins. */
function segmentsOf(placed: Placed[] | undefined, days: number): Segment[] {
  const owner: (Placed | undefined)[] = new Array(days);
  for (const item of [...(placed ?? [])].sort((a, b) => a.col - b.col)) {
    let span = 0;
    while (span < item.span && owner[item.col + span] === undefined) span++;
    if (span === 0) continue;
    const trimmed = { ...item, span };
    for (let i = item.col; i < item.col + span; i++) owner[i] = trimmed;
  }
  const segments: Segment[] = [];
  for (let col = 0; col < days; ) {
    const item = owner[col];
    if (!item) {
      segments.push({ kind: "free", col, span: 1 });
      col++;
      continue;
    }
    segments.push(
      item.item.kind === "stay"
        ? { kind: "stay", col, span: item.span, stay: item.item.stay }
        : { kind: "block", col, span: item.span, block: item.item.block },
    );
    col += item.span;
  }
  return segments;
}

/** The segment of a row that covers a column. */
export function segmentAt(row: LaneRow, col: number): Segment | undefined {
  return row.segments.find((segment) => segment.col <= col && col < segment.col + segment.span);
}

/** A stay's name on the chart: its guest, or its code when the booking has no name. */
export const stayLabel = (stay: AvailabilityStay): string => stayDisplayName(stay);
