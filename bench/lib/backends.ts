// The two databases the server runs on. Each bench run starts from an empty one: a fresh PGlite directory,
// or a freshly created PostgreSQL database. `open` uses the project's own openPglite / openPostgres, so the
// seeder sees exactly the migrated schema the server uses.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../../src/server/db/connect.js";
import { packageVersion } from "./machine.js";

/** What a backend is made from: enough to make it again in another process. */
export type BackendSpec =
  | { kind: "pglite"; port: number; name?: string }
  | { kind: "postgres"; port: number; url: string };

export type Backend = {
  name: "PGlite" | "PostgreSQL";
  spec: BackendSpec;
  port: number;
  /** The server's environment for this database. */
  env: Record<string, string>;
  /** How the report names the database (never a machine path). */
  describe: string;
  /** False when the database server cannot be reached (its figures are skipped). */
  available(): Promise<boolean>;
  open(fresh: boolean): Promise<Database>;
  version(): Promise<string>;
  cleanup(): Promise<void>;
};

/** `name` tells apart several bench databases of one kind (the largest hotel has its own). */
export function pgliteBackend(port: number, name = `innkeep-bench-${port}`): Backend {
  const dataDir = path.join(os.tmpdir(), name);
  return {
    name: "PGlite",
    spec: { kind: "pglite", port, name },
    port,
    env: { DATA_DIR: dataDir },
    // Described by its place in the temp directory, so the report names no machine path.
    describe: `DATA_DIR=<tmpdir>/${name}`,
    available: async () => true,
    async open(fresh) {
      if (fresh) fs.rmSync(dataDir, { recursive: true, force: true });
      return openPglite(dataDir);
    },
    version: async () => `PGlite ${packageVersion("@electric-sql/pglite")}`,
    async cleanup() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function postgresBackend(port: number, url: string): Backend {
  const admin = new URL(url);
  const dbName = admin.pathname.slice(1);
  admin.pathname = "/postgres";
  const adminQuery = async <Row extends pg.QueryResultRow>(text: string) => {
    const client = new pg.Client({ connectionString: admin.href });
    await client.connect();
    try {
      return await client.query<Row>(text);
    } finally {
      await client.end();
    }
  };
  return {
    name: "PostgreSQL",
    spec: { kind: "postgres", port, url },
    port,
    env: { DATABASE_URL: url },
    describe: `DATABASE_URL=${url}`,
    async available() {
      return adminQuery("select 1").then(
        () => true,
        () => false,
      );
    },
    async open(fresh) {
      if (fresh) {
        await adminQuery(`drop database if exists ${pg.escapeIdentifier(dbName)} with (force)`);
        await adminQuery(`create database ${pg.escapeIdentifier(dbName)}`);
      }
      return openPostgres(url, { poolSize: 1 });
    },
    async version() {
      const { rows } = await adminQuery<{ server_version: string }>("show server_version");
      return rows[0]?.server_version.replace(/ .*/, "") ?? "unknown";
    },
    async cleanup() {
      await adminQuery(`drop database if exists ${pg.escapeIdentifier(dbName)} with (force)`);
    },
  };
}

export const backendOf = (spec: BackendSpec): Backend =>
  spec.kind === "pglite" ? pgliteBackend(spec.port, spec.name) : postgresBackend(spec.port, spec.url);

export type Row = Record<string, unknown>;
/** SQL on the database's driver, below Drizzle: the same call on PGlite and on a pg Pool. */
export type Exec = <R extends Row = Row>(text: string, params?: unknown[]) => Promise<{ rows: R[] }>;

/** Runs SQL on the driver under the project's Drizzle instance (PGlite or a pg Pool). */
export function execOf(database: Database): Exec {
  const client = (database.db as unknown as { $client: { query(text: string, params?: unknown[]): unknown } })
    .$client;
  return (text, params) => client.query(text, params) as never;
}
