import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { API_PATHS } from "../../domain/api-paths.js";
import { FRONT_DESK_DAYS } from "../../domain/constants.js";
import { prefetchForHint, seedFromHints } from "./first-screen.js";
import { ownPropertyQuery } from "./property.js";
import { availabilityQuery } from "./resources.js";
import { sessionQuery } from "./session.js";

const pid = "3f1c2d4e-0000-4000-8000-000000000001";
const today = "2026-11-25";
const grid = API_PATHS.availability(pid, today, FRONT_DESK_DAYS);
const compactGrid = {
  format: "compact",
  start: today,
  days: FRONT_DESK_DAYS,
  roomTypes: [],
  rooms: [],
  stays: [],
  blocks: [],
};

let client: QueryClient;
/** Answers by path; a path without one never answers. */
let answers: Map<string, { status: number; body: unknown }>;
let asked: string[];

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  answers = new Map();
  asked = [];
  vi.stubGlobal("fetch", (path: string) => {
    asked.push(path);
    const answer = answers.get(path);
    if (!answer) return new Promise(() => {});
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  client.clear();
});

describe("prefetchForHint", () => {
  it("knows the session, the own property and the Front Desk's grid, and nothing else", () => {
    expect(prefetchForHint(API_PATHS.session)).not.toBeNull();
    expect(prefetchForHint(API_PATHS.ownProperty)).not.toBeNull();
    expect(prefetchForHint(grid)).not.toBeNull();
    expect(prefetchForHint("/api/properties")).toBeNull();
    expect(prefetchForHint(`/api/properties/${pid}/rooms`)).toBeNull();
    // A grid the Front Desk would not ask for in this form: its query could not use the answer.
    expect(prefetchForHint(grid.replace("&format=compact", ""))).toBeNull();
    expect(prefetchForHint(grid.replace(`days=${FRONT_DESK_DAYS}`, "days=x"))).toBeNull();
    expect(prefetchForHint(`${grid}&extra=1`)).toBeNull();
  });
});

describe("seedFromHints", () => {
  it("puts each hinted answer in the query the screens read, asking once for each", async () => {
    const session = { user: { id: "u1", email: "a@example.com", displayName: "A", isAdmin: false } };
    const property = { id: pid, name: "Hotel", timeZone: "UTC" };
    answers.set(API_PATHS.session, { status: 200, body: session });
    answers.set(API_PATHS.ownProperty, { status: 200, body: property });
    answers.set(grid, { status: 200, body: compactGrid });
    await seedFromHints(client, [API_PATHS.session, API_PATHS.ownProperty, grid, "/api/properties"]);

    expect(asked.sort()).toEqual([API_PATHS.ownProperty, API_PATHS.session, grid].sort());
    expect(client.getQueryData(sessionQuery.queryKey)).toEqual(session);
    expect(client.getQueryData(ownPropertyQuery.queryKey)).toEqual(property);
    const expanded = client.getQueryData(availabilityQuery(pid, today, FRONT_DESK_DAYS).queryKey);
    expect(expanded).toMatchObject({ rooms: [], stays: [] });
    // Fresh: a screen mounting on it now reads it from the cache instead of asking again.
    expect(client.getQueryState(sessionQuery.queryKey)?.isInvalidated).toBe(false);
    expect(client.getQueryCache().find({ queryKey: ownPropertyQuery.queryKey })?.isStale()).toBe(false);
  });

  it("leaves a failed answer to the screen's own query, without failing the others", async () => {
    answers.set(API_PATHS.session, { status: 200, body: { user: null } });
    answers.set(grid, { status: 500, body: { error: { code: "internal", message: "Boom" } } });
    await seedFromHints(client, [API_PATHS.session, grid]);
    expect(client.getQueryData(sessionQuery.queryKey)).toEqual({ user: null });
    const failed = client.getQueryState(availabilityQuery(pid, today, FRONT_DESK_DAYS).queryKey);
    expect(failed?.status).toBe("error");
    expect(failed?.data).toBeUndefined();
  });

  it("stops waiting after waitMs; a late answer still lands in its query, asked for once", async () => {
    answers.set(API_PATHS.session, { status: 200, body: { user: null } });
    let answerGrid: (() => void) | undefined;
    vi.stubGlobal("fetch", (path: string) => {
      asked.push(path);
      if (path !== grid) return Promise.resolve(new Response(JSON.stringify({ user: null })));
      return new Promise<Response>((resolve) => {
        answerGrid = () => resolve(new Response(JSON.stringify(compactGrid)));
      });
    });
    await seedFromHints(client, [API_PATHS.session, grid], 20);
    const key = availabilityQuery(pid, today, FRONT_DESK_DAYS).queryKey;
    expect(client.getQueryState(key)?.fetchStatus).toBe("fetching");
    // The screen's query joins the read in flight instead of asking again.
    const joined = client.fetchQuery(availabilityQuery(pid, today, FRONT_DESK_DAYS));
    answerGrid?.();
    await expect(joined).resolves.toMatchObject({ rooms: [] });
    expect(asked.filter((path) => path === grid)).toHaveLength(1);
  });
});
