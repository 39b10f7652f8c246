/**
 * The distribution step (db/citus.ts) knows every table, so a table a migration adds is distributed with its
 * property's rows (or said not to belong to one); on Citus, every property's rows share one shard group.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeBackends } from "../test/harness.js";
import { DISTRIBUTED_SCHEMA, OTHER_DISTRIBUTED_TABLES, PROPERTY_TABLES, REFERENCE_TABLES } from "./citus.js";
import { queryRows } from "./rows.js";

describe("the distribution plan", () => {
  it("names each table once", () => {
    expect(new Set(DISTRIBUTED_SCHEMA).size).toBe(DISTRIBUTED_SCHEMA.length);
  });
});

describeBackends("the distribution plan against the migrated database", (ctx) => {
  it("covers exactly the tables the migrations create", async () => {
    const rows = await queryRows<{ name: string }>(
      ctx().database.db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    );
    expect(rows.map((row) => row.name)).toEqual([...DISTRIBUTED_SCHEMA].sort());
  });

  it("on Citus: distributes each table as planned, every property table in the properties' group", async () => {
    if (ctx().backend !== "citus") return;
    const rows = await queryRows<{ name: string; method: string; column: string | null; group: number }>(
      ctx().database.db,
      sql`select logicalrelid::regclass::text as name, partmethod as method,
            column_to_column_name(logicalrelid, partkey) as column, colocationid as group
          from pg_dist_partition`,
    );
    const table = (name: string) => rows.find((row) => row.name === name);
    for (const name of REFERENCE_TABLES) expect(table(name)?.method, name).toBe("n");
    const group = table("properties")?.group;
    expect(table("properties")).toMatchObject({ method: "h", column: "id" });
    for (const name of PROPERTY_TABLES.filter((name) => name !== "properties")) {
      expect(table(name), name).toMatchObject({ method: "h", column: "property_id", group });
    }
    for (const [name, column] of Object.entries(OTHER_DISTRIBUTED_TABLES)) {
      expect(table(name), name).toMatchObject({ method: "h", column });
      expect(table(name)?.group).not.toBe(group);
    }
  });

  it("on Citus: keeps a property's rows, and the calls that lock them, on one worker", async () => {
    if (ctx().backend !== "citus") return;
    const owner = await ctx().signIn();
    const pid = await ctx().propertyOf(owner);
    const nodes = await queryRows<{ node: string }>(
      ctx().database.db,
      sql`select distinct p.nodename || ':' || p.nodeport as node
          from unnest(${`{${PROPERTY_TABLES.join(",")}}`}::text[]) as t(name)
          join pg_dist_shard_placement p
            on p.shardid = get_shard_id_for_distribution_column(t.name::regclass, ${pid}::uuid)`,
    );
    expect(nodes).toHaveLength(1);
    const functions = await queryRows<{ name: string; argument: number; group: number }>(
      ctx().database.db,
      sql`select objid::regprocedure::text as name, distribution_argument_index as argument,
            colocationid as group
          from pg_dist_object where classid = 'pg_proc'::regclass and distribution_argument_index is not null`,
    );
    expect(functions).toEqual([
      expect.objectContaining({ name: "innkeep_lock_room_inventory(uuid,uuid)", argument: 0 }),
    ]);
    // Called as the app calls it (parameters), its locks are taken on the property's worker, where the
    // triggers of the property's writes take the same ones.
    const lockNodes = await ctx().database.db.transaction(async (tx) => {
      await tx.execute(sql`select innkeep_lock_room_inventory(${pid}::uuid, ${pid}::uuid)`);
      return queryRows<{ node: string }>(
        tx as never,
        sql`select distinct n.nodename || ':' || n.nodeport as node from citus_locks l
            join pg_dist_node n on n.nodeid = l.nodeid
            where l.locktype = 'advisory' and l.classid in (1785, 1787) and l.global_pid = citus_backend_gpid()`,
      );
    });
    expect(lockNodes).toEqual(nodes);
  });
});
