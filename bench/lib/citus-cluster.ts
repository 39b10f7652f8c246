// The two databases of `npm run bench -- --citus`: a Citus coordinator (CITUS_URL, a cluster already on the
// kit's ports, or the kit's cluster started for the run) and a plain PostgreSQL server. Each run gets a fresh
// database on each, named innkeep_bench_…, dropped at the end; and, on Citus, the check that every property's
// rows sit on one worker.
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PROPERTY_TABLES } from "../../src/server/db/citus.js";
import { databaseUrl } from "../../src/server/test/database-names.js";

/** The kit's coordinator: `cluster.sh start` listens there (workers on the next ports). */
const KIT_COORDINATOR = "postgres://postgres@127.0.0.1:9700/postgres";
export const PLAIN_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres";

export async function query<R extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

const reachable = (url: string) =>
  query(url, "select 1").then(
    () => true,
    () => false,
  );

export type Coordinator = {
  adminUrl: string;
  /** How the report names where it came from. */
  source: "CITUS_URL" | "running kit cluster" | "kit cluster started by the bench";
  /** Stops the cluster if this run started it. */
  release(): void;
};

/**
 * CITUS_URL if set; else the kit's cluster if it already answers; else `cluster.sh start` (CITUS_KIT, default
 * ../shared/citus from the repository root), stopped again by `release`. Undefined when none can be had.
 */
export function findCoordinator(log: (message: string) => void): Promise<Coordinator | undefined> {
  return (async () => {
    const none = () => undefined;
    const env = process.env.CITUS_URL;
    if (env) {
      return (await reachable(env))
        ? { adminUrl: env, source: "CITUS_URL" as const, release: none }
        : undefined;
    }
    if (await reachable(KIT_COORDINATOR)) {
      return { adminUrl: KIT_COORDINATOR, source: "running kit cluster" as const, release: none };
    }
    const kit = process.env.CITUS_KIT ?? path.resolve("../shared/citus");
    const dir = path.join(os.tmpdir(), "innkeep-citus-cluster");
    log(`starting the Citus cluster (${path.join(kit, "cluster.sh")} start <tmpdir>/innkeep-citus-cluster)`);
    let out: string;
    try {
      out = execFileSync("bash", [path.join(kit, "cluster.sh"), "start", dir], { encoding: "utf8" });
    } catch (error) {
      log(`could not start the Citus cluster: ${(error as Error).message.split("\n")[0]}`);
      return undefined;
    }
    const adminUrl = out.trim().split("\n").at(-1) ?? "";
    if (!(await reachable(adminUrl))) return undefined;
    return {
      adminUrl,
      source: "kit cluster started by the bench" as const,
      release: () => {
        execFileSync("bash", [path.join(kit, "cluster.sh"), "stop", dir], { stdio: "ignore" });
      },
    };
  })();
}

export const plainAvailable = () => reachable(PLAIN_ADMIN);

export type Worker = { host: string; port: number };

export async function workersOf(adminUrl: string): Promise<Worker[]> {
  return query<Worker>(
    adminUrl,
    `select nodename as host, nodeport as port from pg_dist_node
      where groupid <> 0 and noderole = 'primary' and isactive order by nodeid`,
  );
}

export async function serverVersion(url: string): Promise<string> {
  const [row] = await query<{ v: string }>(
    url,
    "select split_part(current_setting('server_version'), ' ', 1) as v",
  );
  return row?.v ?? "unknown";
}

export async function citusVersion(url: string): Promise<string> {
  const [row] = await query<{ v: string }>(
    url,
    "select extversion as v from pg_extension where extname = 'citus'",
  );
  return row?.v ?? "unknown";
}

/**
 * A fresh plain database; commits do not wait for the WAL flush (`synchronous_commit = off`, for this
 * database only), as on the kit's cluster (fsync and synchronous_commit off), so both backends pay the same
 * for durability and the comparison is of distribution alone.
 */
export async function createPlainDatabase(name: string): Promise<string> {
  await query(PLAIN_ADMIN, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  await query(PLAIN_ADMIN, `create database ${pg.escapeIdentifier(name)}`);
  await query(PLAIN_ADMIN, `alter database ${pg.escapeIdentifier(name)} set synchronous_commit = off`);
  return databaseUrl(PLAIN_ADMIN, name);
}

export async function dropPlainDatabase(name: string): Promise<void> {
  await query(PLAIN_ADMIN, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
}

export type Placement = {
  /** Property tables checked per property (PROPERTY_TABLES). */
  tables: number;
  /** Properties per worker, as host:port. */
  perWorker: Record<string, number>;
  /** Properties whose tables' shards are on more than one node (must be none). */
  split: { pid: string; nodes: string[] }[];
};

/**
 * For every property and every table keyed by it (`properties` by `id`, the others by `property_id`), the
 * node holding the shard its rows hash to; a property is whole when all its tables map to one node.
 */
export async function checkPlacement(url: string, pids: string[]): Promise<Placement> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const perWorker: Record<string, number> = {};
  const split: Placement["split"] = [];
  try {
    for (const pid of pids) {
      const { rows } = await client.query<{ table: string; node: string }>(
        `select t.name as table, p.nodename || ':' || p.nodeport as node
           from unnest($1::text[]) as t(name)
           join pg_dist_shard_placement p
             on p.shardid = get_shard_id_for_distribution_column(t.name::regclass, $2::uuid)`,
        [PROPERTY_TABLES, pid],
      );
      const tables = new Set(rows.map((row) => row.table));
      const missing = PROPERTY_TABLES.filter((table) => !tables.has(table));
      if (missing.length > 0)
        throw new Error(`no shard placement for ${missing.join(", ")} (property ${pid})`);
      const nodes = [...new Set(rows.map((row) => row.node))];
      if (nodes.length === 1) perWorker[nodes[0] as string] = (perWorker[nodes[0] as string] ?? 0) + 1;
      else split.push({ pid, nodes });
    }
  } finally {
    await client.end();
  }
  return { tables: PROPERTY_TABLES.length, perWorker, split };
}
