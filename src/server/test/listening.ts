/** Starts the real app on an ephemeral loopback port (PUBLIC_URL must match for OIDC redirects). */
import net from "node:net";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { App } from "../context.js";
import type { Database } from "../db/connect.js";
import { type Backend, openTestDatabase, TEST_ADMIN } from "./harness.js";

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
): Promise<ListeningApp> {
  const port = await freePort();
  const db = database ?? (await openTestDatabase(backend));
  const config = loadConfig({ PORT: String(port), LOG_LEVEL: "silent", ADMIN_EMAILS: TEST_ADMIN, ...env });
  const app = await buildApp({ config, database: db, webRoot: null });
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
