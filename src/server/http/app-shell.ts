/**
 * The web app's page (index.html), served for every page URL. For a signed-in user opening /hms it adds
 * `<link rel="preload" as="fetch">` hints for the first requests the app will make, so the browser fetches
 * that data while it is still loading and running the JavaScript instead of one request after another
 * once the app is up. Likewise `<link rel="modulepreload">` for the /hms app chunk and its route chunks,
 * which the entry and then the router would otherwise request one after another (decision 016: the entry
 * alone is the landing page). A hint the app ends up not using costs one wasted GET, never a wrong answer.
 * Pages outside /hms get no hints, so the landing page loads nothing of the /hms app.
 *
 * The page also says which event its first property had reached when it was served (decision 023): every
 * answer the page then reads is at least that recent, so the app opens its live stream from that event and
 * is sent whatever it might have missed, instead of reading everything again once the stream is open.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import { API_PATHS } from "../../domain/api-paths.js";
import { EVENTS_AFTER_META, FRONT_DESK_DAYS } from "../../domain/constants.js";
import { todayIn } from "../../domain/dates.js";
import { can } from "../../domain/permissions.js";
import type { Db } from "../db/connect.js";
import { listMemberProperties } from "../modules/properties/index.js";
import { escapeHtml } from "./html.js";

/** The pages that open on the Front Desk grid. */
const FRONT_DESK_PAGE = /^\/hms(\/frontdesk)?\/?$/;
const HMS_PAGE = /^\/hms(\/|$)/;

/** Source modules (keys of Vite's build manifest): the /hms app (router, query client), its layout, Front Desk. */
const APP_MODULE = "App.tsx";
const LAYOUT_MODULE = "layout/HmsLayout.tsx";
const FRONT_DESK_MODULE = "screens/frontdesk/FrontDeskScreen.tsx";
/** Loaded beside every role-gated screen (App.tsx `gated`), Front Desk included. */
const PERMISSION_MODULE = "components/RequirePermission.tsx";
const ENTRY = "index.html";

type ManifestChunk = { file: string; imports?: string[] };

/** The first property's latest event when the page was served; its live stream starts after it. */
export type EventsAfter = { propertyId: string; seq: number };
export type PreloadHints = { urls: string[]; eventsAfter: EventsAfter | null };

/** The URLs a signed-in user's /hms page (`pathname`) will fetch first, and where its live stream starts. */
export async function preloadHints(
  db: Db,
  userId: string,
  pathname: string,
  now = new Date(),
): Promise<PreloadHints> {
  const urls: string[] = [API_PATHS.session, API_PATHS.ownProperty];
  // The first property is the one the app opens unless the user picked another on this browser.
  const [first] = await listMemberProperties(db, userId);
  if (!first) return { urls, eventsAfter: null };
  const { id, timeZone, eventSeq } = first.property;
  if (FRONT_DESK_PAGE.test(pathname) && can(first.role, "stays")) {
    urls.push(API_PATHS.availability(id, todayIn(timeZone, now), FRONT_DESK_DAYS));
  }
  return { urls, eventsAfter: { propertyId: id, seq: eventSeq } };
}

/**
 * The JavaScript files the /hms app, its layout and, on Front Desk pages, its screen need beyond what the
 * page already loads (the entry chunk and its imports), from the build manifest. No manifest, no hints.
 */
export async function moduleHints(webRoot: string, pathname: string): Promise<string[]> {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(webRoot, ".vite/manifest.json"), "utf8"));
  } catch {
    return [];
  }
  const loaded = new Set<string>();
  const needed = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, into);
  };
  visit(ENTRY, loaded);
  visit(APP_MODULE, needed);
  visit(LAYOUT_MODULE, needed);
  if (FRONT_DESK_PAGE.test(pathname)) {
    visit(FRONT_DESK_MODULE, needed);
    visit(PERMISSION_MODULE, needed);
  }
  return [...needed].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
}

export async function appShellHtml(db: Db, webRoot: string, request: FastifyRequest): Promise<string> {
  // Read on each request (it is small) so a rebuilt app is picked up like any other static file.
  const html = await fs.readFile(path.join(webRoot, "index.html"), "utf8");
  const pathname = request.url.split("?")[0] ?? "";
  // Only a signed-in user's /hms pages go on to fetch data and route code; the others stay static.
  if (!request.user || !HMS_PAGE.test(pathname)) return html;
  // Hints only speed things up: if they cannot be worked out (the database is down), serve the page without.
  const data = await preloadHints(db, request.user.id, pathname).catch((error: unknown): PreloadHints => {
    request.log.warn({ err: error }, "preload hints skipped");
    return { urls: [], eventsAfter: null };
  });
  const modules = await moduleHints(webRoot, pathname);
  const after = data.eventsAfter;
  const links = [
    ...(after
      ? [`<meta name="${EVENTS_AFTER_META}" content="${escapeHtml(`${after.propertyId} ${after.seq}`)}">`]
      : []),
    ...data.urls.map((href) => `<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin>`),
    ...modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
  ].join("");
  return html.replace("</head>", `${links}</head>`);
}
