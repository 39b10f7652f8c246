// The folio bench's property (`npm run bench -- --folio`, bench/folio.ts): a background of stays seeded in SQL
// (the main data set's rules), then everything the folio and invoices need made through the HTTP API as the
// desk would: two tax rates, the room types taxed, prices excluding tax with a city tax, four products, one
// 30-night stay with 100 posted lines (some voided) and many 2-night stays with a few charges each.
import type { IsoDate } from "../../src/domain/dates.js";
import { type Backend, execOf } from "./backends.js";
import { dayToIso, type GeneratedProperty, generateProperty, isoToDay } from "./dataset.js";
import type { Client } from "./http.js";
import { type SeededIds, seedProperty, seedReservations } from "./seed.js";

export const FOLIO_OWNER = { email: "folio@bench.innkeep.test", name: "Folio Owner" };

export type FolioConfig = {
  quick: boolean;
  rooms: number;
  /** Stays seeded in SQL before the bench's own (the property's history). */
  background: number;
  /** The long stay: its nights, its posted lines and how many of them are voided. */
  nights: number;
  lines: number;
  voided: number;
  folioWarmup: number;
  folioRequests: number;
  /** Stays invoiced one at a time, with their PDF (after `invoiceWarmup` untimed). */
  invoiceStays: number;
  invoiceWarmup: number;
  chargesPerStay: number;
  /** Rounds of `concurrency` issues one at a time and as many at once (ABBA). */
  rounds: number;
  concurrency: number;
  /** PostgreSQL: further rounds at once with pg_stat_activity sampled (not timed). */
  observedRounds: number;
  /** Rounds of the server's issueInvoice run in the bench process with each statement timed. */
  anatomyRounds: number;
  today: IsoDate;
};

export function folioConfig(quick: boolean, today: IsoDate): FolioConfig {
  return {
    quick,
    rooms: 100,
    background: quick ? 1_000 : 10_000,
    nights: 30,
    lines: 100,
    voided: 6,
    folioWarmup: 50,
    folioRequests: quick ? 150 : 400,
    invoiceStays: quick ? 30 : 120,
    invoiceWarmup: 5,
    chargesPerStay: 3,
    rounds: quick ? 4 : 20,
    concurrency: 16,
    observedRounds: quick ? 2 : 5,
    anatomyRounds: quick ? 2 : 5,
    today,
  };
}

/**
 * The 2-night stays the run invoices, one per invoice: the PDF run's, then the rounds over HTTP and in the
 * bench process (each with one untimed round each way first; PostgreSQL's twice, with two pool sizes), and
 * the observed rounds.
 */
export const staysNeeded = (c: FolioConfig): number =>
  c.invoiceStays +
  c.invoiceWarmup +
  c.concurrency * (2 * (c.rounds + 1) + c.observedRounds + 4 * (c.anatomyRounds + 1));

export const folioData = (c: FolioConfig): GeneratedProperty =>
  generateProperty({ rooms: c.rooms, reservations: c.background, today: c.today, seed: 41 });

/** A fresh database of `backend` with the owner, the property and its background stays (SQL, no HTTP). */
export async function seedFolioProperty(backend: Backend, data: GeneratedProperty): Promise<SeededIds> {
  const database = await backend.open(true);
  try {
    const exec = execOf(database);
    const issuer = `http://127.0.0.1:${backend.port}/dev-idp`;
    const ids = await seedProperty(exec, { issuer, ...FOLIO_OWNER, data });
    await seedReservations(exec, ids, data, 0, data.reservations.length);
    return ids;
  } finally {
    await database.close(); // PGlite: the server takes the data directory's lock
  }
}

type Body = Record<string, unknown>;

async function call<T>(client: Client, method: string, path: string, body: unknown, status: number) {
  const answer = await client.json<T>(method, path, body);
  if (answer.status !== status)
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Runs `work` over `items` with `concurrency` in flight. */
export async function pool<T>(items: T[], concurrency: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export type FolioSetup = {
  /** The 30-night stay with the posted lines. */
  longStay: string;
  /** 2-night stays with `chargesPerStay` charges each, none invoiced yet. */
  stays: string[];
  taxRates: { room: string; other: string };
  seconds: number;
};

/** One charge of a mix: products with a tax rate, free lines taxed and untaxed, now and then an adjustment. */
function charge(i: number, products: string[], taxRates: FolioSetup["taxRates"]): Body {
  switch (i % 5) {
    case 0:
      return { productId: products[0], quantity: 2 };
    case 1:
      return { productId: products[1], quantity: 1 + (i % 3) };
    case 2:
      return { productId: products[2 + (i % 2)], quantity: 1 };
    case 3:
      return {
        description: `Room service #${i}`,
        quantity: 1,
        unitPrice: 320 + i,
        taxRateId: taxRates.other,
      };
    default:
      return i % 20 === 4
        ? { description: `Goodwill adjustment #${i}`, quantity: 1, unitPrice: -150 }
        : { description: `Parking, day ${i}`, quantity: 1, unitPrice: 200, taxRateId: null };
  }
}

/**
 * Through the API: the tax settings, the products and the stays with their lines. The long stay's lines are
 * posted one at a time in order; the short stays are made 4 at a time.
 */
export async function setUpFolio(
  client: Client,
  ids: SeededIds,
  data: GeneratedProperty,
  c: FolioConfig,
  log: (message: string) => void,
): Promise<FolioSetup> {
  const started = performance.now();
  const base = `/api/properties/${ids.pid}`;
  const rate = (name: string, percent: number) =>
    call<{ id: string }>(client, "POST", `${base}/tax-rates`, { name, percent }, 201);
  const taxRates = { room: (await rate("GST 12 %", 12)).id, other: (await rate("GST 18 %", 18)).id };
  for (const typeId of ids.typeIds)
    await call(client, "PATCH", `${base}/room-types/${typeId}`, { taxRateId: taxRates.room }, 200);
  await call(
    client,
    "PATCH",
    base,
    {
      pricesIncludeTax: false,
      cityTaxPerAdultPerNight: 50,
      legalName: "Folio Bench Hotels Private Limited",
      address: "12 MG Road\nBengaluru 560001\nKarnataka, India",
      taxId: "29ABCDE1234F1Z5",
    },
    200,
  );
  const product = async (name: string, price: number, taxRateId: string) =>
    (await call<{ id: string }>(client, "POST", `${base}/products`, { name, price, taxRateId }, 201)).id;
  const products = [
    await product("Breakfast buffet", 450, taxRates.room),
    await product("Minibar", 180, taxRates.other),
    await product("Laundry, per bag", 250, taxRates.other),
    await product("Airport transfer", 1500, taxRates.room),
  ];
  const t = isoToDay(c.today);
  const book = (room: number, checkIn: number, nights: number, n: number) =>
    call<{ id: string }>(
      client,
      "POST",
      `${base}/reservations`,
      {
        guestName: `Folio Guest ${n}`,
        guestEmail: `folio.guest.${n}@example.test`,
        roomId: ids.roomIds[room],
        checkInDate: dayToIso(checkIn),
        checkOutDate: dayToIso(checkIn + nights),
        adults: 2,
      },
      201,
    );
  // The generated stays end before today + 365: the bench's own come after, where every room is free.
  // Rooms whose type holds the stays' 2 adults (a generated type's capacity is 1 + its index mod 4).
  const rooms = data.rooms.flatMap((room, i) => ((data.roomTypes[room.type]?.capacity ?? 0) >= 2 ? [i] : []));
  const longStay = (await book(rooms[0] as number, t + 370, c.nights, 0)).id;
  const posted: string[] = [];
  for (let i = 0; i < c.lines; i++) {
    const body = charge(i, products, taxRates);
    posted.push(
      (await call<{ id: string }>(client, "POST", `${base}/reservations/${longStay}/charges`, body, 201)).id,
    );
  }
  for (let v = 0; v < c.voided; v++) {
    const id = posted[Math.floor(((v + 0.5) * c.lines) / c.voided)];
    await call(client, "POST", `${base}/reservations/${longStay}/charges/${id}/void`, undefined, 200);
  }
  const count = staysNeeded(c);
  log(
    `${c.lines} lines on the ${c.nights}-night stay; making ${count} 2-night stays with ${c.chargesPerStay} charges each`,
  );
  const stays: string[] = new Array(count);
  await pool([...Array(count).keys()], 4, async (k) => {
    const room = rooms[k % rooms.length] as number;
    const id = (await book(room, t + 400 + 3 * Math.floor(k / rooms.length), 2, k + 1)).id;
    for (let i = 0; i < c.chargesPerStay; i++)
      await call(
        client,
        "POST",
        `${base}/reservations/${id}/charges`,
        charge(k + i, products, taxRates),
        201,
      );
    stays[k] = id;
  });
  return { longStay, stays, taxRates, seconds: (performance.now() - started) / 1000 };
}
