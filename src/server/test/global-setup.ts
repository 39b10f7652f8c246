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

export const TEMPLATE_DB = "innkeep_test_template";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresUrl: string | null;
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
    // Clones of a previous run hold no connections now; drop them so the template can be rebuilt.
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'innkeep_test_%'",
    );
    for (const { datname } of stale.rows)
      await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.query(`create database "${TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }
  const template = await openPostgres(databaseUrl(adminUrl(), TEMPLATE_DB), { poolSize: 1 });
  await template.close();
  return adminUrl();
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
}
