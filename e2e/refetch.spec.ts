/**
 * One change, one refetch (issue 16 goal 6, decision 017). Two windows of one user are open; one of them
 * makes a change. Each window must show it, and must fetch each of its queries at most once for it: the
 * acting window refreshes through its own live event (or, with its stream down, through the change's
 * answer), never through both, and one event refreshes a query once even when several of its tables map to
 * that query.
 *
 * Every GET of the API a window makes after the change is counted (page.on("request")), with the bytes of
 * its answer as sent (compressed) and as read. `REFETCH_ROOMS` and `REFETCH_STAYS_PER_ROOM` make the
 * property larger, to measure bytes per change on a grid of bench size (e.g. 1000 and 3); the counts are
 * asserted at any size.
 */
import type { Browser, Page, Request } from "@playwright/test";
import { addDays } from "../src/domain/dates.js";
import { expect, type Person, signIn, test } from "./fixtures.js";

const ROOMS = Number(process.env.REFETCH_ROOMS ?? 3);
const STAYS_PER_ROOM = Number(process.env.REFETCH_STAYS_PER_ROOM ?? 0);
/** How long a window must stay quiet before its traffic for a change is counted as complete. */
const QUIET_MS = 1_000;
/** A change is counted for at least this long: longer than any late refresh could come (decision 017). */
const COUNT_FOR_MS = 3_500;
// Seeding a bench-sized property through the API takes minutes.
test.describe.configure({ timeout: ROOMS > 100 ? 900_000 : 60_000 });

type Fetch = { path: string; encoded: number; decoded: number };

/** The API reads a window makes, with their sizes once they have finished. */
class Traffic {
  private fetches: Fetch[] = [];
  private started: Request[] = [];
  private done = new Set<Request>();
  private failed = 0;
  private measuring = 0;
  private lastAt = Date.now();
  /** When the window's own write was answered, and when its last grid read after that was. */
  private answeredAt: number | undefined;
  private gridAnsweredAt: number | undefined;

  constructor(page: Page) {
    page.on("requestfinished", (request) => {
      if (request.method() !== "GET" && new URL(request.url()).pathname.startsWith("/api/properties/")) {
        this.answeredAt = Date.now();
      }
    });
    page.on("request", (request) => {
      if (!isApiRead(request)) return;
      this.started.push(request);
      this.lastAt = Date.now();
    });
    page.on("requestfinished", async (request) => {
      if (!isApiRead(request)) return;
      this.lastAt = Date.now();
      const url = new URL(request.url());
      const fetch = { path: url.pathname + url.search, encoded: 0, decoded: 0 };
      if (url.pathname.endsWith("/availability")) this.gridAnsweredAt = Date.now();
      this.done.add(request);
      this.fetches.push(fetch);
      this.measuring += 1;
      try {
        fetch.encoded = (await request.sizes()).responseBodySize;
        fetch.decoded = (await (await request.response())?.body())?.length ?? 0;
      } catch {
        // The page went away first: the request still counts, without its size.
      } finally {
        this.measuring -= 1;
      }
    });
    page.on("requestfailed", (request) => {
      if (!isApiRead(request)) return;
      this.lastAt = Date.now();
      this.failed += 1;
      this.done.add(request);
    });
  }

  reset() {
    this.fetches = [];
    this.started = [];
    this.failed = 0;
    this.answeredAt = undefined;
    this.gridAnsweredAt = undefined;
  }

  /** From the window's own write's answer to its last grid answer: how long until its grid is final. */
  gridFinalAfterMs(): number | undefined {
    if (this.answeredAt === undefined || this.gridAnsweredAt === undefined) return undefined;
    return this.gridAnsweredAt - this.answeredAt;
  }

  /** Waits until nothing has been asked or answered for QUIET_MS and every request has finished. */
  async quiet(atLeastMs = 0) {
    const from = Date.now();
    await expect
      .poll(
        () => {
          if (Date.now() - from < atLeastMs || Date.now() - this.lastAt < QUIET_MS) return "busy";
          const open = this.started.filter((request) => !this.done.has(request));
          if (open.length > 0) return `unfinished: ${open.map((request) => request.url()).join(", ")}`;
          return this.measuring === 0 ? "quiet" : "measuring";
        },
        { timeout: 30_000, intervals: [100] },
      )
      .toBe("quiet");
  }

  /** The reads made since the last reset, by path. */
  counts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const request of this.started) {
      const url = new URL(request.url());
      const path = url.pathname + url.search;
      counts.set(path, (counts.get(path) ?? 0) + 1);
    }
    return counts;
  }

  grids(): number {
    return this.started.filter((request) => new URL(request.url()).pathname.endsWith("/availability")).length;
  }

  bytes() {
    const sum = (pick: (fetch: Fetch) => number, only?: string) =>
      this.fetches.filter((f) => !only || f.path.includes(only)).reduce((total, f) => total + pick(f), 0);
    return {
      failed: this.failed,
      encoded: sum((f) => f.encoded),
      decoded: sum((f) => f.decoded),
      gridEncoded: sum((f) => f.encoded, "/availability"),
      gridDecoded: sum((f) => f.decoded, "/availability"),
    };
  }
}

function isApiRead(request: Request): boolean {
  const url = new URL(request.url());
  return request.method() === "GET" && url.pathname.startsWith("/api/") && !url.pathname.endsWith("/events");
}

type Hotel = { pid: string; today: string; rooms: string[]; guestId: string };

/** A property of ROOMS rooms, one guest arriving today in the first, and STAYS_PER_ROOM one-night stays per room later on. */
async function seedHotel(page: Page): Promise<Hotel> {
  const pid = (await (await page.request.get("/api/property")).json()).id as string;
  const api = `/api/properties/${pid}`;
  const type = await page.request.post(`${api}/room-types`, {
    data: { name: "Deluxe", capacity: 2, baseRate: 1500 },
  });
  const typeId = (await type.json()).id as string;
  const rooms = await inBatches(ROOMS, async (i) => {
    const room = await page.request.post(`${api}/rooms`, {
      data: { number: String(101 + i), roomTypeId: typeId, floor: 1 + Math.floor(i / 100) },
    });
    expect(room.status()).toBe(201);
    return (await room.json()).id as string;
  });
  await page.goto("/hms/frontdesk");
  const today = await page.getByLabel("Start date").inputValue();
  /** A one-night stay from `checkInDate`; answers its id. */
  const book = async (guestName: string, roomId: string | undefined, checkInDate: string) => {
    const stay = await page.request.post(`${api}/reservations`, {
      data: { guestName, roomId, checkInDate, checkOutDate: addDays(checkInDate, 1) },
    });
    expect(stay.status()).toBe(201);
    return (await stay.json()).id as string;
  };
  await inBatches(ROOMS * STAYS_PER_ROOM, (i) =>
    book(`Guest ${i}`, rooms[i % ROOMS], addDays(today, 1 + 2 * Math.floor(i / ROOMS))),
  );
  return { pid, today, rooms, guestId: await book("Arriving Guest", rooms[0], today) };
}

async function inBatches<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, (_, k) => make(start + k));
    made.push(...(await Promise.all(batch)));
  }
  return made;
}

/** Opens `path` and waits for its live stream to be open. */
async function openLive(page: Page, path: string): Promise<void> {
  const live = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith("/events"));
  await page.goto(path);
  await live;
}

/** The same user's window in another browser context, with its traffic watched from the start. */
async function secondWindow(browser: Browser, person: Person): Promise<{ page: Page; traffic: Traffic }> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, person);
  const traffic = new Traffic(page);
  await openLive(page, "/hms/frontdesk");
  return { page, traffic };
}

/**
 * A seeded hotel, a second window of the acting user on the Front Desk, and the acting window's traffic,
 * counted from before it opens `path` (when given) with its live stream.
 */
async function twoWindows(acting: Page, person: Person, browser: Browser, path?: string) {
  const hotel = await seedHotel(acting);
  const { page: watching, traffic: watchingTraffic } = await secondWindow(browser, person);
  const actingTraffic = new Traffic(acting);
  if (path) await openLive(acting, path);
  return { hotel, watching, watchingTraffic, actingTraffic };
}

const grid = (page: Page) => page.getByRole("table", { name: "Availability" });
const bar = (page: Page, name: string) => grid(page).getByRole("button", { name: new RegExp(name) });
const hkOf = (page: Page, room: string) =>
  grid(page)
    .getByRole("rowheader", { name: new RegExp(room) })
    .locator(".fd-hk");

/**
 * Makes sure the windows have loaded, their live streams are open and have caught up (decision 013
 * refreshes on first open), and that events reach them: a colleague books a stay, the windows show it, then
 * their traffic settles and is counted from zero.
 */
async function warmUp(
  hotel: Hotel,
  windows: { page: Page; traffic: Traffic }[],
  acting: Page,
  showsIt: (page: Page) => Promise<void>,
) {
  for (const { traffic } of windows) await traffic.quiet();
  const booked = await acting.request.post(`/api/properties/${hotel.pid}/reservations`, {
    data: {
      guestName: "Warm Up",
      roomId: hotel.rooms[0],
      checkInDate: addDays(hotel.today, 10),
      checkOutDate: addDays(hotel.today, 11),
    },
  });
  expect(booked.status()).toBe(201);
  for (const { page, traffic } of windows) {
    await showsIt(page);
    await traffic.quiet();
    traffic.reset();
  }
}

/** Warms up the watching Front Desk only, then counts the acting window's traffic from zero too. */
async function warmUpWatching(
  acting: Page,
  { hotel, watching, watchingTraffic, actingTraffic }: Awaited<ReturnType<typeof twoWindows>>,
) {
  await warmUp(hotel, [{ page: watching, traffic: watchingTraffic }], acting, (page) =>
    expect(bar(page, "Warm Up")).toBeVisible(),
  );
  await actingTraffic.quiet();
  actingTraffic.reset();
}

const checkInArrivingGuest = (page: Page) =>
  page
    .getByRole("region", { name: /Arrivals/ })
    .getByRole("button", { name: "Check-In Arriving Guest" })
    .click();

function report(name: string, traffic: Traffic) {
  const counts = Object.fromEntries(traffic.counts());
  const bytes = traffic.bytes();
  const gridFinalAfterMs = traffic.gridFinalAfterMs();
  console.log(
    `[refetch] ${name} (${ROOMS} rooms, ${ROOMS * STAYS_PER_ROOM} stays): ${JSON.stringify({ grids: traffic.grids(), gridFinalAfterMs, ...bytes, counts })}`,
  );
}

/** At most one read of each query, and of the grid in particular exactly one (it must show the change). */
function expectOneRefetch(traffic: Traffic) {
  expect(traffic.grids()).toBe(1);
  for (const [path, count] of traffic.counts()) expect(count, path).toBe(1);
}

test("opening the Front Desk reads each of its queries once: its live stream starts where the page was served", async ({
  signedIn: page,
}) => {
  await seedHotel(page);
  // Leave the page seeding left open (it is still catching up with the seeding's events) before counting.
  await page.goto("about:blank");
  const traffic = new Traffic(page);
  await openLive(page, "/hms/frontdesk");
  await expect(bar(page, "Arriving Guest")).toBeVisible();
  await traffic.quiet(COUNT_FOR_MS);
  report("opening the Front Desk", traffic);
  expectOneRefetch(traffic);
});

test("checking a guest in on one Front Desk fetches the grid once on it and once on the other", async ({
  signedIn: acting,
  person,
  browser,
}) => {
  const { hotel, watching, watchingTraffic, actingTraffic } = await twoWindows(
    acting,
    person,
    browser,
    "/hms/frontdesk",
  );
  const windows = [
    { page: acting, traffic: actingTraffic },
    { page: watching, traffic: watchingTraffic },
  ];
  await warmUp(hotel, windows, acting, (page) => expect(bar(page, "Warm Up")).toBeVisible());

  await checkInArrivingGuest(acting);
  for (const { page, traffic } of windows) {
    await expect(bar(page, "Arriving Guest")).toHaveAttribute("data-status", "checked_in");
    await expect(page.getByRole("region", { name: /In house/ })).toContainText("Arriving Guest");
    await traffic.quiet(COUNT_FOR_MS);
  }
  report("check-in, acting Front Desk", actingTraffic);
  report("check-in, watching Front Desk", watchingTraffic);
  for (const { traffic } of windows) expectOneRefetch(traffic);
  await watching.context().close();
});

test("a housekeeping status change fetches the rooms once on Housekeeping and the grid once on the Front Desk", async ({
  signedIn: acting,
  person,
  browser,
}) => {
  const windows = await twoWindows(acting, person, browser, "/hms/housekeeping");
  const { hotel, watching, watchingTraffic, actingTraffic } = windows;
  const card = acting.getByRole("article", { name: "Room 101", exact: true });
  await expect(card.getByText("clean", { exact: true })).toBeVisible();
  await warmUpWatching(acting, windows);

  await card.getByRole("button", { name: "Mark Dirty" }).click();
  await expect(card).toHaveAttribute("aria-busy", "false");
  await expect(card.getByText("dirty", { exact: true })).toBeVisible();
  await expect(hkOf(watching, "101")).toHaveClass(/dirty/);
  await actingTraffic.quiet(COUNT_FOR_MS);
  await watchingTraffic.quiet(COUNT_FOR_MS);
  report("housekeeping, acting Housekeeping", actingTraffic);
  report("housekeeping, watching Front Desk", watchingTraffic);
  expect(actingTraffic.counts().get(`/api/properties/${hotel.pid}/rooms`)).toBe(1);
  for (const [path, count] of actingTraffic.counts()) expect(count, path).toBe(1);
  expectOneRefetch(watchingTraffic);
  await watching.context().close();
});

test("with its live stream down, the acting Front Desk still shows its own change, fetching once", async ({
  signedIn: acting,
  person,
  browser,
}) => {
  const windows = await twoWindows(acting, person, browser);
  const { watching, watchingTraffic, actingTraffic } = windows;
  await acting.route("**/api/properties/*/events", (route) => route.abort());
  await acting.goto("/hms/frontdesk");
  await expect(bar(acting, "Arriving Guest")).toBeVisible();
  await warmUpWatching(acting, windows);

  await checkInArrivingGuest(acting);
  for (const page of [acting, watching]) {
    await expect(bar(page, "Arriving Guest")).toHaveAttribute("data-status", "checked_in");
  }
  await actingTraffic.quiet(COUNT_FOR_MS);
  await watchingTraffic.quiet(COUNT_FOR_MS);
  report("stream down, acting Front Desk", actingTraffic);
  report("stream down, watching Front Desk", watchingTraffic);
  expectOneRefetch(actingTraffic);
  expectOneRefetch(watchingTraffic);
  await watching.context().close();
});
