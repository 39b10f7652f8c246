/**
 * What the booking engine sells, kept per property over its booking horizon (decision 046): the room types,
 * their rooms, every night's use and override from the hotel's today to `HORIZON_DAYS` ahead, and the public
 * plans, read in one statement with the property's event number. A search never made before is then worked
 * out in memory (`offersFrom`) instead of reading its nights: guests' searches are mostly new (365 arrivals
 * × 7 lengths × 3 party sizes at a hotel), while a property changes far less often than it is searched.
 *
 * A snapshot is used while it reflects the property's latest event (read just before, as for kept answers,
 * src/server/http/kept-answers.ts), so a search sees every change committed before it arrived; the first
 * search after a change reads the horizon again, once for all the searches waiting on it (single flight).
 * A stay ending beyond the horizon is read for itself. At most `maxRows` nights and overrides are kept across
 * properties, the least recently searched property let go first.
 */
import { addDays, compareIsoDates, dateSequence, type IsoDate } from "../../../domain/dates.js";
import { nightsBetween } from "../../../domain/stays.js";
import type { NightUse } from "../quotes/index.js";
import type { OfferRequest, Sellable, SellableOverride } from "./offers.js";
import type { EngineProperty } from "./property.js";

/** How far ahead a snapshot reaches: a year of arrivals and a long stay beyond the last. */
export const HORIZON_DAYS = 400;
/**
 * Nights and overrides kept across properties (each about 100 bytes): some 12 hotels of 1,000 rooms in 20
 * types, or 80 of 50 rooms in 3, in about 10 MB.
 */
const MAX_ROWS = 100_000;

type Snapshot = Omit<Sellable, "uses" | "overrides"> & {
  from: IsoDate;
  to: IsoDate;
  uses: Map<IsoDate, NightUse[]>;
  overrides: Map<IsoDate, SellableOverride[]>;
  rows: number;
};

function byDate<T>(rows: readonly T[], dateOf: (row: T) => IsoDate): Map<IsoDate, T[]> {
  const map = new Map<IsoDate, T[]>();
  for (const row of rows) {
    const date = dateOf(row);
    const list = map.get(date);
    if (list) list.push(row);
    else map.set(date, [row]);
  }
  return map;
}

/** The snapshot's rows for the request's nights only, as `offersFrom` takes them. */
function slice(snapshot: Snapshot, request: OfferRequest): Sellable {
  const nights = dateSequence(request.checkIn, nightsBetween(request.checkIn, request.checkOut));
  return {
    seq: snapshot.seq,
    types: snapshot.types,
    rooms: snapshot.rooms,
    plans: snapshot.plans,
    uses: nights.flatMap((night) => snapshot.uses.get(night) ?? []),
    overrides: nights.flatMap((night) => snapshot.overrides.get(night) ?? []),
  };
}

/** Reads what is sellable at a property over the nights from `from` to `to` (offers.ts `readSellable`). */
export type ReadSellable = (propertyId: string, from: IsoDate, to: IsoDate) => Promise<Sellable>;

export class SellableSnapshots {
  /** By property id, least recently searched first (Map keeps insertion order). */
  private readonly kept = new Map<string, Snapshot>();
  private readonly loading = new Map<string, Promise<Snapshot>>();
  private rows = 0;

  constructor(
    private readonly read: ReadSellable,
    private readonly maxRows = MAX_ROWS,
  ) {}

  /**
   * What is sellable over the request's nights as of the property's event `property.eventSeq` or later.
   * `today` is the hotel's (the request's arrival is not before it).
   */
  async sellable(property: EngineProperty, request: OfferRequest, today: IsoDate): Promise<Sellable> {
    const to = addDays(today, HORIZON_DAYS);
    if (compareIsoDates(request.checkOut, to) > 0) {
      return this.read(property.id, request.checkIn, request.checkOut);
    }
    const kept = this.kept.get(property.id);
    if (kept && kept.seq >= property.eventSeq && covers(kept, request)) {
      this.kept.delete(property.id);
      this.kept.set(property.id, kept);
      return slice(kept, request);
    }
    return slice(await this.load(property.id, property.eventSeq, today, to), request);
  }

  /** How many properties have a snapshot kept, and how many rows they hold (for tests). */
  get held(): { properties: number; rows: number } {
    return { properties: this.kept.size, rows: this.rows };
  }

  private load(propertyId: string, latestSeq: number, from: IsoDate, to: IsoDate): Promise<Snapshot> {
    const flightKey = `${propertyId}@${latestSeq}/${from}`;
    let flight = this.loading.get(flightKey);
    if (!flight) {
      flight = this.read(propertyId, from, to)
        .then((sellable) => snapshotOf(sellable, from, to))
        .finally(() => this.loading.delete(flightKey));
      this.loading.set(flightKey, flight);
      flight.then(
        (snapshot) => this.keep(propertyId, snapshot),
        // The waiting searches are answered with the error; the next search reads again.
        () => {},
      );
    }
    return flight;
  }

  private keep(propertyId: string, snapshot: Snapshot): void {
    const kept = this.kept.get(propertyId);
    // A slower read of an older snapshot must not replace a newer one.
    if (kept && kept.seq > snapshot.seq) return;
    if (kept) this.drop(propertyId, kept);
    if (snapshot.rows > this.maxRows) return;
    this.kept.set(propertyId, snapshot);
    this.rows += snapshot.rows;
    for (const [oldId, old] of this.kept) {
      if (this.rows <= this.maxRows) break;
      this.drop(oldId, old);
    }
  }

  private drop(propertyId: string, snapshot: Snapshot): void {
    this.kept.delete(propertyId);
    this.rows -= snapshot.rows;
  }
}

const covers = (snapshot: Snapshot, { checkIn, checkOut }: OfferRequest): boolean =>
  compareIsoDates(snapshot.from, checkIn) <= 0 && compareIsoDates(checkOut, snapshot.to) <= 0;

/**
 * Indexed by night, each room type's id held once (the parsed rows would otherwise repeat it in every
 * night's row).
 */
function snapshotOf(sellable: Sellable, from: IsoDate, to: IsoDate): Snapshot {
  const typeIds = new Map(sellable.types.map((type) => [type.id, type.id]));
  const same = (id: string | null) => (id === null ? null : (typeIds.get(id) ?? id));
  const uses = sellable.uses.map((use) => ({ ...use, type: same(use.type) }));
  const overrides = sellable.overrides.map((o) => ({ ...o, roomTypeId: same(o.roomTypeId) }));
  return {
    ...sellable,
    from,
    to,
    uses: byDate(uses, (use) => use.night),
    overrides: byDate(overrides, (o) => o.date),
    rows: uses.length + overrides.length,
  };
}
