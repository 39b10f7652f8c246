import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import { afterAll, expect, it } from "vitest";
import { EVENTS_AFTER_META } from "../../domain/constants.js";
import type { Db } from "../db/connect.js";
import { latestEventSeq } from "../live/outbox.js";
import { describeBackends } from "../test/harness.js";
import { appShellHtml, moduleHints, preloadHints } from "./app-shell.js";

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-shell-"));
const INDEX =
  '<!doctype html><html><head><title>Innkeep</title></head><body><div id="root"></div></body></html>';
fs.writeFileSync(path.join(webRoot, "index.html"), INDEX);
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

describeBackends("app shell preload hints", (ctx) => {
  const asRequest = (url: string, userId: string | null) =>
    ({
      url,
      user: userId ? { id: userId, email: null, displayName: null, isAdmin: false } : null,
    }) as FastifyRequest;

  async function owner(timeZone = "Pacific/Kiritimati") {
    const user = await ctx().signIn();
    const pid = await ctx().propertyOf(user);
    const saved = await ctx().request("PATCH", `/api/properties/${pid}`, {
      as: user,
      body: { name: "Atoll Inn", currency: "USD", timeZone },
    });
    expect(saved.statusCode).toBe(200);
    return { user, pid };
  }

  it("hints the Front Desk's data, dated today in the property's time zone", async () => {
    const { user, pid } = await owner();
    // 11:30 UTC on 10 March is already 11 March at UTC+14.
    const now = new Date("2030-03-10T11:30:00Z");
    const grid = `/api/properties/${pid}/availability?start=2030-03-11&days=15&format=compact`;
    for (const pathname of ["/hms", "/hms/", "/hms/frontdesk"]) {
      expect((await preloadHints(ctx().database.db, user.id, pathname, now)).urls).toEqual([
        "/api/session",
        "/api/property",
        grid,
      ]);
    }
    // The hinted URL is one the API answers, for this user.
    expect((await ctx().request("GET", grid, { as: user })).statusCode).toBe(200);
  });

  it("hints only the session and the property on the other screens, and before the property exists", async () => {
    const { user } = await owner();
    const db = ctx().database.db;
    const basics = ["/api/session", "/api/property"];
    expect((await preloadHints(db, user.id, "/hms/reservations")).urls).toEqual(basics);
    const newcomer = await ctx().signIn();
    expect(await preloadHints(db, newcomer.id, "/hms")).toEqual({ urls: basics, eventsAfter: null });
  });

  it("names the first property's latest event, on every /hms page, so the live stream starts after it", async () => {
    const { user, pid } = await owner();
    const db = ctx().database.db;
    const latest = await latestEventSeq(db, pid);
    expect(latest).toBeGreaterThan(0); // the property's settings were saved
    for (const pathname of ["/hms/frontdesk", "/hms/reservations"]) {
      expect((await preloadHints(db, user.id, pathname)).eventsAfter).toEqual({
        propertyId: pid,
        seq: latest,
      });
    }
    await ctx().request("POST", `/api/properties/${pid}/room-types`, {
      as: user,
      body: { name: "Twin", capacity: 2, baseRate: 100 },
    });
    expect((await preloadHints(db, user.id, "/hms")).eventsAfter?.seq).toBe((latest ?? 0) + 1);
  });

  it("leaves the page alone signed out and outside /hms", async () => {
    const { user } = await owner();
    const db = ctx().database.db;
    expect(await appShellHtml(db, webRoot, asRequest("/hms", null))).toBe(INDEX);
    expect(await appShellHtml(db, webRoot, asRequest("/", user.id))).toBe(INDEX);
    expect(await appShellHtml(db, webRoot, asRequest("/hmsx", user.id))).toBe(INDEX);
  });

  it("serves the page without hints when they cannot be worked out", async () => {
    const { user } = await owner();
    const broken = {
      select: () => {
        throw new Error("database down");
      },
    } as unknown as Db;
    const request = { ...asRequest("/hms", user.id), log: { warn: () => {} } } as unknown as FastifyRequest;
    expect(await appShellHtml(broken, webRoot, request)).toBe(INDEX);
  });

  it("writes the hints into the page's head as escaped preload links", async () => {
    const { user, pid } = await owner();
    const html = await appShellHtml(ctx().database.db, webRoot, asRequest("/hms/frontdesk?x=1", user.id));
    const seq = await latestEventSeq(ctx().database.db, pid);
    expect(html).toContain(`<meta name="${EVENTS_AFTER_META}" content="${pid} ${seq}">`);
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/session" crossorigin>');
    expect(html).toMatch(
      new RegExp(
        `<link rel="preload" as="fetch" href="/api/properties/${pid}/availability\\?start=[0-9-]{10}&#38;days=15&#38;format=compact" crossorigin></head>`,
      ),
    );
    expect(await appShellHtml(ctx().database.db, webRoot, asRequest("/", null))).toBe(INDEX);
  });
});

it("hints the /hms route chunks the entry does not load, from the build manifest", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-manifest-"));
  try {
    expect(await moduleHints(root, "/hms")).toEqual([]); // no manifest: no hints
    fs.mkdirSync(path.join(root, ".vite"));
    // The shape of the real manifest (decision 016): the entry is the landing page and imports nothing of
    // the /hms app, which is a dynamic import of its own (App.tsx) that the layout and screens import back.
    const manifest = {
      "index.html": { file: "assets/index-1.js", imports: ["_shared-1.js"], dynamicImports: ["App.tsx"] },
      "_shared-1.js": { file: "assets/shared-1.js" },
      "_client-1.js": { file: "assets/client-1.js", imports: ["_shared-1.js"] },
      "App.tsx": { file: "assets/App-1.js", imports: ["_client-1.js", "index.html"] },
      "_live-1.js": { file: "assets/live-1.js", imports: ["_client-1.js"] },
      "layout/HmsLayout.tsx": {
        file: "assets/HmsLayout-1.js",
        imports: ["App.tsx", "_live-1.js", "index.html"],
      },
      "screens/frontdesk/FrontDeskScreen.tsx": { file: "assets/FrontDesk-1.js", imports: ["_live-1.js"] },
      "components/RequirePermission.tsx": { file: "assets/RequirePermission-1.js", imports: ["_live-1.js"] },
    };
    fs.writeFileSync(path.join(root, ".vite/manifest.json"), JSON.stringify(manifest));
    const app = ["/assets/App-1.js", "/assets/client-1.js"];
    const layout = ["/assets/HmsLayout-1.js", "/assets/live-1.js"];
    const frontDesk = ["/assets/FrontDesk-1.js", "/assets/RequirePermission-1.js"];
    expect(await moduleHints(root, "/hms/frontdesk")).toEqual([...app, ...layout, ...frontDesk]);
    expect(await moduleHints(root, "/hms")).toEqual([...app, ...layout, ...frontDesk]);
    expect(await moduleHints(root, "/hms/reports")).toEqual([...app, ...layout]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
