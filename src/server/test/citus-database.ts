/**
 * Test databases on a Citus cluster (CITUS_URL: the coordinator, as an administrator). Citus keeps its
 * node list per database and refuses `CREATE DATABASE … TEMPLATE` for distributed ones, so each suite's
 * database is created on every node, given the extension and the cluster's workers, then migrated (and so
 * distributed) by the app itself, the way a new deployment is.
 */
import pg from "pg";
import { databaseUrl, runPidOf, TEST_DB_PREFIX } from "./database-names.js";

export const BACKENDS = ["pglite", "postgres", "citus"] as const;
export type Backend = (typeof BACKENDS)[number];

/**
 * Shards per distributed table in a test database. Citus's default, 32, is for production; with 4 a suite's
 * database is created in half the time, and each property still lives in one shard group.
 */
const TEST_SHARD_COUNT = 4;

type Node = { host: string; port: number };

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** `url` pointed at another node of the cluster (same user and password), database `database`. */
function nodeUrl(url: string, node: Node, database: string): string {
  const next = new URL(databaseUrl(url, database));
  next.hostname = node.host;
  next.port = String(node.port);
  return next.href;
}

function coordinatorOf(url: string): Node {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 5432) };
}

async function workersOf(url: string): Promise<Node[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ host: string; port: number }>(
      `select nodename as host, nodeport as port from pg_dist_node
       where groupid <> 0 and noderole = 'primary' and isactive order by nodeid`,
    );
    return rows;
  });
}

/** Fails with a clear message unless `url` is a Citus coordinator with at least one worker. */
export async function checkCitus(url: string): Promise<void> {
  const workers = await workersOf(url).catch((error: Error) => {
    throw new Error(`CITUS_URL ${url} is not a reachable Citus coordinator: ${error.message}`);
  });
  if (workers.length === 0) throw new Error(`CITUS_URL ${url}: the coordinator has no workers`);
}

/** A new, empty, distributed database on the cluster, named like every test database (with the run's pid). */
export async function createCitusDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new URL(adminUrl).pathname.slice(1) || "postgres";
  const coordinator = coordinatorOf(adminUrl);
  const workers = await workersOf(adminUrl);
  await Promise.all(
    [coordinator, ...workers].map(async (node) => {
      await withClient(nodeUrl(adminUrl, node, admin), (client) => client.query(`create database ${name}`));
      await withClient(nodeUrl(adminUrl, node, name), (client) => client.query("create extension citus"));
    }),
  );
  const url = nodeUrl(adminUrl, coordinator, name);
  await withClient(url, async (client) => {
    await client.query("select citus_set_coordinator_host($1, $2)", [coordinator.host, coordinator.port]);
    for (const worker of workers) {
      await client.query("select citus_add_node($1, $2)", [worker.host, worker.port]);
    }
    await client.query(`alter database ${name} set citus.shard_count = ${TEST_SHARD_COUNT}`);
  });
  return url;
}

/** Drops the database on every node of the cluster. */
export async function dropCitusDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new URL(adminUrl).pathname.slice(1) || "postgres";
  const nodes = [coordinatorOf(adminUrl), ...(await workersOf(adminUrl))];
  await Promise.all(
    nodes.map((node) =>
      withClient(nodeUrl(adminUrl, node, admin), (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      ),
    ),
  );
}

/** Drops the test databases whose run pid matches (left behind by crashed runs, or this run's at its end). */
export async function dropCitusDatabases(
  adminUrl: string,
  matches: (runPid: number) => boolean,
): Promise<void> {
  const names = await withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${TEST_DB_PREFIX}%`],
    );
    return rows.map((row) => row.datname);
  });
  for (const name of names) {
    const runPid = runPidOf(name);
    if (!Number.isInteger(runPid) || matches(runPid)) await dropCitusDatabase(adminUrl, name);
  }
}

/** How many databases the pool may hold: suites running at once never exceed it (2 cores: 1–2 workers). */
const POOL_SIZE = 8;

/**
 * A database for one suite, from the run's pool: creating and distributing one takes seconds on Citus (no
 * TEMPLATE), so a suite gets a pooled database emptied by TRUNCATE, or a new one when every pooled one is busy.
 * A database is the suite's alone while it holds the database's advisory lock on the coordinator
 * (session-level: released when `release` ends the connection, or when the test process dies).
 *
 * TRUNCATE empties the tables but keeps what a suite added to the schema (a test's fault-injecting trigger,
 * a function): `markClean` takes the schema's fingerprint once the database is migrated, and `release` drops
 * the database when the fingerprint has changed since, so the next suite gets a fresh one.
 */
export async function acquirePooledCitusDatabase(
  adminUrl: string,
  runPid: number,
): Promise<{ url: string; markClean(): Promise<void>; release(): Promise<void> }> {
  const holder = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await holder.connect();
  try {
    for (let slot = 0; slot < POOL_SIZE; slot++) {
      const name = `${TEST_DB_PREFIX}${runPid}_pool_${slot}`;
      const { rows } = await holder.query<{ locked: boolean }>(
        "select pg_try_advisory_lock(hashtext($1)) as locked",
        [name],
      );
      if (!rows[0]?.locked) continue;
      const exists = await holder.query("select 1 from pg_database where datname = $1", [name]);
      const url =
        exists.rows.length > 0
          ? nodeUrl(adminUrl, coordinatorOf(adminUrl), name)
          : await createCitusDatabase(adminUrl, name);
      if (exists.rows.length > 0) await emptyDatabase(url);
      let clean: string | undefined;
      return {
        url,
        async markClean() {
          clean = await schemaFingerprint(url);
        },
        async release() {
          try {
            if (clean === undefined || (await schemaFingerprint(url)) !== clean) {
              await dropCitusDatabase(adminUrl, name);
            }
          } finally {
            await holder.end();
          }
        },
      };
    }
  } catch (error) {
    await holder.end();
    throw error;
  }
  await holder.end();
  throw new Error(`all ${POOL_SIZE} pooled Citus test databases are busy`);
}

/** What the schema holds: its tables, functions (with their text) and triggers, as one hash. */
async function schemaFingerprint(url: string): Promise<string> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ fingerprint: string }>(
      `select md5(coalesce(string_agg(item, ',' order by item), '')) as fingerprint from (
         select 'r:' || relname || ':' || relkind::text from pg_class where relnamespace = 'public'::regnamespace
         union all
         select 'f:' || oid::regprocedure::text || ':' || md5(prosrc) from pg_proc
           where pronamespace = 'public'::regnamespace
         union all
         select 't:' || tgrelid::regclass::text || '.' || tgname || ':' || tgenabled::text from pg_trigger
           where not tgisinternal and tgrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)
       ) as s(item)`,
    );
    return rows[0]?.fingerprint ?? "";
  });
}

/** Empties every table of a migrated test database (the schema and its distribution stay). */
async function emptyDatabase(url: string): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ names: string | null }>(
      `select string_agg(format('%I', tablename), ', ') as names from pg_tables where schemaname = 'public'`,
    );
    if (rows[0]?.names) await client.query(`truncate ${rows[0].names} cascade`);
  });
}
