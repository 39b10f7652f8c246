/**
 * Real database faults for tests: a throwaway PostgreSQL cluster to stop under the app or damage (its own
 * data directory in a temporary folder, its own loopback port and socket folder, never the shared server),
 * and damaged pages in a data file, PostgreSQL's or PGlite's. When the tests run as root (containers),
 * PostgreSQL refuses to, so its programs run as the `postgres` user.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPglite } from "../db/connect.js";
import { freePort } from "./listening.js";

const run = promisify(execFile);

/** Where Debian/Ubuntu put PostgreSQL 15's programs; PG_BIN overrides it. */
export const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export function clusterAvailable(): boolean {
  return fs.existsSync(path.join(PG_BIN, "initdb")) && fs.existsSync(path.join(PG_BIN, "pg_ctl"));
}

function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  const [, , uid, gid] = line?.split(":") ?? [];
  if (!uid || !gid) throw new Error("running as root, and there is no postgres user to run PostgreSQL as");
  return { uid: Number(uid), gid: Number(gid) };
}

export type Cluster = {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  dataDir: string;
  start(): Promise<void>;
  /** `fast` ends sessions (they get 57P01), as a restart or failover does. */
  stop(): Promise<void>;
  /** The file holding a relation's main fork (resolved while running; read or damaged while stopped). */
  relationFile(database: string, relation: string): Promise<string>;
  /** Stops the cluster if running and deletes its files. */
  destroy(): Promise<void>;
};

export async function createCluster(): Promise<Cluster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "innkeep-pg-"));
  const dataDir = path.join(root, "data");
  const socketDir = path.join(root, "socket");
  fs.mkdirSync(dataDir, { mode: 0o700 });
  fs.mkdirSync(socketDir);
  const user = runAs();
  if (user) for (const dir of [root, dataDir, socketDir]) fs.chownSync(dir, user.uid, user.gid);
  const options = { ...(user ?? {}), env: { ...process.env, LC_ALL: "C.UTF-8" } };
  const port = await freePort();
  const logFile = path.join(root, "postgres.log");
  await run(
    path.join(PG_BIN, "initdb"),
    ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"],
    options,
  );
  let running = false;
  const pgCtl = (args: string[]) => run(path.join(PG_BIN, "pg_ctl"), ["-D", dataDir, ...args], options);
  const cluster: Cluster = {
    dataDir,
    url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      // Small, and not durable: the tests damage files on purpose and never need a crash to be survived.
      const settings = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c shared_buffers=16MB -c fsync=off`;
      await pgCtl(["-w", "-t", "60", "-l", logFile, "-o", settings, "start"]);
      running = true;
    },
    async stop() {
      await pgCtl(["-w", "-t", "60", "-m", "fast", "stop"]);
      running = false;
    },
    async relationFile(database, relation) {
      const client = new pg.Client({ connectionString: cluster.url(database) });
      await client.connect();
      try {
        const result = await client.query<{ file: string }>("select pg_relation_filepath($1) as file", [
          relation,
        ]);
        const file = result.rows[0]?.file;
        if (!file) throw new Error(`no file for ${relation}`);
        return path.join(dataDir, file);
      } finally {
        await client.end();
      }
    },
    async destroy() {
      if (running) await cluster.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  return cluster;
}

/** Creates `name` in the cluster (empty; the app's migrations fill it when it is opened). */
export async function createClusterDatabase(cluster: Cluster, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  return cluster.url(name);
}

/** Starts `cluster` and creates an empty database `name` in it (createClusterDatabase); answers its URL. */
export async function startWithDatabase(cluster: Cluster, name: string): Promise<string> {
  await cluster.start();
  return createClusterDatabase(cluster, name);
}

/** PostgreSQL's page size (BLCKSZ), as the Debian packages build it. */
const PAGE_SIZE = 8192;

/**
 * Overwrites the header of page `block` of `file` (PostgreSQL must be stopped), so that reading the page
 * fails PostgreSQL's page verification: XX001 "invalid page in block N", with or without data checksums.
 * A B-tree's block 0 is its metapage, which planning reads; its block 1 is a leaf only a scan reads.
 */
export function damagePage(file: string, block = 0): void {
  const fd = fs.openSync(file, "r+");
  try {
    if (fs.fstatSync(fd).size < (block + 1) * PAGE_SIZE) throw new Error(`${file} has no block ${block}`);
    fs.writeSync(fd, Buffer.alloc(24, 0xff), 0, 24, block * PAGE_SIZE);
  } finally {
    fs.closeSync(fd);
  }
}

/** Damages page 0 of `relation` in a PGlite data directory, which no one else may have open. */
export async function damagePglitePage(dataDir: string, relation: string): Promise<void> {
  const probe = await openPglite(dataDir);
  let file: string | undefined;
  try {
    const located = (await probe.db.execute(
      sql`select pg_relation_filepath(${relation}) as file`,
    )) as unknown as {
      rows: { file: string }[];
    };
    file = located.rows[0]?.file;
  } finally {
    await probe.close();
  }
  if (!file) throw new Error(`no file for ${relation}`);
  damagePage(path.join(dataDir, "pglite", file));
}
