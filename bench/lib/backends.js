// The two databases the server runs on. Each bench run starts from an empty one: a fresh PGlite directory,
// or a freshly created PostgreSQL database. `open` uses the project's own openPglite / openPostgres, so the
// seeder sees exactly the migrated schema the server uses.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const connect = () => import(path.resolve("dist/server/db/connect.js"));

export function pgliteBackend(port) {
  const dataDir = path.join(os.tmpdir(), `innkeep-bench-${port}`);
  return {
    name: "PGlite",
    port,
    env: { DATA_DIR: dataDir },
    // Described by its place in the temp directory, so the report names no machine path.
    describe: `DATA_DIR=<tmpdir>/innkeep-bench-${port}`,
    async open(fresh) {
      if (fresh) fs.rmSync(dataDir, { recursive: true, force: true });
      return (await connect()).openPglite(dataDir);
    },
    async version() {
      return `PGlite ${JSON.parse(fs.readFileSync("node_modules/@electric-sql/pglite/package.json", "utf8")).version}`;
    },
    async cleanup() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function postgresBackend(port, url) {
  const admin = new URL(url);
  const dbName = admin.pathname.slice(1);
  admin.pathname = "/postgres";
  const adminQuery = async (text) => {
    const client = new pg.Client({ connectionString: admin.href });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  return {
    name: "PostgreSQL",
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
      return (await connect()).openPostgres(url, { poolSize: 1 });
    },
    async version() {
      return (await adminQuery("show server_version")).rows[0].server_version.replace(/ .*/, "");
    },
    async cleanup() {
      await adminQuery(`drop database if exists ${pg.escapeIdentifier(dbName)} with (force)`);
    },
  };
}

/** Runs SQL on the driver under the project's Drizzle instance (PGlite or a pg Pool). */
export const execOf = (database) => (text, params) => database.db.$client.query(text, params);
