/**
 * Migrates each test database once and hands out clones (Immich-style): PostgreSQL via
 * `CREATE DATABASE … TEMPLATE`, PGlite via a dump of a migrated data directory.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../db/connect.js";

// Names carry the pid of the test run, so concurrent runs never drop each other's databases.
export const TEST_DB_PREFIX = "innkeep_test_";
export const templateDb = (runPid: number) => `${TEST_DB_PREFIX}${runPid}_template`;

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresUrl: string | null;
    postgresTemplate: string;
    runPid: number;
  }
}

export function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.href;
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
    const runPid = Number(datname.slice(TEST_DB_PREFIX.length).split("_")[0]);
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

export default async function setup(project: TestProject) {
  const [pgliteTemplate, postgresUrl] = await Promise.all([preparePglite(), preparePostgres()]);
  project.provide("pgliteTemplate", pgliteTemplate);
  project.provide("postgresUrl", postgresUrl);
  project.provide("postgresTemplate", templateDb(process.pid));
  project.provide("runPid", process.pid);
  return async () => {
    fs.rmSync(path.dirname(pgliteTemplate), { recursive: true, force: true });
    if (!postgresUrl) return;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await dropDatabases(admin, (pid) => pid === process.pid).finally(() => admin.end());
  };
}
