/**
 * Serves the built web app: its files, the booking engine's page (book.html) for its paths (`/book/:code`,
 * `/book/manage/:token`, decision 043), and for every other GET outside the API the app page (the app's
 * router shows the screen, or sends unknown paths to "/"). Anything under /api, /auth or /dev-idp that no
 * route matched is our JSON 404, never a file lookup.
 */
import fs from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { bookingPageOf } from "../../domain/booking-pages.js";
import { AppError } from "../../domain/errors.js";
import type { Db } from "../db/connect.js";
import { appShellHtml } from "./app-shell.js";
import { errorBody } from "./errors.js";

const API_PATH = /^\/(api|auth|dev-idp)(\/|$|\?)/;

/** Paths the file server should look up: not the API's, and not ones with empty segments ("//"). */
function isFilePath(url: string): boolean {
  const pathname = url.split("?")[0] ?? "";
  return !API_PATH.test(pathname) && !pathname.includes("//");
}

export async function registerWebApp(app: FastifyInstance, db: Db, root: string | null): Promise<void> {
  if (root) {
    await app.register(async (files) => {
      // The file server refuses paths it cannot map (such as "//") with a 403 before any other check;
      // those are simply not files.
      files.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
        if (!isFilePath(request.url)) {
          reply.callNotFound();
          return reply;
        }
      });
      await files.register(fastifyStatic, {
        root,
        // The build manifest is for the server (app-shell.ts), not for browsers.
        allowedPath: (pathName) => !pathName.startsWith("/.vite/"),
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== "GET" || API_PATH.test(request.url) || !root) {
      return reply.status(404).send(errorBody(new AppError("not_found", "Not found")));
    }
    if (bookingPageOf(request.url.split("?")[0] ?? "")) {
      // The same page for every guest (it asks the public API for everything), read on each request like
      // index.html so a rebuilt page is picked up.
      return fs
        .readFile(path.join(root, "book.html"), "utf8")
        .then((html) => reply.header("cache-control", "no-cache").type("text/html").send(html));
    }
    // The page depends on who asks (see appShellHtml), so no shared cache may keep one user's copy.
    return appShellHtml(db, root, request).then((html) =>
      reply
        .header("cache-control", "no-cache, private")
        .header("vary", "cookie")
        .type("text/html")
        .send(html),
    );
  });
}
