/** Starts the real app on an ephemeral loopback port (PUBLIC_URL must match for OIDC redirects). */
import net from "node:net";
import { afterAll, beforeAll } from "vitest";
import { type BuildOptions, buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { App } from "../context.js";
import type { Database } from "../db/connect.js";
import {
  type Backend,
  createTestContext,
  openTestDatabase,
  TEST_ADMIN,
  type TestContext,
} from "./harness.js";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export type ListeningApp = { app: App; database: Database; baseUrl: string; close(): Promise<void> };

export async function startListening(
  backend: Backend,
  env: Record<string, string> = {},
  database?: Database,
  options: Pick<BuildOptions, "webhooks" | "dayCloses" | "now"> = {},
): Promise<ListeningApp> {
  const port = await freePort();
  const db = database ?? (await openTestDatabase(backend));
  const config = loadConfig({ PORT: String(port), LOG_LEVEL: "silent", ADMIN_EMAILS: TEST_ADMIN, ...env });
  const app = await buildApp({ config, database: db, webRoot: null, ...options });
  await app.listen({ port, host: "127.0.0.1" });
  return {
    app,
    database: db,
    baseUrl: config.publicUrl,
    async close() {
      await app.close();
      if (!database) await db.close();
    },
  };
}

/**
 * For one describe block: a test context and the app listening on its database (a second instance on the
 * same database), both closed after the block. Read `ctx` and `server` inside the tests.
 */
export function listeningTestContext(backend: Backend): {
  readonly ctx: TestContext;
  readonly server: ListeningApp;
} {
  const state = {} as { ctx: TestContext; server: ListeningApp };
  beforeAll(async () => {
    state.ctx = await createTestContext(backend);
    state.server = await startListening(backend, {}, state.ctx.database);
  });
  afterAll(async () => {
    await state.server?.close();
    await state.ctx?.app.close();
    await state.ctx?.database.close();
  });
  return state;
}
