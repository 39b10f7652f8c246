/**
 * Distribution on Citus (docs/scaling.md): run by the migrator after the SQL migrations, on every start,
 * and a no-op unless the database has the `citus` extension. Every property's rows live in one shard group:
 * `properties` is distributed by its id and every table keyed by `property_id` by that column, co-located
 * with it; the tables that belong to no property are reference tables (a copy on every node). Idempotent: a
 * table already distributed is left alone, so a new migration's table is distributed on the next start.
 *
 * This is the one place where Innkeep's SQL differs by backend; everything else in the schema is written so
 * that the same statements serve PGlite, PostgreSQL and Citus.
 */
import type pg from "pg";

/** Tables with no property: users and their sign-ins, copied to every node so that any shard can join them. */
export const REFERENCE_TABLES = ["users", "sessions"] as const;

/**
 * Property tables, in an order where each one's co-location target already exists. `properties` first,
 * distributed by its own id.
 */
export const PROPERTY_TABLES = [
  "properties",
  "property_members",
  "invitations",
  "room_types",
  "rooms",
  "rate_overrides",
  "rate_plans",
  "guests",
  "reservations",
  "room_nights",
  "room_blocks",
  "payments",
  "tax_rates",
  "products",
  "folio_charges",
  "invoices",
  "invoiced_lines",
  "invoice_counters",
  "day_closes",
  "activity",
  "api_tokens",
  "webhooks",
  "webhook_deliveries",
  "emails",
] as const;

/**
 * Tables distributed by another column, in a co-location group of their own: an idempotency key belongs to
 * whoever sent the request (a user or an API token), not to a property.
 */
export const OTHER_DISTRIBUTED_TABLES = { idempotency_keys: "principal" } as const;

/** Every table the schema has, as the distribution step knows it (a test compares it with the database). */
export const DISTRIBUTED_SCHEMA = [
  ...REFERENCE_TABLES,
  ...PROPERTY_TABLES,
  ...Object.keys(OTHER_DISTRIBUTED_TABLES),
];

/**
 * Functions called by the application with a property as their first argument: distributed by it, so a call
 * runs on the node that holds the property's shards, next to the rows it locks and writes.
 */
const PROPERTY_FUNCTIONS = ["innkeep_lock_room_inventory(uuid,uuid)"] as const;

/**
 * Functions with no property that shard-level SQL calls: the search fold (migration 0019) is in the
 * reservations' search index, so every worker building or using a shard of that index needs it. Distributed
 * without an argument: a copy on every node.
 */
export const SHARED_FUNCTIONS = ["innkeep_fold(text)"] as const;

type Client = Pick<pg.ClientBase, "query">;

export async function isCitus(client: Client): Promise<boolean> {
  const { rows } = await client.query("select 1 from pg_extension where extname = 'citus'");
  return rows.length > 0;
}

type ForeignKey = { table: string; name: string; definition: string };

/**
 * Distributes whatever is not distributed yet. Foreign keys are dropped first and put back after: Citus
 * refuses to distribute a table that a local table references, and every property table references
 * `properties`, which references `users`, so no order of the calls alone gets through.
 */
export async function distributeForCitus(client: Client): Promise<void> {
  if (!(await isCitus(client))) return;
  // For the database (every later session, later migrations too) and for this session:
  // - triggers on distributed tables run on the workers, next to the rows (no trigger here sends a NOTIFY or
  //   reads another property's rows);
  // - a transaction's SET LOCAL reaches the workers it uses, as the code expects (a claim's lock_timeout
  //   must apply where the row is locked: http/idempotency.ts).
  for (const setting of ["citus.enable_unsafe_triggers = on", "citus.propagate_set_commands = 'local'"]) {
    await client.query(
      `do $$ begin execute format('alter database %I set ${setting.replaceAll("'", "''")}', current_database()); end $$`,
    );
    await client.query(`set ${setting}`);
  }
  await distributeSharedFunctions(client);
  const { rows: done } = await client.query<{ name: string }>(
    "select logicalrelid::regclass::text as name from pg_dist_partition",
  );
  const distributed = new Set(done.map((row) => row.name));
  const pending = DISTRIBUTED_SCHEMA.filter((table) => !distributed.has(table));
  if (pending.length === 0) return;
  const { rows: keys } = await client.query<ForeignKey>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
     from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace
       and (conrelid::regclass::text = any($1) or confrelid::regclass::text = any($1))`,
    [pending],
  );
  for (const key of keys) {
    await client.query(`alter table ${ident(key.table)} drop constraint ${ident(key.name)}`);
  }
  for (const table of REFERENCE_TABLES) {
    if (!distributed.has(table)) await client.query("select create_reference_table($1)", [table]);
  }
  for (const table of PROPERTY_TABLES) {
    if (distributed.has(table)) continue;
    if (table === "properties") await client.query("select create_distributed_table('properties', 'id')");
    else {
      await client.query(
        "select create_distributed_table($1, 'property_id', colocate_with => 'properties')",
        [table],
      );
    }
  }
  for (const [table, column] of Object.entries(OTHER_DISTRIBUTED_TABLES)) {
    if (distributed.has(table)) continue;
    await client.query("select create_distributed_table($1, $2, colocate_with => 'none')", [table, column]);
  }
  for (const key of keys) {
    await client.query(`alter table ${ident(key.table)} add constraint ${ident(key.name)} ${key.definition}`);
  }
  // Functions, too, only once: create_distributed_function would re-distribute on every start.
  const { rows: functions } = await client.query<{ name: string }>(
    "select objid::regprocedure::text as name from pg_dist_object where classid = 'pg_proc'::regclass and distribution_argument_index is not null",
  );
  const delegated = new Set(functions.map((row) => row.name));
  for (const fn of PROPERTY_FUNCTIONS.filter((name) => !delegated.has(name))) {
    await client.query(
      "select create_distributed_function($1, '$1', colocate_with => 'properties', force_delegation => true)",
      [fn],
    );
  }
}

/**
 * Copies the shared functions to every node, once each, before any table (or a later migration's index on a
 * table already distributed) needs them there.
 */
async function distributeSharedFunctions(client: Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    "select objid::regprocedure::text as name from pg_dist_object where classid = 'pg_proc'::regclass",
  );
  const shared = new Set(rows.map((row) => row.name));
  for (const fn of SHARED_FUNCTIONS.filter((name) => !shared.has(name))) {
    await client.query("select create_distributed_function($1)", [fn]);
  }
}

function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
