/**
 * The web app's page (index.html), served for every page URL. For a signed-in user opening /hms it adds
 * `<link rel="preload" as="fetch">` hints for the first requests the app will make, so the browser fetches
 * that data while it is still loading and running the JavaScript instead of one request after another
 * once the app is up. A hint the app ends up not using costs one wasted GET, never a wrong answer.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import { API_PATHS } from "../../domain/api-paths.js";
import { FRONT_DESK_DAYS } from "../../domain/constants.js";
import { todayIn } from "../../domain/dates.js";
import type { Db } from "../db/connect.js";
import { findOwnProperty } from "../modules/properties/service.js";
import { escapeHtml } from "./html.js";

/** The pages that open on the Front Desk grid. */
const FRONT_DESK_PAGE = /^\/hms(\/frontdesk)?\/?$/;

export async function preloadHints(db: Db, request: FastifyRequest, now = new Date()): Promise<string[]> {
  const pathname = request.url.split("?")[0] ?? "";
  if (!request.user || !/^\/hms(\/|$)/.test(pathname)) return [];
  const hints: string[] = [API_PATHS.session, API_PATHS.ownProperty];
  if (FRONT_DESK_PAGE.test(pathname)) {
    const own = await findOwnProperty(db, request.user.id);
    if (own) hints.push(API_PATHS.availability(own.id, todayIn(own.timeZone, now), FRONT_DESK_DAYS));
  }
  return hints;
}

export async function appShellHtml(db: Db, webRoot: string, request: FastifyRequest): Promise<string> {
  // Read on each request (it is small) so a rebuilt app is picked up like any other static file.
  const html = await fs.readFile(path.join(webRoot, "index.html"), "utf8");
  const links = (await preloadHints(db, request))
    .map((href) => `<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin>`)
    .join("");
  return links ? html.replace("</head>", `${links}</head>`) : html;
}
