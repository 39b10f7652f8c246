/**
 * Test harness: a fresh, migrated database per suite on each backend, the app built on it, and signed-in
 * users without going through a browser (sessions are created the way /auth/callback creates them).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { type BuildOptions, buildApp } from "../app.js";
import { createSession, SESSION_COOKIE, upsertUser } from "../auth/sessions.js";
import { type Config, loadConfig } from "../config.js";
import type { App } from "../context.js";
import { type Database, openPglite, openPostgres } from "../db/connect.js";
import { loggerOptions } from "../http/logging.js";
import {
  acquirePooledCitusDatabase,
  type Backend,
  createCitusDatabase,
  dropCitusDatabase,
} from "./citus-database.js";
import { databaseUrl, TEST_DB_PREFIX } from "./database-names.js";
// The values the global setup provides (its `declare module "vitest"`), for builds that see only this file.
import type {} from "./global-setup.js";

export type { Backend } from "./citus-database.js";

export const TEST_ISSUER = "https://issuer.test";
export const TEST_ADMIN = "admin@example.com";

/**
 * A fresh, migrated PostgreSQL database (a clone of the run's template) that several servers can open by
 * URL; `empty`: one with no schema at all (for a migration's own test). Named with the run's pid, so the
 * global teardown drops it even if a test crashes.
 */
export async function createPostgresDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = inject("postgresUrl");
  if (!base) throw new Error("PostgreSQL is not available");
  const name = testDatabaseName();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const template = options.empty ? "template0" : inject("postgresTemplate");
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(base, name),
    async drop() {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`).finally(() => cleanup.end());
    },
  };
}

function testDatabaseName(): string {
  return `${TEST_DB_PREFIX}${inject("runPid")}_${randomUUID().replaceAll("-", "")}`;
}

/** An emptied database of the run's Citus pool (citus-database.ts), the suite's own until it is closed. */
async function openPooledCitusDatabase(): Promise<Database> {
  const base = inject("citusUrl");
  if (!base) throw new Error("Citus is not available");
  const pooled = await acquirePooledCitusDatabase(base, inject("runPid"));
  let database: Database;
  try {
    database = await openPostgres(pooled.url, { poolSize: 20 });
    await pooled.markClean();
  } catch (error) {
    await pooled.release();
    throw error;
  }
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      await pooled.release();
    },
  };
}

/**
 * A fresh database on a database server that several servers can open by URL: a migrated PostgreSQL clone,
 * or an empty distributed Citus database (the first server to open it migrates and distributes it).
 */
export async function createServerDatabase(
  backend: Exclude<Backend, "pglite">,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (backend === "postgres") return createPostgresDatabase();
  const base = inject("citusUrl");
  if (!base) throw new Error("Citus is not available");
  const name = testDatabaseName();
  return { url: await createCitusDatabase(base, name), drop: () => dropCitusDatabase(base, name) };
}

export async function openTestDatabase(backend: Backend): Promise<Database> {
  if (backend === "pglite") {
    const tar = fs.readFileSync(inject("pgliteTemplate"));
    return openPglite(undefined, { loadDataDir: new Blob([tar]) });
  }
  if (backend === "citus") return openPooledCitusDatabase();
  const clone = await createServerDatabase(backend);
  const database = await openPostgres(clone.url, { poolSize: 20 });
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      await clone.drop();
    },
  };
}

/** The backends this run declares its suites for (TEST_BACKENDS, less PostgreSQL when it is unreachable). */
export function backends(): Backend[] {
  return inject("backends");
}

export type TestUser = { id: string; email: string; cookie: string };

export type TestContext = {
  backend: Backend;
  app: App;
  database: Database;
  config: Config;
  signIn(email?: string, options?: { displayName?: string; emailVerified?: boolean }): Promise<TestUser>;
  /** JSON request as a signed-in user (or anonymous when `as` is omitted). */
  request(
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    options?: { as?: TestUser; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** The user's own property id (created on first call). */
  propertyOf(user: TestUser): Promise<string>;
  /** Sets the server's clock (an ISO instant), or back to the real one with null. */
  setNow(instant: string | null): void;
};

/**
 * The instant test servers start at: before every date the suites book, so "not before today" holds for
 * them; a test that needs another day sets it with `setNow`.
 */
export const TEST_NOW = "2029-01-01T12:00:00Z";

/** What a suite may set of the app beyond its environment: the webhook and mail workers' timing. */
export type TestAppOptions = Pick<BuildOptions, "webhooks" | "mailer">;

export async function createTestContext(
  backend: Backend,
  env: Record<string, string> = {},
  options: TestAppOptions & { database?: Database } = {},
): Promise<TestContext> {
  const database = options.database ?? (await openTestDatabase(backend));
  const config = loadConfig({ LOG_LEVEL: "silent", ADMIN_EMAILS: TEST_ADMIN, ...env });
  let current: Date | null = new Date(TEST_NOW);
  // TEST_LOG_LEVEL=error (or another level) shows the server's log while debugging a suite.
  const level = process.env.TEST_LOG_LEVEL;
  const app = await buildApp({
    config,
    database,
    ...(level ? { logger: loggerOptions(level) } : {}),
    webRoot: null,
    now: () => current ?? new Date(),
    webhooks: options.webhooks,
    mailer: options.mailer,
  });
  await app.ready();
  const context: TestContext = {
    backend,
    app,
    database,
    config,
    async signIn(email = `user-${randomUUID().slice(0, 8)}@example.com`, options = {}) {
      const id = await upsertUser(database.db, {
        issuer: TEST_ISSUER,
        subject: email,
        email,
        emailVerified: options.emailVerified ?? true,
        displayName: options.displayName ?? null,
      });
      const token = await createSession(database.db, id, config.sessionTtlMs);
      return { id, email, cookie: `${SESSION_COOKIE}=${token}` };
    },
    request(method, url, options = {}) {
      // As a browser at PUBLIC_URL would (the server answers only for its own host name).
      const headers: Record<string, string> = { host: new URL(config.publicUrl).host, ...options.headers };
      if (options.as) headers.cookie = options.as.cookie;
      if (options.body !== undefined) headers["content-type"] ??= "application/json";
      return app.inject({
        method,
        url,
        headers,
        ...(options.body !== undefined
          ? { payload: typeof options.body === "string" ? options.body : JSON.stringify(options.body) }
          : {}),
      });
    },
    setNow(instant) {
      current = instant === null ? null : new Date(instant);
    },
    async propertyOf(user) {
      const response = await context.request("GET", "/api/property", { as: user });
      if (response.statusCode !== 200)
        throw new Error(`GET /api/property: ${response.statusCode} ${response.body}`);
      return response.json().id;
    },
  };
  return context;
}

/**
 * Registers a fresh database and app for the enclosing suite (created before its tests, closed after) and
 * returns the accessor its tests use.
 */
export function useTestContext(
  backend: Backend,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): () => TestContext {
  let context: TestContext | undefined;
  beforeAll(async () => {
    context = await createTestContext(backend, env, options);
  });
  afterAll(async () => {
    await context?.app.close();
    await context?.database.close();
  });
  return () => {
    if (!context) throw new Error("test context not ready");
    return context;
  };
}

/** Declares the suite once per available backend, with a fresh database and app for each. */
export function describeBackends(
  name: string,
  body: (ctx: () => TestContext) => void,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): void {
  for (const backend of backends()) {
    describe(`${name} [${backend}]`, () => body(useTestContext(backend, env, options)));
  }
}
