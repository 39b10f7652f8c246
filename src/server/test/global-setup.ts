/**
 * Migrates each test database once and hands out clones (Immich-style): PostgreSQL via
 * `CREATE DATABASE … TEMPLATE`, PGlite via a dump of a migrated data directory. Citus refuses TEMPLATE for
 * distributed databases, so each suite's Citus database is made and migrated on its own (citus-database.ts).
 *
 * TEST_BACKENDS picks the backends (default `pglite,postgres`; `npm run test:citus` runs `citus`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../db/connect.js";
import { BACKENDS, type Backend, checkCitus, dropCitusDatabases } from "./citus-database.js";
import { databaseUrl, runPidOf, TEST_DB_PREFIX } from "./database-names.js";

export const templateDb = (runPid: number) => `${TEST_DB_PREFIX}${runPid}_template`;

declare module "vitest" {
  export interface ProvidedContext {
    /** The backends this run's suites are declared for. */
    backends: Backend[];
    citusUrl: string | null;
    pgliteTemplate: string;
    postgresUrl: string | null;
    postgresTemplate: string;
    runPid: number;
  }
}

export function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

async function preparePostgres(): Promise<string | null> {
  const admin = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    const message = `PostgreSQL is not reachable at ${adminUrl()} (${(error as Error).message})`;
    if (process.env.CI === "true") throw new Error(`${message}; CI requires it`);
    console.warn(`\n*** ${message}: PostgreSQL suites are SKIPPED ***\n`);
    return null;
  }
  try {
    await dropDatabases(admin, (pid) => !processAlive(pid));
    await admin.query(`create database "${templateDb(process.pid)}"`);
  } finally {
    await admin.end();
  }
  const template = await openPostgres(databaseUrl(adminUrl(), templateDb(process.pid)), { poolSize: 1 });
  await template.close();
  return adminUrl();
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Drops test databases whose run pid matches (left behind by crashed runs, or this run's at the end). */
async function dropDatabases(admin: pg.Client, matches: (runPid: number) => boolean): Promise<void> {
  const rows = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like $1",
    [`${TEST_DB_PREFIX}%`],
  );
  for (const { datname } of rows.rows) {
    const runPid = runPidOf(datname);
    if (!Number.isInteger(runPid) || matches(runPid)) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
  }
}

async function preparePglite(): Promise<string> {
  const database = await openPglite(undefined);
  const blob = await database.dump?.();
  await database.close();
  if (!blob) throw new Error("PGlite dump unavailable");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-test-")), "template.tar");
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  return file;
}

function requestedBackends(): Backend[] {
  const names = (process.env.TEST_BACKENDS ?? "pglite,postgres").split(",").map((name) => name.trim());
  const unknown = names.filter((name) => !(BACKENDS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`TEST_BACKENDS: unknown backend ${unknown.join(", ")}`);
  return names as Backend[];
}

async function prepareCitus(): Promise<string> {
  const url = process.env.CITUS_URL;
  if (!url)
    throw new Error("TEST_BACKENDS names citus: set CITUS_URL to a Citus coordinator (npm run test:citus)");
  await checkCitus(url);
  await dropCitusDatabases(url, (pid) => !processAlive(pid));
  return url;
}

export default async function setup(project: TestProject) {
  const requested = requestedBackends();
  // PGlite's template also serves the suites that test PGlite itself, whichever backends are asked for.
  const [pgliteTemplate, postgresUrl, citusUrl] = await Promise.all([
    preparePglite(),
    requested.includes("postgres") ? preparePostgres() : null,
    requested.includes("citus") ? prepareCitus() : null,
  ]);
  const available = requested.filter((backend) => backend !== "postgres" || postgresUrl);
  project.provide("backends", available);
  project.provide("citusUrl", citusUrl);
  project.provide("pgliteTemplate", pgliteTemplate);
  project.provide("postgresUrl", postgresUrl);
  project.provide("postgresTemplate", templateDb(process.pid));
  project.provide("runPid", process.pid);
  return async () => {
    fs.rmSync(path.dirname(pgliteTemplate), { recursive: true, force: true });
    if (citusUrl) await dropCitusDatabases(citusUrl, (pid) => pid === process.pid);
    if (!postgresUrl) return;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await dropDatabases(admin, (pid) => pid === process.pid).finally(() => admin.end());
  };
}
