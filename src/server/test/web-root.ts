/**
 * The app as production serves it: with a web app (stubs of index.html and the booking page's book.html) in
 * a directory of its own, on PGlite.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { App } from "../context.js";
import type { Database } from "../db/connect.js";
import { openTestDatabase, TEST_ADMIN } from "./harness.js";

/** The stub pages, so a test can tell which one the server answered. */
export const WEB_ROOT_PAGES = {
  index: "<!doctype html><title>Innkeep</title>",
  book: "<!doctype html><title>Book your stay</title>",
} as const;

export type WebRootApp = { app: App; database: Database; close(): Promise<void> };

/** Builds the app with a stub web app; `close` closes the app and the database and deletes the files. */
export async function buildAppWithWebRoot(): Promise<WebRootApp> {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-web-"));
  fs.writeFileSync(path.join(webRoot, "index.html"), WEB_ROOT_PAGES.index);
  fs.writeFileSync(path.join(webRoot, "book.html"), WEB_ROOT_PAGES.book);
  const database = await openTestDatabase("pglite");
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: "silent", ADMIN_EMAILS: TEST_ADMIN }),
    database,
    webRoot,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(webRoot, { recursive: true, force: true });
    },
  };
}
